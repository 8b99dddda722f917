#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The parts of a URL exactly as written:
/// `[scheme ":"] ["//" authority] path ["?" query] ["#" fragment]`.
///
/// Splitting never fails and never decodes: the fragment starts at the first `#`,
/// the query at the first `?` before it; a scheme is `ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")`
/// followed by `:`; the authority follows `//` up to the next `/`. In the authority,
/// userinfo ends at the last `@`, and the port follows the first `:` after the host
/// (an IPv6 host keeps its brackets). These are the values of a rewrite target's
/// `$scheme`, `$host`, `$port`, `$path`, `$query` and `$fragment`.
@_spi(HandlerRouter) public struct URLParts: Sendable, Hashable {
    /// The scheme as written, without `:`.
    var scheme: Substring?
    /// The authority (userinfo, host, port) when the URL has `//`.
    var authority: Substring?
    /// The userinfo, without `@`.
    var userinfo: Substring?
    /// The host as written (empty in `app:///x`).
    public var host: Substring?
    /// The port as written, without `:`.
    var port: Substring?
    /// The path as written, with its leading `/` when it has one.
    public var path: Substring
    /// The query, without `?`.
    var query: Substring?
    /// The fragment, without `#`.
    var fragment: Substring?

    /// Splits `url` into its parts. Never fails.
    init(_ url: Substring) {
        self.init(String(url))
    }

    /// Splits `url` into its parts. Never fails.
    public init(_ url: String) {
        let layout = URLLayout(url)
        func slice(_ range: Range<Int>) -> Substring { layout.slice(url, range) }
        scheme = layout.scheme.map(slice)
        authority = layout.authority.map(slice)
        userinfo = layout.userinfo.map(slice)
        host = layout.host.map(slice)
        port = layout.port.map(slice)
        path = slice(layout.path)
        query = layout.query.map(slice)
        fragment = layout.fragment.map(slice)
    }

    /// `text` as a lookup compares a segment (SEMANTICS.md section 1: escapes decoded but `%2F`
    /// and `%25`), or `nil` when one of its escapes is malformed.
    public static func comparisonForm(_ text: Substring) -> String? {
        PercentCoding.comparisonForm(text)
    }

    /// Whether `text` is a scheme name: `ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")`.
    public static func isScheme(_ text: String) -> Bool {
        let withColon = text + ":"
        return schemeEnd(withColon[...]) == withColon.utf8.index(before: withColon.utf8.endIndex)
    }

    /// The index of the `:` that ends a scheme at the start of `text`, if any.
    public static func schemeEnd(_ text: Substring) -> Substring.Index? {
        guard let offset = text.withUTF8Bytes({ URLLayout.schemeEnd($0) }) else { return nil }
        return text.utf8.index(text.startIndex, offsetBy: offset)
    }
}

func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
}

func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

/// Where the parts of a URL are, as UTF-8 offsets, found in one pass over its bytes.
struct URLLayout {
    var scheme: Range<Int>?
    var authority: Range<Int>?
    var userinfo: Range<Int>?
    var host: Range<Int>?
    var port: Range<Int>?
    var path: Range<Int> = 0..<0
    var query: Range<Int>?
    var fragment: Range<Int>?
    /// Whether the URL holds any `%` (else nothing needs decoding or checking).
    var hasPercent = false

    init() {}

    init(_ url: String) {
        if let layout = url.utf8.withContiguousStorageIfAvailable({ URLLayout($0) }) {
            self = layout
        } else {
            self = Array(url.utf8).withUnsafeBufferPointer { URLLayout($0) }
        }
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let total = bytes.count
        // memchr finds the delimiters (vectorized in libc); the URL is scanned only a few times.
        func find(_ byte: UInt8, from: Int, to: Int) -> Int? {
            guard to > from, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        hasPercent = find(UInt8(ascii: "%"), from: 0, to: total) != nil
        var end = total
        if let hash = find(UInt8(ascii: "#"), from: 0, to: total) {
            fragment = (hash + 1)..<total
            end = hash
        }
        if let question = find(UInt8(ascii: "?"), from: 0, to: end) {
            query = (question + 1)..<end
            end = question
        }
        var start = 0
        if let colon = URLLayout.schemeEnd(UnsafeBufferPointer(start: base, count: end)) {
            scheme = 0..<colon
            start = colon + 1
        }
        if end - start >= 2, base[start] == UInt8(ascii: "/"), base[start + 1] == UInt8(ascii: "/") {
            let authorityStart = start + 2
            let authorityEnd = find(UInt8(ascii: "/"), from: authorityStart, to: end) ?? end
            authority = authorityStart..<authorityEnd
            var hostStart = authorityStart
            var at = authorityEnd - 1
            while at >= authorityStart, base[at] != UInt8(ascii: "@") { at -= 1 }
            if at >= authorityStart {
                userinfo = authorityStart..<at
                hostStart = at + 1
            }
            var hostEnd = authorityEnd
            if hostStart < authorityEnd, base[hostStart] == UInt8(ascii: "[") {
                if let close = find(UInt8(ascii: "]"), from: hostStart, to: authorityEnd) {
                    hostEnd = close + 1
                    if hostEnd < authorityEnd, base[hostEnd] == UInt8(ascii: ":") {
                        port = (hostEnd + 1)..<authorityEnd
                    }
                }
            } else if let colon = find(UInt8(ascii: ":"), from: hostStart, to: authorityEnd) {
                hostEnd = colon
                port = (colon + 1)..<authorityEnd
            }
            host = hostStart..<hostEnd
            start = authorityEnd
        }
        path = start..<end
    }

    /// The offset of the `:` that ends a scheme at the start of `bytes`, if any:
    /// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
    static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, isASCIILetter(first) else { return nil }
        for position in 1..<bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ":") { return position }
            guard
                isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            else { return nil }
        }
        return nil
    }

    /// The part of `text` at UTF-8 offsets `range`.
    func slice(_ text: String, _ range: Range<Int>) -> Substring {
        text.utf8Slice(range)
    }
}

extension String {
    /// The text at UTF-8 offsets `range` (which must fall on character boundaries).
    @inlinable
    func utf8Slice(_ range: Range<Int>) -> Substring {
        let utf8 = self.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return Substring(utf8[lower..<upper])
    }
}
