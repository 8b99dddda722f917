@_spi(HandlerRouter) public import URLRouter

extension RouterOptions {
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

        /// The table's rule of this case.
        var rule: HostRule {
            switch self {
            case .always: .always
            case .unlessDotted: .unlessDotted
            case .unlessDottedOrLocalhost: .unlessDottedOrLocalhost
            case .never: .never
            }
        }
    }

    /// Whether the host is a path segment: ``HostAsSegment/always`` for the handler router
    /// (``handlerRouter``), ``HostAsSegment/never`` in a table's own defaults.
    public var hostAsSegment: HostAsSegment {
        get {
            switch hostRule {
            case .always: .always
            case .unlessDotted: .unlessDotted
            case .unlessDottedOrLocalhost: .unlessDottedOrLocalhost
            case .never: .never
            }
        }
        set { hostRule = newValue.rule }
    }
}

@_spi(HandlerRouter) extension RouterOptions.HostAsSegment: CaseNamed {}
