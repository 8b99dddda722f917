/// What steps 1 to 4 of a lookup found (see ``CompiledTable``), lent to the caller for one call.
///
/// The byte buffers point into the URL (or its rewritten or decoded form) and are valid only
/// during the call that lends the resolution; nothing here is reference counted on the path of
/// a plain URL; it is never copied (it is lent by `borrowing`).
struct Resolution: ~Copyable {
    /// The routed URL's bytes (the URL, or the rewritten URL): what the spans are offsets into.
    var bytes: UnsafeBufferPointer<UInt8>
    /// The bytes holding the segments' comparison forms: ``bytes`` unless a segment was decoded.
    var storage: UnsafeBufferPointer<UInt8>
    /// The segments, as ranges of ``storage``.
    var segments = RangeBuffer()
    /// When the segments are one `/`-separated run of ``storage``, that run.
    var segmentRun: Range<Int>?
    /// The lower-cased scheme, or the default scheme (lent, like the bytes).
    var scheme: UnsafeBufferPointer<UInt8>?
    /// Whether ``scheme`` is the table's default scheme (the URL has none).
    var schemeIsDefault = false
    /// The host, query and fragment, as offsets into ``bytes``, or `(-1, -1)`.
    var hostSpan = RequestURL.absent
    var querySpan = RequestURL.absent
    var fragmentSpan = RequestURL.absent
    /// The winner's index in precedence order, when ``reason`` is `nil`.
    var routeIndex = -1
    /// The winner's captured values, as ranges of ``storage``.
    var captures = RangeBuffer()
    /// The segments the winner's catch-all took, as indices into ``segments``.
    var catchAll: Range<Int>?
    /// Why there is no winner; `nil` when there is one.
    var reason: RouteMiss.Reason? = .noMatch
    /// What most lookups lack, in one box: a plain lookup then copies and destroys one `nil`.
    var rare: Rare?

    /// The rarely present parts of a resolution.
    final class Rare {
        var detail: String?
        var rewrittenURL: String?
        var request: RequestURL?
        var allowedMethods: [String] = []
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
    /// Whether the URL was scanned (a miss before that has no segments).
    var scanned = false

    /// A miss found before the URL was scanned.
    init(miss reason: RouteMiss.Reason, detail: String) {
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

    /// A URL the full normalization took: its segments are copied to `segments`, its scheme lent
    /// from the request.
    init(
        bytes: UnsafeBufferPointer<UInt8>, storage: UnsafeBufferPointer<UInt8>, request: RequestURL,
        segments: RangeBuffer, scheme: UnsafeBufferPointer<UInt8>?
    ) {
        self.bytes = bytes
        self.storage = storage
        self.scanned = true
        self.segments = segments
        for range in request.segmentRanges { self.segments.append(range) }
        self.scheme = scheme
        self.hostSpan = request.hostSpan
        self.querySpan = request.querySpan
        self.fragmentSpan = request.fragmentSpan
        self.request = request
    }

    /// Takes `raw` as the winner.
    @inline(__always)
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

    /// The normalized URL as a ``RequestURL`` (for a miss's report), `nil` when the URL was not scanned.
    func requestURL(_ routedURL: String, decodePlus: Bool, defaultScheme: String?) -> RequestURL? {
        if let request { return request }
        guard scanned else { return nil }
        return RequestURL(
            url: routedURL, segmentRanges: segments.rangeList, scheme: schemeString(defaultScheme: defaultScheme),
            decodePlus: decodePlus, hostSpan: hostSpan, querySpan: querySpan, fragmentSpan: fragmentSpan, extras: nil)
    }
}

@available(*, unavailable, message: "a Resolution lends bytes for one call")
extension Resolution: Sendable {}
