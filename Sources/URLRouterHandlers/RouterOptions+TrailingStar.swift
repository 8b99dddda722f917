@_spi(HandlerRouter) public import URLRouter

extension RouterOptions {
    /// What a `*` that ends a pattern matches.
    public enum TrailingStar: Sendable, Hashable, CaseIterable {
        /// One or more remaining segments, reported as the match's `catchall` (the iOS routers).
        case catchAll
        /// Exactly one segment, like a `*` in the middle (routing-kit, Hummingbird, a table's
        /// default).
        case singleSegment
    }

    /// What a final `*` matches: ``TrailingStar/catchAll`` for the handler router
    /// (``handlerRouter``), ``TrailingStar/singleSegment`` in a table's own defaults, where `**`
    /// is the catch-all.
    public var trailingStar: TrailingStar {
        get { starRule == .catchAll ? .catchAll : .singleSegment }
        set { starRule = newValue == .catchAll ? .catchAll : .singleSegment }
    }

}

@_spi(HandlerRouter) extension RouterOptions.TrailingStar: CaseNamed {}
