@_spi(HandlerRouter) public import URLRouter

/// A handler router's match: the route, the parameters and the normalized URL the route table
/// found, and what the router adds, the transition and the callback URL.
public struct RouterMatch: Sendable, CustomStringConvertible {
    /// The route table's match.
    package let tableMatch: RouteTable<RouteHandler>.Match
    /// The transition prefix removed from the path (``HandlerOptions/transitionPrefixes``),
    /// spelled as configured.
    public let transition: String?
    /// The fragment as a callback URL (``HandlerOptions/fragmentAsCallbackURL``).
    public let callbackURL: String?

    package init(tableMatch: RouteTable<RouteHandler>.Match, transition: String?, callbackURL: String?) {
        self.tableMatch = tableMatch
        self.transition = transition
        self.callbackURL = callbackURL
    }

    /// The winning registration (its pattern, method, variant and name).
    public var route: RouteRegistration { tableMatch.route }
    /// Path parameters, query items and the caller's extra values, by name.
    public var parameters: Parameters { tableMatch.parameters }
    /// The number of path parameters.
    public var parameterCount: Int { tableMatch.parameterCount }
    /// Path parameter `index`'s value, fully decoded: a slice of the URL when it held no escape.
    public func parameter(at index: Int) -> Substring { tableMatch.parameter(at: index) }
    /// The segments the catch-all took, decoded and joined by `/`, when the route has one.
    public var catchall: String? { tableMatch.catchall }
    /// The URL the caller passed.
    public var url: String { tableMatch.url }
    /// The URL after rewriting, when a rule applied.
    public var rewrittenURL: String? { tableMatch.rewrittenURL }
    /// The lower-cased scheme (or the default scheme).
    public var scheme: String? { tableMatch.scheme }
    /// The host, when the URL has one.
    public var host: String? { tableMatch.host }
    /// The normalized path: `/` and the decoded segments (`%2F`, `%25` shown encoded).
    public var path: String { tableMatch.path }
    /// The fragment as written.
    public var fragment: String? { tableMatch.fragment }

    /// The route and what it took, for a log line or `print`:
    /// `GET /users/:id (id: 42) for /users/42?tab=repos`.
    public var description: String { tableMatch.summary }
}
