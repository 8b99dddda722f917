/// One thing wrong with a set of routes and rewrite rules, found by
/// ``RouteTable/validate(_:rewriteRules:options:backend:)`` before anything serves: a route or rule
/// that is refused, a route that replaces an earlier one, or a table that cannot be compiled.
///
/// ```
/// route 2 (GET /a/:name): duplicateRoute: '/a/:name': replaces route 0 (GET /a/:id), registered before it with the same pattern, method and variant
/// ```
public struct RouteProblem: Error, Sendable, CustomStringConvertible {
    /// What a problem is about.
    public enum Subject: Sendable, Hashable {
        /// The route at this index of the routes validated.
        case route(Int)
        /// The rewrite rule at this index of the rules validated.
        case rewriteRule(Int)
        /// The table as a whole: the backend could not compile routes and rules that each passed.
        case table
    }

    /// What the problem is about.
    public let subject: Subject
    /// For a route that replaces an earlier one with the same pattern, method and variant: the
    /// earlier route's index. The later route is not refused: a table serves it in the earlier
    /// one's place (under ``RouterOptions/DuplicateRoutes/replace``).
    public let replacedRoute: Int?
    /// The refusal, with the pattern or rule and, where there is one place, its offset.
    public let error: RouterError
    /// How the route, rule or table is named in ``description``: `route 2 (GET /a/:name)`.
    let subjectText: String

    /// Whether a table leaves the route or rule out: every problem but a replacement under
    /// ``RouterOptions/DuplicateRoutes/replace``.
    public let isRefusal: Bool

    init(subject: Subject, subjectText: String, error: RouterError, replacedRoute: Int? = nil, isRefusal: Bool = true) {
        self.subject = subject
        self.subjectText = subjectText
        self.error = error
        self.replacedRoute = replacedRoute
        self.isRefusal = isRefusal
    }

    /// The subject, then the refusal: `route 2 (GET /a/:name): duplicateRoute: ...`.
    public var description: String { "\(subjectText): \(error)" }
}

extension RouteProblem {
    /// What a route that replaces `earlier` is told: the one wording, for ``RouteTable`` and the
    /// integrations alike.
    static func replacing(_ earlier: String) -> String {
        "replaces \(earlier), registered before it with the same pattern (parameter names aside), method and variant"
    }

    /// The problem in the words of an integration that names routes its own way (`GET
    /// /users/{id}`): the subject, then what it replaces or the refusal. Rules and the table are
    /// named as ``description`` names them.
    ///
    /// - Parameter name: names a route by its index.
    package func description(namingRoute name: (Int) -> String) -> String {
        let subjectName = if case .route(let index) = subject { name(index) } else { subjectText }
        if let replacedRoute, !isRefusal { return "\(subjectName): \(Self.replacing(name(replacedRoute)))" }
        return "\(subjectName): \(error)"
    }
}
