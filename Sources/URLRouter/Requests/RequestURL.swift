/// A URL normalized for matching: the one function behind SEMANTICS.md section 1.
///
/// - The scheme is lower-cased; a URL without one takes the default scheme.
/// - The host is the first segment unless the host rule says otherwise;
///   userinfo and port never take part.
/// - The path is split on `/` before decoding; empty segments are dropped; `.` and `..` are
///   ordinary segments. Segments are kept in their comparison form (see ``PercentCoding``).
/// - Query items are split on `&`; an item without `=` is dropped; keys and values are decoded,
///   with `+` as a space first when ``RouterOptions/decodePlus`` is on.
/// - The fragment is kept as written.
///
/// Any malformed escape, or escapes decoding to invalid UTF-8, in any part of the URL
/// makes the whole URL malformed.
///
/// Segments are kept as byte ranges of one storage string: the URL itself when no segment holds an
/// escape. Normalizing a plain URL allocates nothing, and copying a request retains only the URL
/// (the rarely set parts live in one optional box).
@_spi(Tools) public struct RequestURL: Sendable {
    /// The URL that was normalized.
    let url: String
    /// Where each segment is in ``storage``, as UTF-8 offsets.
    public var segmentRanges: RangeList
    /// The lower-cased scheme, or the default scheme, or `nil`.
    var scheme: String?
    /// Whether `+` in the query is a space.
    var decodePlus: Bool
    /// Where the host is in `url`, or (-1, -1).
    var hostSpan: (Int32, Int32)
    /// Where the query and the fragment are in `url`.
    var tail: URLTail
    /// What only some URLs have: decoded storage and a decoded host.
    var extras: Extras?

    /// The rarely set parts of a request.
    final class Extras: Sendable {
        let decoded: String?
        /// With ``decoded``: where each segment is in ``RequestURL/url``, as written (the segment at
        /// the same index of ``RequestURL/segmentRanges`` is its comparison form in ``decoded``).
        let writtenSegmentRanges: RangeList?
        let decodedHost: String?

        init(decoded: String?, writtenSegmentRanges: RangeList?, decodedHost: String?) {
            self.decoded = decoded
            self.writtenSegmentRanges = writtenSegmentRanges
            self.decodedHost = decodedHost
        }
    }

    static let absent: (Int32, Int32) = (-1, -1)

    static func span(_ range: Range<Int>?) -> (Int32, Int32) {
        guard let range else { return absent }
        return (Int32(range.lowerBound), Int32(range.upperBound))
    }

    static func range(_ span: (Int32, Int32)) -> Range<Int>? {
        span.0 < 0 ? nil : Int(span.0)..<Int(span.1)
    }

    /// The text holding the segments' comparison forms: ``url`` itself unless a segment had escapes.
    public var storage: String { extras?.decoded ?? url }

    /// Whether the segments live in ``url`` itself (no segment had escapes).
    var segmentsAreInURL: Bool { extras?.decoded == nil }

    /// The request without its first segment, and without where that segment was written (for
    /// a layer that drops a segment before matching: ``PreparedLookup/dropFirstSegment()``).
    mutating func removeFirstSegment() {
        segmentRanges.removeFirst()
        guard let extras, var written = extras.writtenSegmentRanges else { return }
        written.removeFirst()
        self.extras = Extras(decoded: extras.decoded, writtenSegmentRanges: written, decodedHost: extras.decodedHost)
    }

    /// The host in comparison form, `nil` when the URL has none.
    var host: Substring? {
        if let decodedHost = extras?.decodedHost { return decodedHost[...] }
        return RequestURL.range(hostSpan).map { url.utf8Slice($0) }
    }

    /// The query as written, without `?`.
    var query: Substring? { RequestURL.range(tail.spans(in: url).query).map { url.utf8Slice($0) } }

    /// The fragment as written.
    var fragment: Substring? { RequestURL.range(tail.spans(in: url).fragment).map { url.utf8Slice($0) } }

    /// The path segments used for matching, in comparison form.
    var segments: [Substring] {
        segmentRanges.map { storage.utf8Slice($0) }
    }

