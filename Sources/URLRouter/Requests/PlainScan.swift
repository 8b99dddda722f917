#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one pass over a URL learns (``tokenize(_:segments:)``): its parts and its
/// segments as written, as ranges of its bytes, and where its escapes are. The one tokenizer of
/// URLs: at the front of every lookup (`CompiledTable.prepareScanned`), where a URL with no `%`
/// and a lower-case scheme needs nothing more, one with escapes only in its path, query or
/// fragment has them checked (and its escaped segments decoded) in room the lookup lends, and any
/// other goes to the full normalization (``RequestURL/init(normalizing:options:)``), which
/// decodes from these tokens.
///
/// Trivially copyable: the segments go to storage the lookup lends.
struct PlainScan {
    /// The segments of the path as written, as ranges of the URL's bytes.
    var segments: RangeBuffer
    /// When the segments are exactly the `/`-separated parts of one run of the URL's bytes, that run.
    var segmentRun: Range<Int>?
    /// Where the scheme is in the URL's bytes, when the URL has one.
    var scheme: Range<Int>?
    /// What makes the URL more than its bytes as written: none for nearly every URL.
    var marks: Marks = []
    /// Which of ``segments`` hold a `%` (``Marks/escapedPath``): bit `i` for segment `i`, bit 63
    /// for segment 63 or any after it.
    var escapedSegments: UInt64 = 0
    /// Whether the URL has an authority (`//` after its scheme, or at its start when it has none).
    var hasAuthority = false
    /// Where the host is, or `(-1, -1)`.
    var hostSpan = RequestURL.absent
    /// Where the query and the fragment are.
    var tail = URLTail.absent
    /// Where the userinfo and the port are, or `(-1, -1)` (the full normalization checks their escapes).
    var userinfoSpan = RequestURL.absent
    var portSpan = RequestURL.absent
    /// Whether the path has an empty segment (`//`) between two others, which was dropped.
    var hasEmptySegment = false
    /// Whether a segment of the path starts with `.` (so may be `.` or `..`).
    var hasDotLedSegment = false
    /// Where the path ends in the URL's bytes (at its `?`, `#` or end), for a URL that is a path
    /// (it starts with a single `/`); -1 for any other.
    var pathEnd = -1
    /// Where the path is in the URL's bytes, for a URL that is not a path (for one that is, the
    /// path ends at ``pathEnd``).
    var layoutPath = 0..<0
    /// Where the path is in the URL's bytes, whatever the URL.
    var path: Range<Int> { pathEnd >= 0 ? 0..<pathEnd : layoutPath }

    /// A scan that puts its segments in `segments`.
    init(segments: RangeBuffer) {
        self.segments = segments
    }

    /// The most segments a URL of `length` bytes can have: room enough for ``tokenize(_:segments:)``.
    static func segmentCapacity(urlLength length: Int) -> Int { length / 2 + 2 }

    /// The most segments the URL `bytes` can have, counted from its bytes before its query or
    /// fragment: room enough for ``tokenize(_:segments:)``, however long the query.
    /// Reads the URL (two `memchr`s): for a URL too long for room of constant size by its
    /// length alone.
    static func segmentCapacity(ofPathIn bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return segmentCapacity(urlLength: 0) }
        func find(_ byte: UInt8, before end: Int) -> Int {
            guard let found = memchr(base, Int32(byte), end) else { return end }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        return segmentCapacity(urlLength: find(UInt8(ascii: "?"), before: find(UInt8(ascii: "#"), before: bytes.count)))
    }

    /// What the scan found that makes a URL more than its bytes as written.
    struct Marks: OptionSet {
        let rawValue: UInt8

        /// The scheme has an upper-case letter (the full normalization lowers it).
        static let upperCaseScheme = Marks(rawValue: 1)
        /// The userinfo, the host or the port holds a `%` (the full normalization checks and
        /// decodes them).
        static let escapedAuthority = Marks(rawValue: 2)
        /// A segment of the path holds a `%`: its comparison form must be decoded.
        static let escapedPath = Marks(rawValue: 4)
        /// The query or the fragment holds a `%`: the scan checked their escapes, which are
        /// decoded only when a value is read.
        static let escapedTail = Marks(rawValue: 8)
        /// The query or the fragment has a malformed escape (``PercentCoding/EscapeCheck``): the
        /// URL is malformed.
        static let malformedTail = Marks(rawValue: 16)

