extension RouteTable {
    /// An owning match: the winning route's value, its parameters, and everything a
    /// ``RouteMatch`` carries (``details``).
    public struct Match: Sendable {
        /// The value of the winning route.
        public let value: Value
        /// The match itself: the route, the parameters, the normalized URL.
        public let details: RouteMatch

        @usableFromInline
        package init(value: Value, details: RouteMatch) {
            self.value = value
            self.details = details
        }

        /// Path parameters and query items, by name.
        public var parameters: Parameters { Parameters(details) }
    }
}

extension RouteTable.Match: CustomStringConvertible {
    /// The value, then the match: `user: GET /users/:id (id: 42) for /users/42`.
    public var description: String { "\(value): \(details)" }
}
