@_spi(HandlerRouter) import URLRouter

extension HandlerOptions {
    /// What a `*` that ends a pattern matches.
    public enum TrailingStar: Sendable, Hashable, CaseIterable {
        /// One or more remaining segments, reported as the match's `catchall` (the iOS routers):
        /// the pattern registers as if it ended in `**`.
        case catchAll
        /// Exactly one segment, like a `*` in the middle (routing-kit, Hummingbird, a table).
        case singleSegment
    }
}

@_spi(HandlerRouter) extension HandlerOptions.TrailingStar: CaseNamed {}