        /// What only the full normalization (``RequestURL``) handles.
        static let needsFullNormalization: Marks = [.upperCaseScheme, .escapedAuthority]
    }

    /// Whether the scan alone prepares the URL for matching: it holds no `%` and its scheme is in
    /// lower case, so its segments as written are their comparison forms.
    var isPlain: Bool { marks.isEmpty }

    /// Whether segment `index` of ``segments`` may hold a `%` (a segment past the 63rd may, when
    /// one of them does).
    func isEscaped(segment index: Int) -> Bool {
        (escapedSegments &>> UInt64(Swift.min(index, 63))) & 1 != 0
    }

    /// Whether the URL holds a `%` anywhere.
    var hasPercent: Bool { !marks.isDisjoint(with: [.escapedAuthority, .escapedPath, .escapedTail]) }

    /// The parts and segments of `bytes` as written, its segments in `segments` (which has room
    /// for ``segmentCapacity(urlLength:)``).
    static func tokenize(
        _ bytes: UnsafeBufferPointer<UInt8>, segments: RangeBuffer
    ) -> PlainScan {
        var scan = PlainScan(segments: segments)
        RequestURL.scanPlain(bytes, into: &scan)
        return scan
    }

    /// The high bit of every byte of `word` (read little-endian) that is `/`, `?`, `#` or `%`, or
    /// `!` or `'`, and no other bit: two tests of eight bytes each, as `/` and `?` differ in one
    /// bit (0x10) and `#`, `%`, `!` and `'` only in two (0x06); the scan tells the last two apart
    /// by the byte itself (they are rare in a path).
    // Two tests rather than one a delimiter: the compiler no longer moves them to vector
    // registers and back. Exact, so that the scan takes each delimiter of a word in turn, and
    // reads the next word without waiting for where this one's delimiters are, rather than read
    // again from each (commit a350b7f gives the measurements).
    static func delimiterMask(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        return zeroBytes((word | 0x1010_1010_1010_1010) ^ 0x3F3F_3F3F_3F3F_3F3F)
            | zeroBytes((word | 0x0606_0606_0606_0606) ^ 0x2727_2727_2727_2727)
    }

    /// The high bit of every zero byte of `x`, and no other bit: adding 0x7F to a byte's low seven
    /// bits carries into its high bit unless they are all zero, and never into the next byte.
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        let low = UInt64(0x7F7F_7F7F_7F7F_7F7F)
        return ~(((x & low) &+ low) | x | low)
    }

    /// Whether ``RequestRefusal/find(in:tokens:checks:)`` could refuse the URL `bytes` this scan
    /// took: a control byte or `\` in its path, a `.` or `..` segment, an empty segment when those
    /// are refused, or a URL that is not a path (a scheme, a host, `//`: the full check reads those). `false` clears the URL
    /// (nearly every request); `true` sends it to the full normalization and the full check.
    @inline(__always)
    func mayBeRefused(_ bytes: UnsafeBufferPointer<UInt8>, checks: RequestChecks) -> Bool {
        guard pathEnd >= 0, let base = bytes.baseAddress else { return true }
        if hasEmptySegment, checks.contains(.emptySegments) { return true }
        // A `.` or `..` segment (the scan's own ranges, read without bounds checks).
        if hasDotLedSegment, let ranges = segments.base {
            for index in 0..<segments.count {
                let segment = ranges[index]
                if segment.count <= 2, base[segment.lowerBound] == UInt8(ascii: "."),
                    base[segment.upperBound &- 1] == UInt8(ascii: ".")
                {
                    return true
                }
            }
        }
        let end = pathEnd
        // The path's bytes, sixteen then eight at a time (the last eight overlapping the ones before).
        guard end >= 8 else {
            return bytes[..<end].contains { RequestRefusal.isControl($0) || $0 == UInt8(ascii: "\\") }
        }
        func word(_ offset: Int) -> UInt64 {
            UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
        }
        var found: UInt64 = 0
        var index = 0
        while index + 16 <= end {
            found |= PlainScan.refusableMask(word(index)) | PlainScan.refusableMask(word(index + 8))
            index += 16
        }
        if index + 8 <= end {
            found |= PlainScan.refusableMask(word(index))
            index += 8
        }
        if index < end { found |= PlainScan.refusableMask(word(end - 8)) }
        return found != 0
    }

    /// Nonzero when a byte of `word` is a control character (below 0x20, or 0x7F) or `\`; rarely
    /// (a byte 0xFF below a 0x7E) when none is, which only sends a URL to the full check.
    ///
    /// For an ASCII byte `b` (high bit clear, kept by `& ~word`), the high bit of `b - 0x20` is set
    /// when `b < 0x20`, of `b + 1` when `b == 0x7F`, and of `(b ^ 0x5C) - 1` when `b == 0x5C`; a
    /// borrow only travels up from a byte that is one of them.
    static func refusableMask(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let flagged = (word &- 0x20 &* ones) | (word &+ ones) | ((word ^ 0x5C &* ones) &- ones)
        return flagged & ~word & 0x8080_8080_8080_8080
    }
}

