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

        /// Whether `host` (as written) is a segment under this rule, decided on its comparison form
        /// (escapes decoded), as a segment is compared; a malformed one, which the table refuses,
        /// as written.
        func takes(_ host: Substring) -> Bool {
            switch self {
            case .always: return true
            case .never: return false
            case .unlessDotted, .unlessDottedOrLocalhost:
                let decoded = URLParts.comparisonForm(host) ?? String(host)
                if decoded.utf8.contains(UInt8(ascii: ".")) { return false }
                return self == .unlessDotted || !asciiCaseInsensitiveEqual(decoded.utf8, "localhost".utf8)
            }
        }
    }
}

@_spi(HandlerRouter) extension HandlerOptions.HostAsSegment: CaseNamed {}
