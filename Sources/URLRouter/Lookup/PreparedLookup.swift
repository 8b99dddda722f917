/// A lookup between steps 3 and 4 (see ``CompiledTable``): the request as the table prepared it
/// (length checked, rewritten, scanned or normalized, request checks passed), lent for one call.
/// The one state of a lookup from there: the matcher reads its ``request`` and writes the winner
/// into its ``resolution``, both in place (it is lent the whole state, `inout`), and the answer
/// reads both where they are.
///
/// A table's own lookups match it once and answer (`CompiledTable+Answer.swift`). The handler
/// router, a layer above the core, may first drop its first segment and match shorter runs of its
/// segments before it answers.
@_spi(HandlerRouter) public struct PreparedLookup: ~Copyable {
    /// What the matcher is asked: the segments (in comparison form), the scheme, the method, the
    /// variants, the host, and the room for the winner's captures.
    var request: MatchRequest
    /// What steps 1 to 3 found besides, and, once matched, step 4.
    var resolution: Resolution
    /// Whether the lookup charges its user regexes' work to ``budget``.
    let charging: Bool
    /// What the lookup's user regexes may still cost.
    var budget: WorkBudget

    /// A scanned request: its segments, ranges of `bytes` (the URL, or its decoded segments),
    /// and what `resolution` found of its URL.
    init(
        bytes: UnsafeBufferPointer<UInt8>, segments: RangeBuffer, segmentRun: Range<Int>?,
        scheme: UnsafeBufferPointer<UInt8>?, method: MethodFilter, variants: UnsafeBufferPointer<String>,
        captureRoom: RangeBuffer, resolution: consuming Resolution, charging: Bool, budget: WorkBudget
    ) {
        request = MatchRequest(
            bytes: bytes, segments: segments, segmentRun: segmentRun, scheme: scheme, method: method,
            variants: variants, captureRoom: captureRoom)
        self.resolution = resolution
        self.charging = charging
        self.budget = budget
    }

    /// A URL the scan took: its segments are ranges of `bytes`, or, when its path held escapes,
    /// `decoded`: their comparison forms in `storage` (room the lookup lends), one after another,
    /// each after a `/` (``RequestURL/decodeSegments(of:_:into:ranges:)``), and each written where
    /// the scan found it.
    init(
        scanned bytes: UnsafeBufferPointer<UInt8>, _ scan: borrowing PlainScan,
        decoded: (storage: UnsafeBufferPointer<UInt8>, segments: RangeBuffer)? = nil, method: MethodFilter,
        variants: UnsafeBufferPointer<String>, captureRoom: RangeBuffer, charging: Bool, budget: WorkBudget
    ) {
        let scheme = scan.scheme.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
        let resolution = Resolution(bytes: bytes, scan: scan)
        guard let (storage, segments) = decoded else {
            self.init(
                bytes: bytes, segments: scan.segments, segmentRun: scan.segmentRun, scheme: scheme, method: method,
                variants: variants, captureRoom: captureRoom, resolution: resolution, charging: charging,
                budget: budget)
            return
        }
        self.init(
            bytes: storage, segments: segments,
            segmentRun: segments.isEmpty ? nil : segments[0].lowerBound..<segments[segments.count - 1].upperBound,
            scheme: scheme, method: method, variants: variants, captureRoom: captureRoom, resolution: resolution,
            charging: charging, budget: budget)
        self.resolution.writtenSegments = UnsafePointer(scan.segments.base)
    }

    /// A lookup that ended before its URL was scanned: nothing to match.
    init(miss reason: MissReason, detail: String) {
        request = MatchRequest()
        resolution = Resolution(miss: reason, detail: detail)
        charging = false
        budget = WorkBudget()
    }
}

extension PreparedLookup {
    // `segmentCount`, `reason` and `firstSegment` are read in place (`mutating get`): a layer
    // holds the lookup `inout`, and a getter that borrowed it from another module would be handed
    // a copy of the whole state, made before each call (Benchmarks/instructions, router).

    /// The number of segments the request has.
    public var segmentCount: Int {
        mutating get { request.segments.count }
    }

    /// Why the last match found no winner, `nil` when it found one; for a lookup that ended
    /// before matching, why it ended.
    public var reason: MissReason? {
        mutating get { resolution.reason }
        set { resolution.reason = newValue }
    }

    /// The first segment in comparison form (escapes decoded but `%2F` and `%25`), `nil` when the
    /// request has no segment or was not scanned.
    public var firstSegment: Substring? {
        mutating get {
            guard resolution.scanned, !request.segments.isEmpty else { return nil }
            return Substring(decoding: request.segmentBytes(0), as: UTF8.self)
        }
    }

    /// Drops the first segment: the request is matched, and its path reported, without it.
    public mutating func dropFirstSegment() {
        guard resolution.scanned, !request.segments.isEmpty else { return }
        request.segments = request.segments.droppingFirst()
        request.segmentCount = request.segments.count
        resolution.writtenSegments = resolution.writtenSegments.map { $0 + 1 }
        if let run = request.segmentRun {
            request.segmentRun = request.segments.first.map { $0.lowerBound..<run.upperBound }
        }
        resolution.request?.removeFirstSegment()
    }