extension RequestURL {
    /// Tokenizes `bytes` into `scan` (``PlainScan/tokenize(_:segments:)``): a URL that is a
    /// path (no scheme, no authority, the usual server request) in one pass to its query; any
    /// other by its parts (``URLLayout``), then its path. Either way its path goes through
    /// ``splitPath(_:from:to:into:)``, the one segment splitter.
    static func scanPlain(
        _ bytes: UnsafeBufferPointer<UInt8>, into scan: inout PlainScan
    ) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let total = bytes.count
        if base[0] == UInt8(ascii: "/") && (total == 1 || base[1] != UInt8(ascii: "/")) {
            let index = splitPath(base, from: 0, to: total, into: &scan)
            scan.pathEnd = index
            if index < total { scanTail(base, from: index, to: total, into: &scan) }
            return
        }

        let layout = URLLayout(bytes)
        if layout.hasPercent, let authority = layout.authority,
            find(UInt8(ascii: "%"), in: base, from: authority.lowerBound, to: authority.upperBound)
                < authority.upperBound
        {
            // The path's escapes are noted by its split, the query's and the fragment's below.
            scan.marks.insert(.escapedAuthority)
        }
        // The query and the fragment start at the first `?` or `#` (the one before the other).
        if let tail = layout.query.map({ $0.lowerBound - 1 }) ?? layout.fragment.map({ $0.lowerBound - 1 }) {
            scanTail(base, from: tail, to: total, into: &scan)
        }
        if let range = layout.scheme {
            if bytes[range].contains(where: { asciiLower($0) != $0 }) { scan.marks.insert(.upperCaseScheme) }
            scan.scheme = range
        }
        _ = splitPath(base, from: layout.path.lowerBound, to: layout.path.upperBound, into: &scan)
        scan.layoutPath = layout.path
        scan.hasAuthority = layout.authority != nil
        if let range = layout.host, !range.isEmpty { scan.hostSpan = RequestURL.span(range) }
        scan.userinfoSpan = RequestURL.span(layout.userinfo)
        scan.portSpan = RequestURL.span(layout.port)
    }

    /// Reads the query and the fragment of the URL at `base`, which start at `start` (its `?` or
    /// `#`) and end at `total`: where they start, whether they hold a `%`, and whether every
    /// escape is well-formed (``PercentCoding/EscapeCheck``). Only their escapes are read.
    ///
    /// The query and the fragment are each a part of its own, but one check of both at once says
    /// the same, so the `#` between them is not looked for: a `#` is no hex digit, so it never
    /// ends a well-formed escape, and a scalar that escapes in the query leave unfinished is
    /// malformed either way (the escape after the `#` does not follow the one before it, or
    /// there is none).
    static func scanTail(_ base: UnsafePointer<UInt8>, from start: Int, to total: Int, into scan: inout PlainScan) {
        scan.tail = URLTail(start: start)
        checkEscapes(base, from: start + 1, to: total, into: &scan)
    }

    /// Marks in `scan` whether the part of the URL at `base` from `start` to `end` holds a `%`,
    /// and whether one of its escapes is malformed. Escapes often come in runs (`%C3%A9`): the
    /// byte after one is looked at before the next is searched for.
    static func checkEscapes(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, into scan: inout PlainScan) {
        var index = find(UInt8(ascii: "%"), in: base, from: start, to: end)
        guard index < end else { return }
        scan.marks.insert(.escapedTail)
        var check = PercentCoding.EscapeCheck(from: start)
        while index < end {
            guard check.value(ofEscapeAt: index, in: base, end: end) != nil else {
                scan.marks.insert(.malformedTail)
                return
            }
            index &+= 3
            if index < end, base[index] != UInt8(ascii: "%") {
                index = find(UInt8(ascii: "%"), in: base, from: index, to: end)
            }
        }
        if !check.isComplete { scan.marks.insert(.malformedTail) }
    }

    /// The offset of the first `byte` in `base` from `start` up to `end`, or `end`.
    static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard end > start, let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Splits the path that starts at `start` in `base` into `scan`'s segments, which holds none
    /// yet: its non-empty `/`-separated parts, up to its first `?` or `#` or `end`, where it stops
    /// and which it returns; notes in `scan` a `%`, an empty segment between two others, a segment
    /// that starts with `.`, and the run the segments make when no empty one lies between them.
    @inline(__always)
    static func splitPath(_ base: UnsafePointer<UInt8>, from start: Int, to total: Int, into scan: inout PlainScan)
        -> Int
    {
        var index = start
        var segmentStart = start
        // The segments are one run of the path unless an empty segment lies between two of them.
        var emptySegmentSeen = false
        // Whether a segment starts with `.` (for the request checks, ``PlainScan/mayBeRefused(_:checks:)``).
        var dotLed = false
        var contiguous = true
        // Which segments hold a `%` (``PlainScan/escapedSegments``): the one being read is the next.
        var escaped: UInt64 = 0
        func percent() { escaped |= 1 &<< UInt64(Swift.min(scan.segments.count, 63)) }
        // `/`, `?`, `#` and `%` as bits of one word: one rarely taken branch per ordinary byte.
        let delimiters: UInt64 = 1 << 0x2F | 1 << 0x3F | 1 << 0x23 | 1 << 0x25
        // A `/` at `position`: the segment before it, if any, ends there.
        func slash(at position: Int) {
            if position > segmentStart {
                if emptySegmentSeen { contiguous = false }
                if base[segmentStart] == UInt8(ascii: ".") { dotLed = true }
                scan.segments.append(segmentStart..<position)
            } else if scan.segments.count > 0 {
                emptySegmentSeen = true
            }
            segmentStart = position + 1
        }
        scanning: while index < total {
            if index + 8 <= total {
                // Eight bytes at a time, each delimiter among them in turn: the next eight are
                // read without waiting for where this word's delimiters are.
                var found = PlainScan.delimiterMask(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                while found != 0 {
                    let position = index &+ found.trailingZeroBitCount &>> 3
                    found &= found &- 1
                    switch base[position] {
                    case UInt8(ascii: "/"): slash(at: position)
                    case UInt8(ascii: "%"): percent()
                    case UInt8(ascii: "?"), UInt8(ascii: "#"):
                        index = position
                        break scanning
                    default: break  // `!` or `'`, which the mask does not tell from `#` and `%`
                    }
                }
                index += 8
                continue
            }
            let byte = base[index]
            if byte < 64, delimiters & (1 << UInt64(byte)) != 0 {
                if byte == UInt8(ascii: "/") {
                    slash(at: index)
                } else if byte == UInt8(ascii: "%") {
                    percent()
                } else {
                    break  // `?` or `#`
                }
            }
            index += 1
        }
        if index > segmentStart {
            if emptySegmentSeen { contiguous = false }
            if base[segmentStart] == UInt8(ascii: ".") { dotLed = true }
            scan.segments.append(segmentStart..<index)
        }
        if escaped != 0 {
            scan.escapedSegments = escaped
            scan.marks.insert(.escapedPath)
        }
        scan.hasEmptySegment = emptySegmentSeen
        scan.hasDotLedSegment = dotLed
        if contiguous, scan.segments.count > 0 {
            scan.segmentRun = scan.segments[0].lowerBound..<scan.segments[scan.segments.count - 1].upperBound
        }
        return index
    }
}
