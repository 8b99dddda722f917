/// The host a lookup routes on (SEMANTICS.md section 11): the host the caller gives (a server's
/// `Host` header or `:authority`), checked, else the URL's own host; either without its port and
/// one trailing `.`, ASCII letters lower-cased. The one place a lookup's host is read.
enum LookupHost {
    /// No host: what a lookup without one lends its matcher.
    static var none: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    /// A given host that is not a host: what a lookup then misses with (`malformedURL`). Its
    /// description never holds the given bytes (a `Host` header is the client's).
    struct Malformed: Error {
        /// Why, in one phrase.
        let description: String
    }

    /// `given` (a `Host` header's value) in the form a lookup compares: letters, digits, `-`, `.`
    /// and `_`, or one IPv6 literal in brackets, then at most one `:` and a port of digits, which
    /// is dropped, as is one trailing `.`.
    ///
    /// - Throws: ``Malformed`` when `given` is not that, or nothing is left.
    static func normalized(given: String) throws(Malformed) -> String {
        let bytes = Array(given.utf8)
        var end = bytes.count
        var hostEnd = end
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")),
                bytes[1..<close].allSatisfy({ HostPattern.isHexDigit($0) || $0 == UInt8(ascii: ":") }), close > 1
            else {
                throw Malformed(description: "malformed host: an IPv6 literal must be hex digits and ':' in brackets")
            }
            hostEnd = close + 1
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            hostEnd = colon
        }
        if hostEnd < end {
            let port = bytes[(hostEnd + 1)...]
            guard bytes[hostEnd] == UInt8(ascii: ":"), port.allSatisfy(isASCIIDigit) else {
                throw Malformed(description: "malformed host: a host may end in ':' and a port of digits only")
            }
            end = hostEnd
        }
        var host = bytes[..<end]
        if bytes.first != UInt8(ascii: "[") {
            if let bad = host.firstIndex(where: {
                !(HostPattern.isLiteralByte($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_"))
            }) {
                throw Malformed(
                    description:
                        "malformed host: the byte at offset \(bad) is not allowed (letters, digits, '-', '.' and '_')")
            }
            if host.last == UInt8(ascii: ".") { host = host.dropLast() }
        }
        guard !host.isEmpty else { throw Malformed(description: "malformed host: the host is empty") }
        return String(decoding: host.map(asciiLower), as: UTF8.self)
    }

    /// The URL's own host, as the URL's normalization read it (in comparison form, without its
    /// port), fully decoded as a path parameter is, in the form a lookup compares; `nil` when it is
    /// empty.
    static func normalized(urlHost: Substring) -> String? {
        let decoded =
            urlHost.utf8.contains(UInt8(ascii: "%")) ? PercentCoding.decodeComparisonForm(urlHost)[...] : urlHost
        var host = decoded.utf8[...]
        if host.last == UInt8(ascii: "."), host.first != UInt8(ascii: "[") { host = host.dropLast() }
        guard !host.isEmpty else { return nil }
        return String(decoding: host.map(asciiLower), as: UTF8.self)
    }
}
