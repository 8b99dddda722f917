/// A request ``RouterOptions/requestChecks`` refuses: why, and which path segment, where.
///
/// The one definition of the strict profile's checks (SEMANTICS.md section 10): every lookup
/// whose table has checks comes here before any matching, unless ``PlainScan`` has seen that the
/// URL holds none of the bytes and segments that could be refused.
struct RequestRefusal: Sendable, Hashable {
    /// Why.
    var reason: RouteMiss.Reason
    /// The segment as written, escaped for a message (`x%00.json`; control bytes, backslashes,
    /// quotes and non-ASCII bytes written as `%XX`), at most 64 bytes of it.
    var segment: String
    /// The segment's UTF-8 offset in the URL.
    var offset: Int

    /// `dotSegment: the path segment '..' at offset 7: the path holds a '.' or '..' segment`.
    var detail: String {
        "the path segment '\(segment)' at offset \(offset): \(reason.refusal ?? reason.name)"
    }

    /// The first shape `checks` refuses in the URL `bytes`, whose parts and segments as written
    /// are `tokens` (its host first when the host is a segment), from the left; `nil` when there
    /// is none.
    ///
    /// A segment is read as written and fully decoded: a control character or a backslash in
    /// either is refused, as is a segment equal to `.` or `..` once decoded, one holding an encoded
    /// `/` (with ``RequestChecks/encodedSlashes``), and one whose decoded value has a `.` or `..`
    /// part between encoded slashes. Malformed escapes are the normalization's to refuse: here a
    /// segment that does not decode is read as written.
    static func find(
        in bytes: UnsafeBufferPointer<UInt8>, tokens: borrowing PlainScan, checks: RequestChecks
    ) -> RequestRefusal? {
        guard !checks.isEmpty, bytes.baseAddress != nil else { return nil }
        let segments = tokens.segments
        if tokens.hostIsSegment, let refusal = check(segments[0], of: bytes, checks) { return refusal }
        // An empty segment is a `/` right after another within the path (a path's first `/` and
        // its last one end none). The tokens hold only the non-empty segments: between two of
        // them, before the first and after the last, the path holds only `/`, and two or more
        // there make an empty segment, at the second.
        let refusesEmpty = checks.contains(.emptySegments)
        func emptySegment(from start: Int, to end: Int) -> RequestRefusal? {
            guard refusesEmpty, end - start >= 2 else { return nil }
            return RequestRefusal(reason: .refused(.emptySegments), segment: "", offset: start + 1)
        }
        var slashes = tokens.path.lowerBound
        for index in (tokens.hostIsSegment ? 1 : 0)..<segments.count {
            let segment = segments[index]
            if let refusal = emptySegment(from: slashes, to: segment.lowerBound) ?? check(segment, of: bytes, checks) {
                return refusal
            }
            slashes = segment.upperBound
        }
        if let refusal = emptySegment(from: slashes, to: tokens.path.upperBound) { return refusal }
        // A URL with no scheme that starts with `//` is read as an authority; on a server it is a
        // path with an empty segment.
        if refusesEmpty, tokens.scheme == nil, tokens.hasAuthority {
            return RequestRefusal(reason: .refused(.emptySegments), segment: "", offset: 1)
        }
        return nil
    }

    /// What `checks` refuse in the segment at `range` of `bytes`, if anything.
    static func check(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, _ checks: RequestChecks)
        -> RequestRefusal?
    {
        let written = UnsafeBufferPointer(rebasing: bytes[range])
        // Decoding keeps every byte that is not an escape, so the decoded bytes hold the written
        // ones' control characters and backslashes too. (The normalization, which runs first, has
        // refused a segment that does not decode; read as written, should one reach here.)
        let decoded =
            PercentCoding.decode(written, keepSlashAndPercent: false, plusAsSpace: false).map { Array($0.utf8) }
            ?? Array(written)
        func refusal(_ reason: RouteMiss.Reason) -> RequestRefusal {
            RequestRefusal(reason: reason, segment: escaped(written), offset: range.lowerBound)
        }
        if checks.contains(.controlCharacters), decoded.contains(where: isControl) {
            return refusal(.refused(.controlCharacters))
        }
        if checks.contains(.backslashes), decoded.contains(UInt8(ascii: "\\")) {
            return refusal(.refused(.backslashes))
        }
        if checks.contains(.dotSegments), isDots(decoded[...]) { return refusal(.refused(.dotSegments)) }
        let slash = UInt8(ascii: "/")
        guard decoded.contains(slash) else { return nil }
        if checks.contains(.encodedSlashes) { return refusal(.refused(.encodedSlashes)) }
        if checks.contains(.encodedTraversal),
            decoded.split(separator: slash, omittingEmptySubsequences: false)
                .contains(where: isDots)
        {
            return refusal(.refused(.encodedTraversal))
        }
        return nil
    }

    /// Whether `byte` is a control character: U+0000 to U+001F, or U+007F.
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// Whether `part` is `.` or `..`.
    static func isDots(_ part: ArraySlice<UInt8>) -> Bool {
        (part.count == 1 || part.count == 2) && part.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// `written`, at most 64 bytes of it, with every byte that is not printable ASCII, and `\`,
    /// `'` and `"`, written as `%XX`: safe to show in a log or an answer.
    static func escaped(_ written: UnsafeBufferPointer<UInt8>) -> String {
        var text = ""
        for byte in written.prefix(64) {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "'"),
                byte != UInt8(ascii: "\"")
            {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%"
                text.unicodeScalars.append(Unicode.Scalar(PercentCoding.upperHex[Int(byte >> 4)]))
                text.unicodeScalars.append(Unicode.Scalar(PercentCoding.upperHex[Int(byte & 15)]))
            }
        }
        return written.count > 64 ? text + "…" : text
    }
}
