/// One thing wrong with a table's routes and rewrite rules, found before anything serves
/// (``RouteValidationError``): a route or rule that is refused, a route that replaces an earlier
/// one, a route file's line, or a table that cannot be compiled.
///
/// ```
/// route 1 (GET /bad/:id(): invalidConstraint: '/bad/:id(' at offset 5: ...
/// routes.txt:12:17: no handler named 'showUsr'
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
    /// ``RouterOptions/DuplicateRoutes/replace``, which the integrations report before serving.
    @_spi(Tools) public let isRefusal: Bool
    /// For a route that replaces an earlier one with the same pattern, method and variant: the
    /// earlier route's index (the later route serves in its place).
    let replacedRoute: Int?
    /// How the route, rule or table is named in ``description``: `route 2 (GET /a/:name)`.
    let subjectText: String
    /// The whole description, when an integration words it its own way (see ``named(_:location:)``).
    private var text: String?
    /// `file:line` of the call that added the route, where an integration knows it.
    @_spi(Tools) public private(set) var location: String?
    /// The place in a route file, for a problem found reading one.
    @_spi(Tools) public private(set) var place: RouteFile.Problem?

    /// The subject, then the refusal: `route 2 (GET /a/:name): duplicateRoute: ...`, or, in a
    /// route file, `routes.txt:12:5: ...`.
    public var description: String { text ?? "\(subjectText): \(error)" }
}

extension RouteProblem {
    /// What a route that replaces `earlier` is told: the one wording, for ``RouteTable`` and the
    /// integrations alike.
    static func replacing(_ earlier: String) -> String {
        "replaces \(earlier), registered before it with the same pattern (parameter names aside), method and variant"
    }
}

// The integrations' and route files' problems: made, placed and worded outside the table.
@_spi(Tools) extension RouteProblem {
    /// A problem about route `route` or rule `rewriteRule` (neither: the table), named by
    /// `subjectText`; `replacedRoute` is the earlier route a replacing one serves in place of.
    public init(
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

    /// A problem at a place in a route file, described as a compiler reports it
    /// (`routes.txt:12:5: message`): `error` when a pattern or rule is refused, else a table
    /// entry the file does not hold in a form a router reads.
    public init(at place: RouteFile.Problem, error: RouterError? = nil) {
        self.init(
            subjectText: place.file,
            error: error ?? RouterError(.invalidRouteTable, input: place.file, message: place.message))
        text = place.description
        self.place = place
    }

    /// The problem in the words of an integration that names routes its own way (`GET
    /// /users/{id}`), with the file and line that added the route where it knows them: the
    /// subject, then what it replaces or the refusal. Rules and the table are named as
    /// ``description`` names them.
    ///
    /// - Parameters:
    ///   - name: names a route by its index.
    ///   - location: the `file:line` that added a route, by its index.
    public func named(_ name: (Int) -> String, location: (Int) -> String? = { _ in nil }) -> RouteProblem {
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
