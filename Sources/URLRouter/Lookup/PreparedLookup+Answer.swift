extension PreparedLookup {
    /// What a prepared lookup answers (step 5, owning) before a table's value is attached to it:
    /// the match, or the miss. ``RouteTable/answer(_:url:variants:extra:)`` attaches the value,
    /// inlined into the layer that calls it, where the value's type is known.
    public struct Answer: Sendable {
        /// The match, or the miss.
        @usableFromInline let result: Result<RouteMatch, RouteMiss>

        /// Wraps `result`.
        init(_ result: Result<RouteMatch, RouteMiss>) {
            self.result = result
        }
    }
}
