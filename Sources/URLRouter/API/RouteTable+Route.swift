extension RouteTable {
    /// One route of a table: a pattern (and a host pattern) with what it answers, and its value.
    public struct Route: Sendable {
        /// The pattern (`/users/:id(\\d+)`, `app://host/*`, `/files/**`; see `Docs/SEMANTICS.md`).
        public var pattern: String
        /// The host pattern (`api.example.com`, `{tenant}.example.com`, `*.example.com`;
        /// SEMANTICS.md section 11), or `nil` for a route of any host.
        public var host: String?
        /// The HTTP method (any case), or `nil` for any.
        public var method: String?
        /// The variant tag, or `nil` for the untagged route.
        public var variant: String?
        /// The priority; higher wins first. Default 0.
        public var priority: Int
        /// The route's name: reported on matches, and what ``RouteTable/url(forRouteNamed:parameters:catchAll:query:)`` builds from.
        public var name: String?
        /// The value a match answers.
        public var value: Value

        /// Makes a route.
        ///
        /// - Parameters:
        ///   - pattern: the path pattern.
        ///   - method: the HTTP method, or `nil` for any.
        ///   - host: the host pattern, or `nil` for any host.
        ///   - variant: the variant tag.
        ///   - priority: higher wins first.
        ///   - name: the route's name.
        ///   - value: what a match answers.
        public init(
            _ pattern: String, method: String? = nil, host: String? = nil, variant: String? = nil, priority: Int = 0,
            name: String? = nil, value: Value
        ) {
            self.pattern = pattern
            self.host = host
            self.method = method
            self.variant = variant
            self.priority = priority
            self.name = name
            self.value = value
        }
    }
}
