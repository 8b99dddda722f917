/// A lookup between steps 3 and 4 (see ``CompiledTable``): the request as the table prepared it
/// (length checked, rewritten, scanned or normalized, request checks passed), and what the match
/// needs, lent for one call.
///
/// A table's own lookups match it once and answer (`CompiledTable+Answer.swift`). The handler
/// router, a layer above the core, may first drop its first segment and match shorter runs of its
/// segments before it answers.
package struct PreparedLookup: ~Copyable {
    /// What steps 1 to 3 found, and, once matched, step 4.
    var resolution: Resolution
    /// The request's method, as the table compares it.
    let method: MethodFilter
    /// The acceptable variants, in preference order.
    let variants: UnsafeBufferPointer<String>
    /// The room the matcher writes the winner's captures to.
    let captureRoom: RangeBuffer
    /// Whether the lookup charges its user regexes' work to ``budget``.
    let charging: Bool
    /// What the lookup's user regexes may still cost.
    var budget: WorkBudget

    init(
        resolution: consuming Resolution, method: MethodFilter, variants: UnsafeBufferPointer<String>,
        captureRoom: RangeBuffer, charging: Bool, budget: WorkBudget = WorkBudget()
    ) {
        self.resolution = resolution
        self.method = method
        self.variants = variants
        self.captureRoom = captureRoom
        self.charging = charging
        self.budget = budget
    }

    /// A lookup that ended before its URL was scanned: nothing to match.
    init(miss reason: MissReason, detail: String) {
        self.init(
            resolution: Resolution(miss: reason, detail: detail), method: .any,
            variants: UnsafeBufferPointer(start: nil, count: 0), captureRoom: RangeBuffer(), charging: false)
    }
}

extension PreparedLookup {
    /// What the matcher is asked: the prepared request's segments, method and variants, the
    /// lookup's `host` (empty: none), and, in a table that marks them (`marksTrailingSlash`),
    /// whether its path has a trailing slash.
    func matchRequest(marksTrailingSlash: Bool, host: UnsafeBufferPointer<UInt8>) -> MatchRequest {
        MatchRequest(
            bytes: resolution.storage, segments: resolution.segments, segmentRun: resolution.segmentRun,
            scheme: resolution.scheme, method: method, variants: variants, captureRoom: captureRoom,
            trailingSlash: marksTrailingSlash && resolution.hasTrailingSlash, host: host)
    }

    /// The number of segments the request has.
    package var segmentCount: Int { resolution.segments.count }

    /// Why the last match found no winner, `nil` when it found one; for a lookup that ended
    /// before matching, why it ended.
    package var reason: MissReason? {
        get { resolution.reason }
        set { resolution.reason = newValue }
    }

    /// The first segment in comparison form (escapes decoded but `%2F` and `%25`), `nil` when the
    /// request has no segment or was not scanned.
    package var firstSegment: Substring? {
        guard resolution.scanned, let first = resolution.segments.first else { return nil }
        return Substring(decoding: UnsafeBufferPointer(rebasing: resolution.storage[first]), as: UTF8.self)
    }

    /// Drops the first segment: the request is matched, and its path reported, without it.
    package mutating func dropFirstSegment() {
        guard resolution.scanned, !resolution.segments.isEmpty else { return }
        resolution.segments = resolution.segments.droppingFirst()
        resolution.writtenSegments = resolution.writtenSegments.map { $0 + 1 }
        if let run = resolution.segmentRun {
            resolution.segmentRun = resolution.segments.first.map { $0.lowerBound..<run.upperBound }
        }
        resolution.request?.removeFirstSegment()
    }

    /// Charges `steps` to the lookup's work budget: `false` when they do not fit, and the budget is
    /// then spent.
    package mutating func charge(_ steps: Int) -> Bool {
        budget.charge(steps)
    }
}

@available(*, unavailable, message: "a PreparedLookup lends bytes for one call")
extension PreparedLookup: Sendable {}

/// What steps 1 to 4 of a lookup found (see ``CompiledTable``), lent to the caller for one call.
///
/// The byte buffers point into the URL (or its rewritten or decoded form) and are valid only
/// during the call that lends the resolution; nothing here is reference counted on the path of
/// a plain URL; it is never copied (it is lent by `borrowing`).
struct Resolution: ~Copyable {
    // The fields are in an order that leaves little padding: a resolution is moved once a lookup,
    // and a larger one is moved by a call to `memcpy` (Benchmarks/instructions).

