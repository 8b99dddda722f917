/// The parts of a URL exactly as written:
/// `[scheme ":"] ["//" authority] path ["?" query] ["#" fragment]`.
///
/// Splitting never fails and never decodes: the fragment starts at the first `#`,
/// the query at the first `?` before it; a scheme is `ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")`
/// followed by `:`; the authority follows `//` up to the next `/`. In the authority,
/// userinfo ends at the last `@`, and the port follows the first `:` after the host
/// (an IPv6 host keeps its brackets). These are the values of a rewrite target's
/// `$scheme`, `$host`, `$port`, `$path`, `$query` and `$fragment`.
public struct URLParts: Sendable, Hashable {
    /// The scheme as written, without `:`.
    public var scheme: Substring?
    /// The authority (userinfo, host, port) when the URL has `//`.
    public var authority: Substring?
    /// The userinfo, without `@`.
    public var userinfo: Substring?
    /// The host as written (empty in `app:///x`).
    public var host: Substring?
    /// The port as written, without `:`.
    public var port: Substring?
    /// The path as written, with its leading `/` when it has one.
    public var path: Substring
    /// The query, without `?`.
    public var query: Substring?
    /// The fragment, without `#`.
    public var fragment: Substring?

    /// Splits `url` into its parts. Never fails.
    public init(_ url: String) {
        self.init(url[...])
    }

    /// Splits `url` into its parts. Never fails.
    public init(_ url: Substring) {
        var rest = url
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        if let colon = URLParts.schemeEnd(rest) {
            scheme = rest[..<colon]
            rest = rest[rest.index(after: colon)...]
        }
        if rest.utf8.starts(with: "//".utf8) {
            let start = rest.utf8.index(rest.startIndex, offsetBy: 2)
            let end = rest[start...].utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let authority = rest[start..<end]
            self.authority = authority
            rest = rest[end...]
            var hostPort = authority
            if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
                userinfo = authority[..<at]
                hostPort = authority[authority.index(after: at)...]
            }
            var hostEnd = hostPort.endIndex
            if hostPort.utf8.first == UInt8(ascii: "["), let close = hostPort.utf8.firstIndex(of: UInt8(ascii: "]")) {
                hostEnd = hostPort.index(after: close)
                if hostEnd < hostPort.endIndex, hostPort.utf8[hostEnd] == UInt8(ascii: ":") {
                    port = hostPort[hostPort.index(after: hostEnd)...]
                }
            } else if let colon = hostPort.utf8.firstIndex(of: UInt8(ascii: ":")) {
                hostEnd = colon
                port = hostPort[hostPort.index(after: colon)...]
            }
            host = hostPort[..<hostEnd]
        }
        path = rest
    }

    /// Whether `text` is a scheme name: `ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")`.
    public static func isScheme(_ text: String) -> Bool {
        let withColon = text + ":"
        return schemeEnd(withColon[...]) == withColon.utf8.index(before: withColon.utf8.endIndex)
    }

    /// The index of the `:` that ends a scheme at the start of `text`, if any.
    static func schemeEnd(_ text: Substring) -> Substring.Index? {
        var index = text.utf8.startIndex
        guard index < text.utf8.endIndex, isASCIILetter(text.utf8[index]) else { return nil }
        text.utf8.formIndex(after: &index)
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if byte == UInt8(ascii: ":") { return index }
            guard isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            else { return nil }
            text.utf8.formIndex(after: &index)
        }
        return nil
    }
}

@inline(__always)
func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
}

@inline(__always)
func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}
