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
        var given = given
        let result = given.withUTF8 { raw -> Result<String, Malformed> in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, raw.count)) { room in
                Result { () throws(Malformed) -> String in
                    let count = try normalize(raw, into: room)
                    return String(decoding: UnsafeBufferPointer(rebasing: room[..<count]), as: UTF8.self)
                }
            }
        }
        return try result.get()
    }

    /// Writes `given` as ``normalized(given:)`` reads it to `room` (as large as `given`, at least
    /// one byte), allocating nothing; returns how many bytes it wrote.
    ///
    /// - Throws: ``Malformed`` when `given` is not a host.
    static func normalize(_ given: UnsafeBufferPointer<UInt8>, into room: UnsafeMutableBufferPointer<UInt8>)
        throws(Malformed) -> Int
    {
        var end = given.count
        let bracketed = given.first == UInt8(ascii: "[")
        var hostEnd = end
        if bracketed {
            guard let close = given.firstIndex(of: UInt8(ascii: "]")), close > 1,
                given[1..<close].allSatisfy({ HostPattern.isHexDigit($0) || $0 == UInt8(ascii: ":") })
            else {
                throw Malformed(description: "malformed host: an IPv6 literal must be hex digits and ':' in brackets")
            }
            hostEnd = close + 1
        } else if let colon = given.firstIndex(of: UInt8(ascii: ":")) {
            hostEnd = colon
        }
        if hostEnd < end {
            guard given[hostEnd] == UInt8(ascii: ":"), given[(hostEnd + 1)...].allSatisfy(isASCIIDigit) else {
                throw Malformed(description: "malformed host: a host may end in ':' and a port of digits only")
            }
            end = hostEnd
        }
        if !bracketed {
            for index in 0..<end {
                let byte = given[index]
                guard HostPattern.isLiteralByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") else {
                    throw Malformed(
                        description:
                            "malformed host: the byte at offset \(index) is not allowed (letters, digits, '-', '.' and '_')"
                    )
                }
            }
            if end > 0, given[end - 1] == UInt8(ascii: ".") { end -= 1 }
        }
        guard end > 0 else { throw Malformed(description: "malformed host: the host is empty") }
        for index in 0..<end { room[index] = asciiLower(given[index]) }
        return end
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
