extension RouteTable {
    /// The answer of a borrowed lookup (``RouteTable/withMatch(method:url:variants:_:)``), valid
    /// only during the call that lends it: noncopyable, so that it cannot leave that call.
    public enum Lookup: ~Copyable {
        /// A route matched.
        case match(BorrowedMatch)
        /// No route answers, and why; for ``RouteMiss/Reason/methodNotAllowed``, the methods that
        /// would have answered, sorted (`HEAD` wherever `GET` is there), for an `Allow` header.
        case miss(RouteMiss.Reason, allowedMethods: [String])
    }

    /// A match read in place: the winning route's value, its route and parameters, all read
    /// through pointers into the table and the URL, with nothing allocated or retained until a
    /// caller asks for a `String` (or copies a value that is a reference).
    ///
    /// Valid only during the call that lends it, and noncopyable, so that it cannot leave that
    /// call: `withMatch`'s result is copyable, so `{ $0 }` or a closure returning the match does
    /// not compile. The body copies what it keeps: ``URLText/string``, or ``value``. (It is not
    /// `~Escapable`: in Swift 6.3 a type of one's own built from pointers and returned with a
    /// lifetime needs the experimental `Lifetimes` feature, which a library may not ask its users
    /// for.)
    public struct BorrowedMatch: ~Copyable {
        /// The view, on the lookup's stack: a match is two pointers, so handing it on copies
        /// two words rather than the view.
        @usableFromInline let view: UnsafePointer<MatchView>
        @usableFromInline let valuePointer: UnsafePointer<Value>

        @usableFromInline
        init(view: UnsafePointer<MatchView>, value: UnsafePointer<Value>) {
            self.view = view
            self.valuePointer = value
        }

        /// The value the winning route stores.
        // The members below are not inlinable: inlined into another module they save next to
        // nothing (Benchmarks/instructions). `value`, generic, is read in place.
        @inlinable public var value: Value { valuePointer.pointee }

        /// The winning route's pattern, as written.
        public var pattern: String { view.pattern }

        /// The winning route's name, when it has one.
        public var name: String? { view.name }

        /// The number of captured path parameters (in-segment captures included), in pattern order.
        public var parameterCount: Int { view.parameterCount }

        /// The path parameter at `index` (pattern order), in comparison form: escapes decoded
        /// except `%2F` and `%25` (``URLText/string`` decodes those too).
        public func parameter(at index: Int) -> URLText { view.parameter(at: index) }

        /// The path parameter called `name`, else the host pattern's (SEMANTICS.md section 11),
        /// or `nil` when the route has none of that name.
        public func parameter(_ name: String) -> URLText? { view.parameter(name) }

        /// The host the lookup routed on (given, or the URL's own in a table with host routes;
        /// lower-cased, without port or trailing `.`), or `nil` when it had none.
        public var host: URLText? { view.host }

        /// The name of the path parameter at `index`.
        public func parameterName(at index: Int) -> String { view.parameterName(at: index) }

        /// The number of segments the catch-all (`**`) took, or `nil` for a route without one.
        public var catchAllSegmentCount: Int? { view.catchAllSegmentCount }

        /// The segment at `index` of those the catch-all took, in comparison form.
        public func catchAllSegment(at index: Int) -> URLText { view.catchAllSegment(at: index) }

        /// The segments the catch-all took, decoded and joined by `/` (a new string), or `nil`
        /// for a route without one.
        var catchall: String? { view.catchall }

        /// The value of the last query item called `name` (the name compared decoded), as written
        /// in the URL; `nil` when the query has no such item.
        public func queryValue(_ name: String) -> URLText? { view.queryValue(name) }
    }
}

@available(*, unavailable, message: "a borrowed match lends pointers for one call")
extension RouteTable.BorrowedMatch: Sendable {}

extension RouteTable.Lookup {
    /// The answer without its value, as the lookup made it (a trial compares two).
    @usableFromInline var resolved: ResolvedLookup {
        switch self {
        case .match(let match): .match(match.view)
        case .miss(let reason, let allowedMethods): .miss(reason, allowedMethods: allowedMethods)
        }
    }
}

// The integrations' reads of a borrowed match: parameters as written (Hummingbird's router and
// the OpenAPI transports decode them themselves), and the names of the host's and catch-all's.
@_spi(Tools) extension RouteTable.BorrowedMatch {
    /// The path parameter at `index` (pattern order) as written in the routed URL, escapes and
    /// all: what Hummingbird's router stores, and what an OpenAPI transport hands the generated
    /// code, which decodes each value once. ``URLText/string`` decodes it fully. For the
    /// integrations.
    public func rawParameter(at index: Int) -> URLText { view.rawParameter(at: index) }

