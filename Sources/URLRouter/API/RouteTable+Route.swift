extension RouteTable {
    /// One route of a table: a pattern, what it answers, and its value.
    public struct Route: Sendable {
        /// The pattern (`/users/:id(\\d+)`, `app://host/*`, `/files/**`; see `Docs/SEMANTICS.md`).
        package var pattern: String
        /// The HTTP method (any case), or `nil` for any.
        package var method: String?
        /// The variant tag, or `nil` for the untagged route.
        package var variant: String?
        /// The priority; higher wins first. Default 0.
        package var priority: Int
        /// A name reported on matches.
        package var name: String?
        /// The value a match answers.
        package var value: Value

        /// Makes a route.
        public init(
            _ pattern: String, method: String? = nil, variant: String? = nil, priority: Int = 0, name: String? = nil,
            value: Value
        ) {
            self.pattern = pattern
            self.method = method
            self.variant = variant
            self.priority = priority
            self.name = name
            self.value = value
        }
    }
}
