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
package struct RequestURL: Sendable {
    /// The URL that was normalized.
    let url: String
    /// Where each segment is in ``storage``, as UTF-8 offsets.
    package var segmentRanges: RangeList
    /// The lower-cased scheme, or the default scheme, or `nil`.
    var scheme: String?
    /// Whether `+` in the query is a space.
    var decodePlus: Bool
    // Offsets into `url`, or (-1, -1) when absent.
    var hostSpan: (Int32, Int32)
    var querySpan: (Int32, Int32)
    var fragmentSpan: (Int32, Int32)
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
    package var storage: String { extras?.decoded ?? url }

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
    var query: Substring? { RequestURL.range(querySpan).map { url.utf8Slice($0) } }

    /// The fragment as written.
    var fragment: Substring? { RequestURL.range(fragmentSpan).map { url.utf8Slice($0) } }

    /// The path segments used for matching, in comparison form.
    var segments: [Substring] {
        segmentRanges.map { storage.utf8Slice($0) }
    }

    /// `/` followed by the segments joined by `/` (comparison form).
    package var path: String {
        "/" + segments.joined(separator: "/")
    }

    /// The query items in order, decoded.
    var queryItems: [QueryItem] {
        guard let query else { return [] }
        return QueryItem.items(of: query, decodePlus: decodePlus)
    }

    /// A malformed URL: which part, and why.
    package struct MalformedURL: Error, Sendable, Hashable, CustomStringConvertible {
        /// The part of the URL that does not decode (`host`, `path segment`, `query`, ...).
        var part: String
        /// The offending text as written.
        var text: String

        package var description: String {
            "malformed URL: the \(part) '\(text)' has a '%' not followed by two hex digits, or escapes that are not UTF-8"
        }
    }

    /// Normalizes `url` under `options`.
    ///
    /// - Throws: ``MalformedURL`` when any part has a bad escape.
    /// - Complexity: O(*n*) in the length of `url`.
    package init(normalizing url: String, options: RouterOptions) throws(MalformedURL) {
        func normalize(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<RequestURL, MalformedURL> {
            RangeBuffer.withTemporary(capacity: PlainScan.segmentCapacity(urlLength: bytes.count)) { segments in
                let scan = PlainScan.tokenize(bytes, hostRule: options.hostRule, segments: segments)
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
            } ?? options.fallbackScheme
        let hostRange = RequestURL.range(scan.hostSpan)
        func slice(_ range: Range<Int>) -> Substring { url.utf8Slice(range) }

        var ranges = RangeList(scan.segments)
        var decoded: String?
        var writtenRanges: RangeList?
        var decodedHost: String?
        if scan.hasPercent {
            // The slow path: check every part, and decode segments that hold escapes into new storage.
            for (part, span) in [
                ("userinfo", scan.userinfoSpan), ("port", scan.portSpan), ("query", scan.querySpan),
                ("fragment", scan.fragmentSpan),
            ] {
                if let range = RequestURL.range(span), !PercentCoding.isWellFormed(slice(range)) {
                    throw MalformedURL(part: part, text: String(slice(range)))
                }
            }
            // The path's segments: the host, when the tokenizer took it as one, is decided again
            // once decoded.
            let pathSegments = ranges.dropFirst(scan.hostIsSegment ? 1 : 0)
            var storage = ""
            var decodedRanges = RangeList()
            var written = RangeList()
            if let range = hostRange {
                let host = try RequestURL.comparisonForm(slice(range), part: "host")
                decodedHost = String(host)
                if RequestURL.hostIsSegment(host.utf8, options.hostRule) {
                    storage += host
                    decodedRanges.append(0..<storage.utf8.count)
                    written.append(range)
                }
            }
            for range in pathSegments { written.append(range) }
            for range in pathSegments {
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
        self.querySpan = scan.querySpan
        self.fragmentSpan = scan.fragmentSpan
        self.extras =
            hasExtras
            ? Extras(decoded: decoded, writtenSegmentRanges: writtenRanges, decodedHost: decodedHost) : nil
    }

    init(
        url: String, segmentRanges: RangeList, scheme: String?, decodePlus: Bool, hostSpan: (Int32, Int32),
        querySpan: (Int32, Int32), fragmentSpan: (Int32, Int32), extras: Extras?
    ) {
        self.url = url
        self.segmentRanges = segmentRanges
        self.scheme = scheme
        self.decodePlus = decodePlus
        self.hostSpan = hostSpan
        self.querySpan = querySpan
        self.fragmentSpan = fragmentSpan
        self.extras = extras
    }

    /// Whether a host (its bytes as written, or decoded) is a segment under `rule`.
    static func hostIsSegment<Bytes: Collection<UInt8>>(_ host: Bytes, _ rule: RouterOptions.HostRule) -> Bool {
        switch rule {
        case .always: return true
        case .never: return false
        case .unlessDotted: return !host.contains(UInt8(ascii: "."))
        case .unlessDottedOrLocalhost:
            return !host.contains(UInt8(ascii: ".")) && !asciiCaseInsensitiveEqual(host, "localhost".utf8)
        }
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