    /// The names of the host pattern's parameters, in order (read with ``parameter(_:)``).
    public var hostParameterNames: [String] { view.registrationHostNames }

    /// The name of a `{*name}` catch-all, whose segments are also that parameter.
    public var catchAllName: String? { view.catchAllName }

    /// The segment at `index` of those the catch-all took, as written in the routed URL.
    public func rawCatchAllSegment(at index: Int) -> URLText { view.rawCatchAllSegment(at: index) }
}

@available(*, unavailable, message: "a borrowed lookup lends pointers for one call")
extension RouteTable.Lookup: Sendable {}

/// What a borrowed match reads, whatever the table's value type: pointers into the table's
/// storage and the URL, and the ranges the lookup found (see ``RouteTable/BorrowedMatch``, which
/// adds the value). Non-generic, so the lookup that fills it is compiled once.
///
/// Valid only during the call that lends it.
@usableFromInline
struct MatchView {
    /// The winner's handle: its index in the table's values and registrations.
    @usableFromInline let handle: Int
    /// The winner's registration (never `nil` for a handle a lookup answers).
    let registration: UnsafePointer<RouteRegistration?>
    /// The winner's parameter names, as spans of ``nameBytes``.
    let names: UnsafeBufferPointer<(Int32, Int32)>
    let nameBytes: UnsafePointer<UInt8>
    let decodePlus: Bool
    /// The lookup, in place: its request and what it found.
    let lookup: UnsafePointer<PreparedLookup>

    init(
        handle: Int, registration: UnsafePointer<RouteRegistration?>, names: UnsafeBufferPointer<(Int32, Int32)>,
        nameBytes: UnsafePointer<UInt8>, lookup: UnsafePointer<PreparedLookup>, decodePlus: Bool
    ) {
        self.handle = handle
        self.registration = registration
        self.names = names
        self.nameBytes = nameBytes
        self.lookup = lookup
        self.decodePlus = decodePlus
    }

    /// The routed URL's bytes.
    var bytes: UnsafeBufferPointer<UInt8> { lookup.pointee.resolution.bytes }
    /// The bytes holding the segments' comparison forms.
    var storage: UnsafeBufferPointer<UInt8> { lookup.pointee.request.bytes }
    var segments: RangeBuffer { lookup.pointee.request.segments }
    var captures: RangeBuffer { lookup.pointee.resolution.captures }
    var catchAllRange: Range<Int>? { lookup.pointee.resolution.catchAll }
    /// Where the query and the fragment are in ``bytes``.
    var tail: URLTail { lookup.pointee.resolution.tail }
    /// The host the lookup routed on, empty for none.
    var host: UnsafeBufferPointer<UInt8> { lookup.pointee.request.host }
    /// Where each of ``segments`` is written in ``bytes``, when escapes were decoded (else
    /// ``storage`` is the URL as written).
    var writtenSegments: UnsafePointer<Range<Int>>? { lookup.pointee.resolution.writtenSegments }
}

/// The view's readers, on a pointer to it: a borrowed match lends the view by pointer, and a
/// method called on the pointer reads the fields it needs in place, where a method on the view
/// itself would get a copy of all of it.
extension UnsafePointer where Pointee == MatchView {
    var pattern: String { pointee.registration.pointee.unsafelyUnwrapped.pattern }

    var name: String? { pointee.registration.pointee.unsafelyUnwrapped.name }

    var parameterCount: Int { pointee.captures.count }

    func parameter(at index: Int) -> URLText {
        URLText(UnsafeBufferPointer(rebasing: pointee.storage[pointee.captures[index]]), form: .path)
    }

    func rawParameter(at index: Int) -> URLText {
        URLText(written(pointee.captures[index]), form: .path)
    }

    func parameter(_ name: String) -> URLText? {
        var name = name
        let found = name.withUTF8 { wanted -> Int? in
            for index in 0..<min(pointee.names.count, pointee.captures.count) {
                let span = pointee.names[index]
                let count = Int(span.1 - span.0)
                guard count == wanted.count else { continue }
                if count == 0 || memcmpEqual(pointee.nameBytes + Int(span.0), wanted.baseAddress!, count) {
                    return index
                }
            }
            return nil
        }
        guard let found else { return catchAllParameter(name) ?? hostParameter(name) }
        return parameter(at: found)
    }