    /// `/` followed by the segments joined by `/` (comparison form).
    public var path: String {
        "/" + segments.joined(separator: "/")
    }

    /// The query items in order, decoded.
    var queryItems: [QueryItem] {
        guard let query else { return [] }
        return QueryItem.items(of: query, decodePlus: decodePlus)
    }

    /// A malformed URL: which part, and why.
    public struct MalformedURL: Error, Sendable, Hashable, CustomStringConvertible {
        /// The part of the URL that does not decode (`host`, `path segment`, `query`, ...).
        var part: String
        /// The offending text as written.
        var text: String

        public var description: String {
            "malformed URL: the \(part) '\(text)' has a '%' not followed by two hex digits, or escapes that are not UTF-8"
        }
    }

    /// Normalizes `url` under `options`.
    ///
    /// - Throws: ``MalformedURL`` when any part has a bad escape.
    /// - Complexity: O(*n*) in the length of `url`.
    public init(normalizing url: String, options: RouterOptions) throws(MalformedURL) {
        func normalize(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<RequestURL, MalformedURL> {
            RangeBuffer.withTemporary(capacity: PlainScan.segmentCapacity(urlLength: bytes.count)) { segments in
                let scan = PlainScan.tokenize(bytes, segments: segments)
                return Result { () throws(MalformedURL) in
                    try RequestURL(url: url, bytes: bytes, tokens: scan, options: options)
                }
            }
        }
        let normalized =
            url.utf8.withContiguousStorageIfAvailable(normalize) ?? Array(url.utf8).withUnsafeBufferPointer(normalize)
        self = try normalized.get()
    }

    /// The normalization of `url`, whose bytes are `bytes`, from what the tokenizer found in them
    /// (`scan`): its segments as written, and, when it holds a `%`, each part checked and the
    /// segments decoded into storage of their own.
    init(url: String, bytes: UnsafeBufferPointer<UInt8>, tokens scan: borrowing PlainScan, options: RouterOptions)
        throws(MalformedURL)
    {
        let scheme =
            scan.scheme.map { range in
                String(unsafeUninitializedCapacity: range.count) { buffer in
                    for (offset, byte) in bytes[range].enumerated() { buffer[offset] = asciiLower(byte) }
                    return range.count
                }
            }
        let hostRange = RequestURL.range(scan.hostSpan)
        func slice(_ range: Range<Int>) -> Substring { url.utf8Slice(range) }

        var ranges = RangeList(scan.segments)
        var decoded: String?
        var writtenRanges: RangeList?
        var decodedHost: String?
        if scan.hasPercent {
            // The slow path: check every part, and decode segments that hold escapes into new storage.
            for (part, span) in [("userinfo", scan.userinfoSpan), ("port", scan.portSpan)] {
                if let malformed = RequestURL.malformed(part, span, of: bytes) { throw malformed }
            }
            if let malformed = RequestURL.malformedTail(of: bytes, scan) { throw malformed }
            var storage = ""
            var decodedRanges = RangeList()
            var written = RangeList()
            if let range = hostRange {
                decodedHost = String(try RequestURL.comparisonForm(slice(range), part: "host"))
            }
            for range in ranges { written.append(range) }
            for range in ranges {
                let segment = try RequestURL.comparisonForm(slice(range), part: "path segment")
                storage += "/"
                let start = storage.utf8.count
                storage += segment
                decodedRanges.append(start..<storage.utf8.count)
            }
            decoded = storage
            writtenRanges = written
            ranges = decodedRanges
        }
        let hasExtras = decoded != nil || decodedHost != nil
        self.url = url
        self.segmentRanges = ranges
        self.scheme = scheme
        self.decodePlus = options.decodePlus
        self.hostSpan = scan.hostSpan
        self.tail = scan.tail
        self.extras =
            hasExtras
            ? Extras(decoded: decoded, writtenSegmentRanges: writtenRanges, decodedHost: decodedHost) : nil
    }

    /// The part `part` at `span` of `bytes` as a malformed part, when its escapes are (see
    /// ``PercentCoding/validate(_:)``); `nil` when it is well-formed or absent.
    static func malformed(_ part: String, _ span: (Int32, Int32), of bytes: UnsafeBufferPointer<UInt8>)
        -> MalformedURL?
    {
        guard let range = RequestURL.range(span) else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        return PercentCoding.validate(text)
            ? nil : MalformedURL(part: part, text: String(decoding: text, as: UTF8.self))
    }

    /// The query or the fragment of the URL `bytes` (as `scan` found them) whose escapes are
    /// malformed, the query first; `nil` when both are well-formed. They are checked here and
    /// decoded only when a value is read.
    static func malformedTail(of bytes: UnsafeBufferPointer<UInt8>, _ scan: borrowing PlainScan) -> MalformedURL? {
        let spans = scan.tail.spans(in: bytes)
        if let query = malformed("query", spans.query, of: bytes) { return query }
        return malformed("fragment", spans.fragment, of: bytes)
    }

    /// Writes the comparison form of the segments `scan` found in `bytes` to `room`, each after a
    /// `/`, and its range there to `ranges` (empty, with room for as many); returns what it wrote.
    /// `room` has space for every segment and a `/` each: a comparison form is never longer than
    /// the segment as written. A segment without a `%` (``PlainScan/isEscaped(segment:)``) is
    /// copied, with the ones that follow it one `/` apart in the URL, at once; one with escapes is
    /// decoded. What the full normalization's decoded storage holds, without allocating.
    ///
    /// - Throws: ``MalformedURL`` for the first segment whose escapes are malformed.
    static func decodeSegments(
        of bytes: UnsafeBufferPointer<UInt8>, _ scan: borrowing PlainScan, into room: UnsafeMutableBufferPointer<UInt8>,
        ranges: inout RangeBuffer
    ) throws(MalformedURL) -> UnsafeBufferPointer<UInt8> {
        guard let out = room.baseAddress, let base = bytes.baseAddress else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        let segments = scan.segments
        var end = 0
        var index = 0
        while index < segments.count {
            let segment = segments[index]
            guard !scan.isEscaped(segment: index) else {
                out[end] = UInt8(ascii: "/")
                end += 1
                let written = UnsafeBufferPointer(rebasing: bytes[segment])
                guard
                    let count = PercentCoding.decode(
                        written, keepSlashAndPercent: true, plusAsSpace: false, into: out + end)
                else {
                    throw MalformedURL(part: "path segment", text: String(decoding: written, as: UTF8.self))
                }
                ranges.append(end..<(end + count))
                end += count
                index += 1
                continue
            }
            // This segment, and the plain ones right after it, each one `/` after the last.
            var last = index
            while last + 1 < segments.count, !scan.isEscaped(segment: last + 1),
                segments[last + 1].lowerBound == segments[last].upperBound + 1
            {
                last += 1
            }
            out[end] = UInt8(ascii: "/")
            end += 1
            let shift = end - segment.lowerBound
            let count = segments[last].upperBound - segment.lowerBound
            (out + end).update(from: base + segment.lowerBound, count: count)
            for plain in index...last {
                let range = segments[plain]
                ranges.append((range.lowerBound + shift)..<(range.upperBound + shift))
            }
            end += count
            index = last + 1
        }
        return UnsafeBufferPointer(start: out, count: end)
    }

    init(
        url: String, segmentRanges: RangeList, scheme: String?, decodePlus: Bool, hostSpan: (Int32, Int32),
        tail: URLTail, extras: Extras?
    ) {
        self.url = url
        self.segmentRanges = segmentRanges
        self.scheme = scheme
        self.decodePlus = decodePlus
        self.hostSpan = hostSpan
        self.tail = tail
        self.extras = extras
    }

    /// The comparison form of `text`: the text itself when it holds no escape.
    static func comparisonForm(_ text: Substring, part: String) throws(MalformedURL) -> Substring {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        guard let decoded = PercentCoding.comparisonForm(text) else {
            throw MalformedURL(part: part, text: String(text))
        }
        return decoded[...]
    }
}
