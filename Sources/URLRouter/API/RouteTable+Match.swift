extension RouteTable {
    /// An owning match: the winning route, its value and its parameters.
    public struct Match: Sendable {
        /// The value of the winning route.
        public let value: Value
        /// The match itself: the route, the parameters, the normalized URL (for the handler
        /// router and the tools).
        @usableFromInline let details: RouteMatch

        @usableFromInline
        init(value: Value, details: RouteMatch) {
            self.value = value
            self.details = details
        }

        /// Path parameters and query items, by name.
        public var parameters: Parameters { Parameters(details) }

        /// The winning route: its pattern, method, variant and name (`match.route.pattern`, say,
        /// to label a request's metrics and traces by route).
        public var route: RouteRegistration { details.route }

        /// The segments the catch-all (`**`) took, decoded and joined by `/`, when the route has one.
        public var catchall: String? { details.catchall }

        /// The host the lookup routed on (the one given, else the URL's own; lower-cased, without
        /// port or trailing `.`), or `nil` when it had none.
        public var host: String? { details.host }
    }
}

extension RouteTable.Match: CustomStringConvertible {
    /// The value, then the match: `user: GET /users/:id (id: 42) for /users/42`.
    public var description: String { "\(value): \(details)" }
}

// What a layer over the table and the tools read of a match beyond a server's view: the URL as
// passed, rewritten and normalized, the parameters by index, and the match in words.
@_spi(HandlerRouter) extension RouteTable.Match {
    /// The URL the caller passed.
    public var url: String { details.url }

    /// The URL after rewriting, when a rule applied.
    public var rewrittenURL: String? { details.rewrittenURL }

    /// The lower-cased scheme (or the default scheme).
    public var scheme: String? { details.scheme }

    /// The normalized path: `/` and the decoded segments (`%2F`, `%25` shown encoded).
    public var path: String { details.path }

    /// The fragment as written.
    public var fragment: String? { details.fragment }

    /// The route and what it took, without the value: `GET /users/:id (id: 42) for /users/42`.
    public var summary: String { details.description }

    /// The number of path parameters (for the instruction count of `Benchmarks/LookupCost`).
    @inlinable public var parameterCount: Int { details.parameterCount }

    /// Path parameter `index`'s value, fully decoded: a slice of the URL when it held no
    /// escape (for the instruction count of `Benchmarks/LookupCost`).
    @inlinable public func parameter(at index: Int) -> Substring { details.parameter(at: index) }
}
