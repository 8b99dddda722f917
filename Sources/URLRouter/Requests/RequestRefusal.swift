#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        for index in 0..<segments.count {
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

    /// ``find(in:tokens:checks:)`` for a URL whose bytes as written the fast scan cleared
    /// (``PlainScan/mayBeRefused(_:checks:)`` is `false`) but whose segments hold escapes, which
    /// can spell what the checks refuse: only the segments with a `%` can be refused
    /// (``PlainScan/isEscaped(segment:)``), and of those only one whose comparison form (at
    /// `comparisonForms[decoded[i]]`) holds a control character, a backslash, a `%` (an encoded
    /// `/`) or is one or two bytes starting with `.` is read in full, from the left.
    static func findInEscapedSegments(
        in bytes: UnsafeBufferPointer<UInt8>, tokens: borrowing PlainScan, comparisonForms: UnsafeBufferPointer<UInt8>,
        _ decoded: RangeBuffer, checks: RequestChecks
    ) -> RequestRefusal? {
        guard !checks.isEmpty else { return nil }
        let segments = tokens.segments
        for index in 0..<segments.count where tokens.isEscaped(segment: index) {
            let form = UnsafeBufferPointer(rebasing: comparisonForms[decoded[index]])
            let mayBeRefused =
                (form.count <= 2 && form.first == UInt8(ascii: "."))
                || form.contains { isControl($0) || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "%") }
            if mayBeRefused, let refusal = check(segments[index], of: bytes, checks) { return refusal }
        }
        return nil
    }

    /// What `checks` refuse in the segment at `range` of `bytes`, if anything. Reads the segment
    /// once as written and, when it holds a `%`, once decoded; allocates nothing unless it refuses.
    static func check(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, _ checks: RequestChecks)
        -> RequestRefusal?
    {
        let written = UnsafeBufferPointer(rebasing: bytes[range])
        // Decoding keeps every byte that is not an escape, so the decoded bytes hold the written
        // ones' control characters and backslashes too. (The normalization, which runs first, has
        // refused a segment that does not decode; read as written, should one reach here.)
        let shape = SegmentShape(written, decoded: PercentCoding.validate(written))
        func refusal(_ reason: RouteMiss.Reason) -> RequestRefusal {
            RequestRefusal(reason: reason, segment: escaped(written), offset: range.lowerBound)
        }
        if checks.contains(.controlCharacters), shape.hasControl { return refusal(.refused(.controlCharacters)) }
        if checks.contains(.backslashes), shape.hasBackslash { return refusal(.refused(.backslashes)) }
        if checks.contains(.dotSegments), shape.isDots { return refusal(.refused(.dotSegments)) }
        guard shape.hasSlash else { return nil }
        if checks.contains(.encodedSlashes) { return refusal(.refused(.encodedSlashes)) }
        if checks.contains(.encodedTraversal), shape.hasDotPart { return refusal(.refused(.encodedTraversal)) }
        return nil
    }

    /// What the checks read of one segment, fully decoded (or as written), in one pass.
    struct SegmentShape {
        var hasControl = false
        var hasBackslash = false
        /// Whether a decoded `/` (an encoded slash) is in it.
        var hasSlash = false
        /// Whether the whole segment is `.` or `..`.
        var isDots: Bool { whole.isDots }
        /// Whether a part between decoded slashes (or before the first, or after the last) is `.` or `..`.
        var hasDotPart = false
        private var whole = DotRun()
        private var part = DotRun()

        /// The shape of `written`, read decoded when `decoded` (it must be well-formed then).
        init(_ written: UnsafeBufferPointer<UInt8>, decoded: Bool) {
            var index = 0
            while index < written.count {
                var byte = written[index]
                if decoded, byte == UInt8(ascii: "%"), index + 2 < written.count,
                    let high = PercentCoding.hexValue(written[index + 1]),
                    let low = PercentCoding.hexValue(written[index + 2])
                {
                    byte = high << 4 | low
                    index += 3
                } else {
                    index += 1
                }
                if RequestRefusal.isControl(byte) { hasControl = true }
                if byte == UInt8(ascii: "\\") { hasBackslash = true }
                whole.add(byte)
                if byte == UInt8(ascii: "/") {
                    hasSlash = true
                    if part.isDots { hasDotPart = true }
                    part = DotRun()
                } else {
                    part.add(byte)
                }
            }
            if hasSlash, part.isDots { hasDotPart = true }
        }
    }

    /// Whether the bytes added so far are `.` or `..`.
    struct DotRun {
        private var count = 0
        private var allDots = true

        mutating func add(_ byte: UInt8) {
            count += 1
            if byte != UInt8(ascii: ".") { allDots = false }
        }

        var isDots: Bool { allDots && (count == 1 || count == 2) }
    }

    /// Whether `byte` is a control character: U+0000 to U+001F, or U+007F.
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

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
                text.unicodeScalars.append(Unicode.Scalar(PercentCoding.upperHex(byte >> 4)))
                text.unicodeScalars.append(Unicode.Scalar(PercentCoding.upperHex(byte & 15)))
            }
        }
        return written.count > 64 ? text + "…" : text
    }
}
