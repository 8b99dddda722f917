@_spi(HandlerRouter) import URLRouter

extension HandlerOptions {
    /// Whether the URL's host is its first path segment, as in the iOS routers' app URLs
    /// (`app://page/detail`).
    public enum HostAsSegment: Sendable, Hashable, CaseIterable {
        /// The host is always the first segment (`app://page/x` has segments `page`, `x`).
        case always
        /// A host containing `.` (`www.example.com`) is not a segment.
        case unlessDotted
        /// Neither a dotted host nor `localhost` is a segment.
        case unlessDottedOrLocalhost
        /// The host never takes part in matching, as in a server's table.
        case never

        /// Whether `host` (as written; its escapes decided decoded) is a segment under this rule.
        func takes(_ host: Substring) -> Bool {
            switch self {
            case .always: return true
            case .never: return false
            case .unlessDotted, .unlessDottedOrLocalhost:
                let decoded = HostAsSegment.decoded(host)
                if decoded.contains(UInt8(ascii: ".")) { return false }
                return self == .unlessDotted || !asciiCaseInsensitiveEqual(decoded, "localhost".utf8)
            }
        }

        /// The bytes of `host` with each well-formed escape decoded (a malformed one is the
        /// table's to refuse: it is kept as written).
        static func decoded(_ host: Substring) -> [UInt8] {
            let bytes = Array(host.utf8)
            var decoded: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                {
                    decoded.append(high << 4 | low)
                    index += 3
                } else {
                    decoded.append(bytes[index])
                    index += 1
                }
            }
            return decoded
        }

        static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}

@_spi(HandlerRouter) extension HandlerOptions.HostAsSegment: CaseNamed {}