    /// The routed URL's bytes (the URL, or the rewritten URL): what the spans are offsets into.
    var bytes: UnsafeBufferPointer<UInt8>
    /// The bytes holding the segments' comparison forms: ``bytes`` unless a segment was decoded.
    var storage: UnsafeBufferPointer<UInt8>
    /// The segments, as ranges of ``storage``.
    var segments = RangeBuffer()
    /// The winner's captured values, as ranges of ``storage``.
    var captures = RangeBuffer()
    /// When a segment was decoded (``storage`` is not ``bytes``): where each of ``segments`` is
    /// written in ``bytes``, by the same index (as many ranges, in storage lent likewise).
    var writtenSegments: UnsafePointer<Range<Int>>?
    /// What most lookups lack, in one box: a plain lookup then copies and destroys one `nil`.
    var rare: Rare?
    /// The winner's index in precedence order, when ``reason`` is `nil`.
    var routeIndex = -1
    /// The host, query and fragment, as offsets into ``bytes``, or `(-1, -1)`.
    var hostSpan = RequestURL.absent
    var querySpan = RequestURL.absent
    var fragmentSpan = RequestURL.absent
    /// When the segments are one `/`-separated run of ``storage``, that run.
    var segmentRun: Range<Int>?
    /// Whether the URL was scanned (a miss before that has no segments).
    var scanned = false
    /// Whether ``scheme`` is the table's default scheme (the URL has none).
    var schemeIsDefault = false
    /// Why there is no winner; `nil` when there is one.
    var reason: MissReason? = .noMatch
    /// The segments the winner's catch-all took, as indices into ``segments``.
    var catchAll: Range<Int>?
    /// The lower-cased scheme, or the default scheme (lent, like the bytes).
    var scheme: UnsafeBufferPointer<UInt8>?

    /// The rarely present parts of a resolution.
    final class Rare {
        var detail: String?
        var rewrittenURL: String?
        var request: RequestURL?
        var allowedMethods: [String] = []
        var location: String?
        /// The lookup's host (``LookupHost``), when it has one.
        var host: String?
    }

    /// The box, made on first write.
    private var rareForWriting: Rare {
        mutating get {
            if let rare { return rare }
            let made = Rare()
            rare = made
            return made
        }
    }

    /// More about a miss (which part of a URL is malformed).
    var detail: String? {
        get { rare?.detail }
        set { rareForWriting.detail = newValue }
    }
    /// The URL after rewriting, when a rule applied.
    var rewrittenURL: String? {
        get { rare?.rewrittenURL }
        set { if newValue != nil || rare != nil { rareForWriting.rewrittenURL = newValue } }
    }
    /// The full normalization, when the URL needed one (escapes).
    var request: RequestURL? {
        get { rare?.request }
        set { rareForWriting.request = newValue }
    }
    /// For `methodNotAllowed`: the methods that would have answered, sorted.
    var allowedMethods: [String] {
        get { rare?.allowedMethods ?? [] }
        set { rareForWriting.allowedMethods = newValue }
    }
    /// For a `redirect`: the URL to send the client to.
    var location: String? {
        get { rare?.location }
        set { rareForWriting.location = newValue }
    }

    /// The lookup's host, when it has one: given, or in a table of host routes the URL's own.
    var lookupHost: String? {
        get { rare?.host }
        set { rareForWriting.host = newValue }
    }

