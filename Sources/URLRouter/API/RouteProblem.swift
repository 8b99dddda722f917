/// One thing wrong with a set of routes and rewrite rules, found by
/// ``RouteTable/validate(_:rewriteRules:options:backend:)`` before anything serves: a route or rule
/// that is refused, a route that replaces an earlier one, or a table that cannot be compiled.
///
/// ```
/// route 2 (GET /a/:name): duplicateRoute: '/a/:name': replaces route 0 (GET /a/:id), registered before it with the same pattern, method and variant
/// ```
public struct RouteProblem: Sendable, CustomStringConvertible {
    /// The index of the route the problem is about, in the routes validated; `nil` for a rule or
    /// the table.
    public let route: Int?
    /// The index of the rewrite rule the problem is about, in the rules validated; `nil` for a
    /// route or the table. (Neither: the backend could not compile routes and rules that each passed.)
    public let rewriteRule: Int?
    /// The refusal, with the pattern or rule and, where there is one place, its offset.
    public let error: RouterError
    /// Whether a table leaves the route or rule out: every problem but a replacement under
    /// ``RouterOptions/DuplicateRoutes/replace``.
    public let isRefusal: Bool
    /// For a route that replaces an earlier one with the same pattern, method and variant: the
    /// earlier route's index (the later route serves in its place).
    let replacedRoute: Int?
    /// How the route, rule or table is named in ``description``: `route 2 (GET /a/:name)`.
    let subjectText: String
    /// The whole description, when an integration words it its own way (see ``named(_:location:)``).
    private var text: String?
    /// `file:line` of the call that added the route, where an integration knows it.
    package private(set) var location: String?

    package init(
        route: Int? = nil, rewriteRule: Int? = nil, subjectText: String, error: RouterError, replacedRoute: Int? = nil,
        isRefusal: Bool = true
    ) {
        self.route = route
        self.rewriteRule = rewriteRule
        self.subjectText = subjectText
        self.error = error
        self.replacedRoute = replacedRoute
        self.isRefusal = isRefusal
    }

    /// The subject, then the refusal: `route 2 (GET /a/:name): duplicateRoute: ...`.
    public var description: String { text ?? "\(subjectText): \(error)" }
}

extension RouteProblem {
    /// What a route that replaces `earlier` is told: the one wording, for ``RouteTable`` and the
    /// integrations alike.
    static func replacing(_ earlier: String) -> String {
        "replaces \(earlier), registered before it with the same pattern (parameter names aside), method and variant"
    }

    /// The problem in the words of an integration that names routes its own way (`GET
    /// /users/{id}`), with the file and line that added the route where it knows them: the
    /// subject, then what it replaces or the refusal. Rules and the table are named as
    /// ``description`` names them.
    ///
    /// - Parameters:
    ///   - name: names a route by its index.
    ///   - location: the `file:line` that added a route, by its index.
    package func named(_ name: (Int) -> String, location: (Int) -> String? = { _ in nil }) -> RouteProblem {
        var named = self
        let subjectName = route.map(name) ?? subjectText
        if let replacedRoute, !isRefusal {
            named.text = "\(subjectName): \(Self.replacing(name(replacedRoute)))"
        } else {
            named.text = "\(subjectName): \(error)"
        }
        named.location = route.flatMap(location)
        return named
    }
}
