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

    /// The first shape `checks` refuses in the URL `bytes` (its host too when the host is a
    /// segment under `hostRule`), from the left; `nil` when there is none.
    ///
    /// A segment is read as written and fully decoded: a control character or a backslash in
    /// either is refused, as is a segment equal to `.` or `..` once decoded, one holding an encoded
    /// `/` (with ``RequestChecks/encodedSlashes``), and one whose decoded value has a `.` or `..`
    /// part between encoded slashes. Malformed escapes are the normalization's to refuse: here a
    /// segment that does not decode is read as written.
    static func find(
        in bytes: UnsafeBufferPointer<UInt8>, checks: RequestChecks, hostRule: RouterOptions.HostRule
    ) -> RequestRefusal? {
        guard !checks.isEmpty, let base = bytes.baseAddress else { return nil }
        let layout = URLLayout(bytes)
        if let host = layout.host, !host.isEmpty,
            RequestURL.hostIsSegment(UnsafeBufferPointer(rebasing: bytes[host]), hostRule),
            let refusal = check(host, of: bytes, checks)
        {
            return refusal
        }
        // The path's `/`-separated parts, empty ones included: an empty part between two `/`
        // (or the first of a path that starts with `//`) is an empty segment.
        let path = layout.path
        var start = path.lowerBound
        var index = start
        while index <= path.upperBound {
            if index == path.upperBound || base[index] == UInt8(ascii: "/") {
                if index > start {
                    if let refusal = check(start..<index, of: bytes, checks) { return refusal }
                } else if checks.contains(.emptySegments), index > path.lowerBound, index < path.upperBound {
                    return RequestRefusal(reason: .refused(.emptySegments), segment: "", offset: index)
                }
                start = index + 1
            }
            index += 1
        }
        // A path that starts with `//` is read as an authority; on a server it is an empty segment.
        if checks.contains(.emptySegments), layout.scheme == nil, layout.authority != nil {
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