    /// The URL's own host, as a lookup compares it (``LookupHost/normalized(urlHost:)``).
    var urlHost: String? {
        let host =
            request?.host
            ?? RequestURL.range(hostSpan).map {
                Substring(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
            }
        return host.flatMap(LookupHost.normalized(urlHost:))
    }

    /// The public reason of the miss, `nil` for a match.
    var missReason: RouteMiss.Reason? { reason.map { $0.reason(location: location) } }

    /// Whether the routed URL's path ends in `/` after at least one segment (SEMANTICS.md
    /// section 12), as the lookup counts its segments.
    var hasTrailingSlash: Bool {
        RequestURL.hasTrailingSlash(
            bytes, segmentCount: segments.count, querySpan: querySpan, fragmentSpan: fragmentSpan)
    }

    /// The routed URL as written with its trailing slash removed, or one added when it has none:
    /// where a `redirect` miss sends the client.
    var flippedTrailingSlashURL: String {
        let end = RequestURL.pathEnd(bytes.count, querySpan: querySpan, fragmentSpan: fragmentSpan)
        var flipped = Array(bytes[..<end])
        if hasTrailingSlash { flipped.removeLast() } else { flipped.append(UInt8(ascii: "/")) }
        flipped += bytes[end...]
        return String(decoding: flipped, as: UTF8.self)
    }

    /// A miss found before the URL was scanned.
    init(miss reason: MissReason, detail: String) {
        bytes = UnsafeBufferPointer(start: nil, count: 0)
        storage = bytes
        self.reason = reason
        self.detail = detail
    }

    /// A URL the fast scan took: its segments are ranges of its own bytes.
    @inline(__always)
    init(bytes: UnsafeBufferPointer<UInt8>, scan: PlainScan, defaultScheme: UnsafeBufferPointer<UInt8>?) {
        self.bytes = bytes
        self.storage = bytes
        self.scanned = true
        self.segments = scan.segments
        self.segmentRun = scan.segmentRun
        if let range = scan.scheme {
            self.scheme = UnsafeBufferPointer(rebasing: bytes[range])
        } else {
            self.scheme = defaultScheme
            self.schemeIsDefault = true
        }
        self.hostSpan = scan.hostSpan
        self.querySpan = scan.querySpan
        self.fragmentSpan = scan.fragmentSpan
    }

    /// A URL whose path held escapes, which the lookup decoded: the scan's parts, with its
    /// segments in comparison form in `storage` (room the lookup lends) at `segments`, each written
    /// where the scan found it.
    init(bytes: UnsafeBufferPointer<UInt8>, scan: PlainScan, storage: UnsafeBufferPointer<UInt8>, segments: RangeBuffer)
    {
        self.init(bytes: bytes, scan: scan, defaultScheme: nil)
        self.storage = storage
        self.writtenSegments = UnsafePointer(scan.segments.base)
        self.segments = segments
        // The decoded segments follow one another, each after a `/` (``CompiledTable/decodeSegments``).
        self.segmentRun = segments.isEmpty ? nil : segments[0].lowerBound..<segments[segments.count - 1].upperBound
    }

    /// A URL the full normalization took: its segments are copied to `segments` (and, when it
    /// decoded them, where each is written to `written`), its scheme lent from the request.
    init(
        bytes: UnsafeBufferPointer<UInt8>, storage: UnsafeBufferPointer<UInt8>, request: RequestURL,
        segments: RangeBuffer, written: RangeBuffer, scheme: UnsafeBufferPointer<UInt8>?
    ) {
        self.bytes = bytes
        self.storage = storage
        self.scanned = true
        self.segments = segments
        for range in request.segmentRanges { self.segments.append(range) }
        if let writtenRanges = request.extras?.writtenSegmentRanges {
            var written = written
            for range in writtenRanges { written.append(range) }
            self.writtenSegments = UnsafePointer(written.base)
        }
        self.scheme = scheme
        self.hostSpan = request.hostSpan
        self.querySpan = request.querySpan
        self.fragmentSpan = request.fragmentSpan
        self.request = request
    }

    /// Takes `raw` as the winner.
    mutating func record(_ raw: RawMatch) {
        routeIndex = raw.routeIndex
        captures = raw.captures
        catchAll = raw.catchAll
        reason = nil
    }

    /// The scheme as a string: `defaultScheme` when the URL has none.
    func schemeString(defaultScheme: String?) -> String? {
        if schemeIsDefault { return defaultScheme }
        return scheme.map { String(decoding: $0, as: UTF8.self) }
    }

    /// What an owning match or miss keeps of segments a lookup decoded in its room (``storage``,
    /// ``writtenSegments``): the decoded storage as a string and where each segment is written;
    /// `nil` when `written` is (the segments are the URL's own bytes; the full normalization's
    /// are its ``RequestURL``'s). Read from the resolution's fields by the caller: a method on the
    /// resolution would have the owning lookup copy it first (Benchmarks/instructions).
    static func extras(storage: UnsafeBufferPointer<UInt8>, segmentCount: Int, written: UnsafePointer<Range<Int>>?)
        -> RequestURL.Extras?
    {
        guard let written else { return nil }
        return RequestURL.Extras(
            decoded: String(copyingUTF8: storage),
            writtenSegmentRanges: RangeList(UnsafeBufferPointer(start: written, count: segmentCount)), decodedHost: nil)
    }

    /// The normalized URL as a ``RequestURL`` (for a miss's report), `nil` when the URL was not
    /// scanned; `decoded` is ``extras(storage:segmentCount:written:)`` of this resolution, which
    /// the caller reads (see there).
    func requestURL(_ routedURL: String, decodePlus: Bool, defaultScheme: String?, decoded: RequestURL.Extras?)
        -> RequestURL?
    {
        if let request { return request }
        guard scanned else { return nil }
        return RequestURL(
            url: routedURL, segmentRanges: segments.rangeList, scheme: schemeString(defaultScheme: defaultScheme),
            decodePlus: decodePlus, hostSpan: hostSpan, querySpan: querySpan, fragmentSpan: fragmentSpan,
            extras: decoded)
    }
}

@available(*, unavailable, message: "a Resolution lends bytes for one call")
extension Resolution: Sendable {}