    /// A named catch-all's segments (`{*name}`) as the parameter `name`: the text from its first
    /// segment to its last, in comparison form (``URLText/string`` decodes it and reads a run of
    /// `/` as one, as the owning match's `catchall` joins the segments); `nil` for another name,
    /// and when the URL runs other text between them (a host segment's port: read
    /// `catchAllSegment(at:)`).
    func catchAllParameter(_ name: String) -> URLText? {
        guard let range = pointee.catchAllRange, !range.isEmpty,
            pointee.registration.pointee.unsafelyUnwrapped.parsedPattern.catchAllName == name
        else { return nil }
        let segments = pointee.segments
        let storage = pointee.storage
        // Only `/` between the segments: not so after a host segment with a port (`h:8/x`).
        for index in range.dropFirst() {
            let gap = segments[index - 1].upperBound..<segments[index].lowerBound
            if storage[gap].contains(where: { $0 != UInt8(ascii: "/") }) { return nil }
        }
        let span = segments[range.lowerBound].lowerBound..<segments[range.upperBound - 1].upperBound
        return URLText(UnsafeBufferPointer(rebasing: storage[span]), form: .segments)
    }

    /// The host pattern's parameter called `name`, or `nil`.
    func hostParameter(_ name: String) -> URLText? {
        let host = pointee.host
        guard !host.isEmpty, let pattern = pointee.registration.pointee.unsafelyUnwrapped.hostPattern,
            let range = pattern.range(ofParameter: name, in: host)
        else { return nil }
        return URLText(UnsafeBufferPointer(rebasing: host[range]), form: .path)
    }

    var host: URLText? {
        pointee.host.isEmpty ? nil : URLText(pointee.host, form: .path)
    }

    var registrationHostNames: [String] {
        pointee.registration.pointee.unsafelyUnwrapped.hostPattern?.parameterNames ?? []
    }

    var catchAllName: String? { pointee.registration.pointee.unsafelyUnwrapped.parsedPattern.catchAllName }

    func parameterName(at index: Int) -> String {
        let span = pointee.names[index]
        return String(
            decoding: UnsafeBufferPointer(start: pointee.nameBytes + Int(span.0), count: Int(span.1 - span.0)),
            as: UTF8.self)
    }

    var catchAllSegmentCount: Int? { pointee.catchAllRange?.count }

    func catchAllSegment(at index: Int) -> URLText {
        let range = pointee.catchAllRange!
        let segment = range.lowerBound + index
        precondition(range.contains(segment), "catch-all segment index out of range")
        return URLText(UnsafeBufferPointer(rebasing: pointee.storage[pointee.segments[segment]]), form: .path)
    }

    func rawCatchAllSegment(at index: Int) -> URLText {
        let range = pointee.catchAllRange!
        let segment = range.lowerBound + index
        precondition(range.contains(segment), "catch-all segment index out of range")
        return URLText(written(pointee.segments[segment]), form: .path)
    }

    /// The bytes of the routed URL, as written, whose comparison form is `range` of the storage.
    func written(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        guard let writtenSegments = pointee.writtenSegments else {
            // No segment held an escape: the storage is the URL as written.
            return UnsafeBufferPointer(rebasing: pointee.storage[range])
        }
        let segments = pointee.segments
        let bytes = pointee.bytes
        /// Where the comparison-form offset `offset` is in the URL as written, searching from segment `first`.
        func writtenOffset(_ offset: Int, from first: Int) -> (offset: Int, segment: Int) {
            var index = first
            while index < segments.count - 1 && segments[index].upperBound < offset { index += 1 }
            let segment = segments[index]
            let written = writtenSegments[index]
            let within = PercentCoding.writtenOffset(
                ofComparisonOffset: offset - segment.lowerBound, in: UnsafeBufferPointer(rebasing: bytes[written]))
            return (written.lowerBound + within, index)
        }
        let start = writtenOffset(range.lowerBound, from: 0)
        let end = writtenOffset(range.upperBound, from: start.segment)
        return UnsafeBufferPointer(rebasing: bytes[start.offset..<max(start.offset, end.offset)])
    }

    var catchall: String? {
        guard let range = pointee.catchAllRange else { return nil }
        return (0..<range.count).map { catchAllSegment(at: $0).string }.joined(separator: "/")
    }