    /// Charges `steps` to the lookup's work budget: `false` when they do not fit, and the budget is
    /// then spent.
    public mutating func charge(_ steps: Int) -> Bool {
        budget.charge(steps)
    }

    /// Whether the routed URL's path ends in `/` after at least one segment (SEMANTICS.md
    /// section 12), as the lookup counts its segments.
    var hasTrailingSlash: Bool {
        RequestURL.hasTrailingSlash(resolution.bytes, segmentCount: request.segments.count, tail: resolution.tail)
    }

    /// The routed URL as written with its trailing slash removed, or one added when it has none:
    /// where a `redirect` miss sends the client. Text a layer inserted (``RoutedURL``) is left
    /// out: the flip is at the end of the path, after it.
    var flippedTrailingSlashURL: String {
        let bytes = resolution.bytes
        let end = resolution.tail.pathEnd(count: bytes.count)
        var flipped = Array(bytes[..<end])
        if hasTrailingSlash { flipped.removeLast() } else { flipped.append(UInt8(ascii: "/")) }
        flipped += bytes[end...]
        for inserted in (resolution.layered?.insertions ?? []).reversed() { flipped.removeSubrange(inserted) }
        return String(decoding: flipped, as: UTF8.self)
    }

    /// The scheme as a string.
    var schemeString: String? { request.scheme.map { String(decoding: $0, as: UTF8.self) } }

    /// The normalized URL as a ``RequestURL`` (for a miss's report), `nil` when the URL was not
    /// scanned; `decoded` is what the lookup decoded
    /// (``Resolution/extras(storage:segmentCount:written:)``).
    func requestURL(_ routedURL: String, decodePlus: Bool, decoded: RequestURL.Extras?) -> RequestURL? {
        if let request = resolution.request { return request }
        guard resolution.scanned else { return nil }
        return RequestURL(
            url: routedURL, segmentRanges: request.segments.rangeList,
            scheme: schemeString, decodePlus: decodePlus,
            hostSpan: resolution.hostSpan, tail: resolution.tail, extras: decoded)
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
    /// The winner's captured values, as ranges of the request's bytes.
    var captures = RangeBuffer()
    /// When a segment was decoded (the request's bytes are not ``bytes``): where each of the
    /// request's segments is written in ``bytes``, by the same index (as many ranges, in storage
    /// lent likewise).
    var writtenSegments: UnsafePointer<Range<Int>>?
    /// What most lookups lack, in one box: a plain lookup then copies and destroys one `nil`.
    var rare: Rare?
    /// The winner's index in precedence order, when ``reason`` is `nil`.
    var routeIndex = -1
    /// The host, as offsets into ``bytes``, or `(-1, -1)`.
    var hostSpan = RequestURL.absent
    /// Where the query and the fragment are in ``bytes``.
    var tail = URLTail.absent
    /// Whether the URL was scanned (a miss before that has no segments).
    var scanned = false
    /// Why there is no winner; `nil` when there is one.
    var reason: MissReason? = .noMatch
    /// The segments the winner's catch-all took, as indices into the request's segments.
    var catchAll: Range<Int>?

    /// The rarely present parts of a resolution.
    final class Rare {
        var detail: String?
        var rewrittenURL: String?
        var request: RequestURL?
        var allowedMethods: [String] = []
        var location: String?
        /// The URL a layer routed in place of the routed one, when it did.
        var layered: RoutedURL?
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

    /// The URL a layer routed in place of the routed one (``RoutedURL``): what the spans and the
    /// bytes are of.
    var layered: RoutedURL? {
        get { rare?.layered }
        set { rareForWriting.layered = newValue }
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

    /// A miss found before the URL was scanned.
    init(miss reason: MissReason, detail: String) {
        bytes = UnsafeBufferPointer(start: nil, count: 0)
        self.reason = reason
        self.detail = detail
    }

    /// A URL the scan took: its parts' spans (its segments are the request's).
    @inline(__always)
    init(bytes: UnsafeBufferPointer<UInt8>, scan: borrowing PlainScan) {
        self.bytes = bytes
        self.scanned = true
        self.hostSpan = scan.hostSpan
        self.tail = scan.tail
    }

    /// A URL the full normalization took (its segments are the request's), and, when it decoded
    /// them, where each is written, kept in `written`.
    init(bytes: UnsafeBufferPointer<UInt8>, request: RequestURL, written: RangeBuffer) {
        self.bytes = bytes
        self.scanned = true
        if let writtenRanges = request.extras?.writtenSegmentRanges {
            var written = written
            for range in writtenRanges { written.append(range) }
            self.writtenSegments = UnsafePointer(written.base)
        }
        self.hostSpan = request.hostSpan
        self.tail = request.tail
        self.request = request
    }

    /// Writes the winner a matcher found: its route and where its captures and catch-all are. Its
    /// ``reason`` is the pipeline's to set (`nil` for a match, something else for a probe's).
    mutating func setWinner(_ routeIndex: Int, captures: RangeBuffer, catchAll: Range<Int>?) {
        self.routeIndex = routeIndex
        self.captures = captures
        self.catchAll = catchAll
    }

    /// What an owning match or miss keeps of segments a lookup decoded in its room (the request's
    /// bytes, ``writtenSegments``): the decoded storage as a string and where each segment is written;
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
}

@available(*, unavailable, message: "a Resolution lends bytes for one call")
extension Resolution: Sendable {}