    func queryValue(_ name: String) -> URLText? {
        let span = pointee.tail.spans(in: pointee.bytes).query
        let decodePlus = pointee.decodePlus
        guard span.0 >= 0 else { return nil }
        let query = UnsafeBufferPointer(rebasing: pointee.bytes[Int(span.0)..<Int(span.1)])
        var found: URLText?
        var start = 0
        while start <= query.count {
            var end = start
            while end < query.count, query[end] != UInt8(ascii: "&") { end += 1 }
            let item = UnsafeBufferPointer(rebasing: query[start..<end])
            if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                let key = URLText(UnsafeBufferPointer(rebasing: item[..<equals]), form: .query(plusAsSpace: decodePlus))
                let plain =
                    !key.bytes.contains(UInt8(ascii: "%")) && !(decodePlus && key.bytes.contains(UInt8(ascii: "+")))
                if plain ? key.bytesEqual(name) : key.string == name {
                    found = URLText(
                        UnsafeBufferPointer(rebasing: item[(equals + 1)...]), form: .query(plusAsSpace: decodePlus))
                }
            }
            start = end + 1
        }
        return found
    }
}

/// Whether `count` bytes at `a` and `b` are equal.
func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for offset in 0..<count where a[offset] != b[offset] { return false }
    return true
}

@available(*, unavailable, message: "lends pointers for one call")
extension MatchView: Sendable {}

/// Text of a URL lent for one borrowed lookup (``RouteTable/withMatch(method:url:variants:_:)``):
/// a path parameter, a catch-all segment or a query value, read in place.
///
/// Valid only during the call that lends it, and noncopyable, so that it cannot leave that call:
/// `withMatch`'s result is copyable, so a body that returns a `URLText` (or keeps one in a
/// variable outside it) does not compile. The body copies what it keeps: ``string``. (It is not
/// `~Escapable`, which in Swift 6.3 needs the experimental `Lifetimes` feature: a class instance
/// that takes one in is the one way out the compiler does not refuse.)
///
/// ```swift
/// let id = table.withMatch(method: "GET", url: "/users/42") { lookup -> String? in
///     guard case .match(let match) = lookup else { return nil }
///     return match.parameter("id")?.string
/// }
/// ```
public struct URLText: ~Copyable {
    /// The bytes: a path value in comparison form (escapes decoded except `%2F` and `%25`) or as
    /// written (for the integrations), a query value as written.
    let bytes: UnsafeBufferPointer<UInt8>
    /// How the bytes decode.
    let form: Form

    enum Form {
        /// Path text, in comparison form or as written: every escape decodes, `+` is itself.
        case path
        /// Path segments as the URL runs them, from the first to the last (a named catch-all's):
        /// as ``path``, with a run of `/` (an empty segment, dropped) read as one.
        case segments
        /// Percent-encoded as written, `+` a space when `plusAsSpace`.
        case query(plusAsSpace: Bool)
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, form: Form) {
        self.bytes = bytes
        self.form = form
    }

    /// The value fully decoded, as a new string.
    public var string: String {
        var plusAsSpace = false
        if case .query(let plus) = form { plusAsSpace = plus }
        if case .segments = form,
            bytes.indices.dropFirst().contains(where: {
                bytes[$0] == UInt8(ascii: "/") && bytes[$0 - 1] == UInt8(ascii: "/")
            })
        {
            var joined: [UInt8] = []
            for (index, byte) in bytes.enumerated()
            where byte != UInt8(ascii: "/") || index == 0 || bytes[index - 1] != UInt8(ascii: "/") {
                joined.append(byte)
            }
            return joined.withUnsafeBufferPointer { URLText($0, form: .path).string }
        }
        let needsDecoding = bytes.contains { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }
        let text = String(copyingUTF8: bytes)
        guard needsDecoding else { return text }
        // A query was checked when the URL was scanned; a path value holds only well-formed escapes.
        return PercentCoding.decoded(text, plusAsSpace: plusAsSpace) ?? text
    }

    /// The number of bytes, as lent (a path value in comparison form, a query value as written).
    public var count: Int { bytes.count }

    /// Lends `body` the bytes, as ``count`` counts them, for the duration of the call.
    ///
    /// - Parameter body: reads the bytes; they must not be kept.
    /// - Returns: what `body` returns.
    public func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(bytes)
    }

    /// Whether the bytes, as they are (not decoded), are `text`'s UTF-8 bytes: the allocation-free
    /// comparison for values without escapes.
    func bytesEqual(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.elementsEqual(bytes) }
    }
}

@available(*, unavailable, message: "a URLText lends bytes for one call")
extension URLText: Sendable {}
