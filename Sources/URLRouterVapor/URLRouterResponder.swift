#if Vapor
import Dispatch
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter
public import Vapor

/// Vapor's `Responder` matching with URLRouter: the routes an app registers with `app.get(...)`
/// (and with ``Vapor/RoutesBuilder/on(pattern:method:priority:body:use:)``), compiled into one
/// table, one lookup per request.
///
/// Install it with one line, `app.responder.use(.urlRouter)`; or make one yourself to see a
/// refused route as an error before the server starts.
///
/// - It answers as Vapor's router answers: 404 for a path no route of the request's method takes,
///   HEAD through GET routes (Vapor's server drops the body). With `answersMethodNotAllowed`, a
///   path that routes of other methods take answers 405 with an `Allow` header listing them, and
///   OPTIONS, when no route takes it, 204 with the same header.
/// - `req.parameters.get("id")` and `getCatchall()` read what matched, decoded once; `req.route` is
///   the Vapor route, for logs and the `http_requests_total` metrics Vapor's own responder reports.
/// - The application's middleware runs around every answer, the misses included.
public struct URLRouterResponder: Responder {
    /// A route's answer: the Vapor route and its responder behind the application middleware.
    struct Target: Sendable {
        let route: Route
        let responder: any Responder
        /// Whether the route reads its path parameters as written (``RawPathParameters``).
        let wantsRawParameters: Bool
    }

    /// What a lookup found, copied out of the borrowed match.
    enum Found {
        case target(Target, rawParameters: [String: Substring]?)
        case miss(RouteMiss.Reason, allowedMethods: [String])
    }

    /// Where the table comes from.
    enum Serving: Sendable {
        /// A table compiled once, from the application's routes.
        case fixed(RouteTable<Target>)
        /// The table a route file serves now, beside the application's routes.
        case live(LiveRouteTable<Target>)
    }

    let serving: Serving
    let middleware: [any Middleware]
    let notFoundResponder: any Responder
    /// Whether the query goes to the lookup (rewrite rules may read it).
    let readsQuery: Bool
    let reportMetrics: Bool

    /// URLRouter's defaults, a server's: Vapor's meanings (a final `*` is one segment and the host
    /// is never a path segment), and the strict profile's checks
    /// (``URLRouter/RequestChecks/strict``): a path with a control character, a `.` or `..`
    /// segment, `..` between encoded slashes or a backslash is answered 400 before any route runs.
    /// Turn a check off by removing it from `requestChecks`, all of them with
    /// `options.requestChecks = []`.
    public static var vaporOptions: RouterOptions { RouterOptions() }

    /// Compiles `routes` into one table.
    ///
    /// - Parameters:
    ///   - routes: the application's routes (`app.routes`); `caseInsensitive` is honoured.
    ///   - middleware: the application middleware (`app.middleware.resolve()`).
    ///   - options: URLRouter's matching options.
    ///   - rewriteRules: `(expression, target)` pairs applied to the path and query before matching.
    ///   - backend: the matching backend; the fastest of this build by default.
    ///   - reportMetrics: whether to count requests as Vapor's own responder does.
    ///   - answersMethodNotAllowed: whether a path that only routes of other methods take answers
    ///     405 with an `Allow` header (and OPTIONS 204 with it) rather than 404, as Vapor's router.
    /// - Throws: `RouterError`, the first route or rule that URLRouter refuses (`.urlRouter`
    ///   reports every one when the application boots).
    public init(
        routes: Routes, middleware: [any Middleware] = [], options: RouterOptions = URLRouterResponder.vaporOptions,
        rewriteRules: [(expression: String, target: String)] = [], backend: RouterBackend = .default,
        reportMetrics: Bool = true, answersMethodNotAllowed: Bool = false
    ) throws(RouterError) {
        let (validation, _) = Self.validate(
            routes, middleware: middleware, options: options, answersMethodNotAllowed: answersMethodNotAllowed,
            rewriteRules: rewriteRules, backend: backend)
        if let refusal = validation.problems.first(where: \.isRefusal) { throw refusal.error }
        self.init(
            validation: validation, middleware: middleware, readsQuery: !rewriteRules.isEmpty,
            reportMetrics: reportMetrics)
    }

    /// Makes the responder for `application`'s routes, middleware and metrics setting.
    ///
    /// - Throws: `RouterError`, the first route or rule that URLRouter refuses.
    public init(
        application: Application, options: RouterOptions = URLRouterResponder.vaporOptions,
        rewriteRules: [(expression: String, target: String)] = [], backend: RouterBackend = .default,
        answersMethodNotAllowed: Bool = false
    ) throws(RouterError) {
        try self.init(
            routes: application.routes, middleware: application.middleware.resolve(), options: options,
            rewriteRules: rewriteRules, backend: backend,
            reportMetrics: application.http.server.configuration.reportMetrics,
            answersMethodNotAllowed: answersMethodNotAllowed)
    }

    /// Makes the responder for `application`, checking every route and rule in one pass: throws
    /// every refusal, and logs every route that replaces an earlier one at warning level.
    init(
        validating application: Application, options: RouterOptions,
        rewriteRules: [(expression: String, target: String)],
        backend: RouterBackend, answersMethodNotAllowed: Bool
    ) throws(RouteValidationError) {
        let middleware = application.middleware.resolve()
        let (validation, vaporRoutes) = Self.validate(
            application.routes, middleware: middleware, options: options,
            answersMethodNotAllowed: answersMethodNotAllowed, rewriteRules: rewriteRules, backend: backend)
        let problems = validation.problems.map { problem in
            problem.named { "\(vaporRoutes[$0].method) /\(vaporRoutes[$0].path.string)" }
        }
        let refusals = problems.filter(\.isRefusal)
        if !refusals.isEmpty { throw RouteValidationError(problems: refusals) }
        for problem in problems {
            application.logger.warning("URLRouter: \(problem.description)")
        }
        self.init(
            validation: validation, middleware: middleware, readsQuery: !rewriteRules.isEmpty,
            reportMetrics: application.http.server.configuration.reportMetrics)
    }

    /// `routes` as URLRouter routes, checked and compiled in one pass; with the Vapor routes, by index.
    static func validate(
        _ routes: Routes, middleware: [any Middleware], options: RouterOptions, answersMethodNotAllowed: Bool,
        rewriteRules: [(expression: String, target: String)], backend: RouterBackend
    ) -> (RouteTable<Target>.Validation, [Route]) {
        let options = Self.options(options, for: routes, answersMethodNotAllowed: answersMethodNotAllowed)
        let vaporRoutes = routes.all
        let validation = RouteTable.validate(
            tableRoutes(vaporRoutes, middleware: middleware), rewriteRules: rewriteRules, options: options,
            backend: backend)
        return (validation, vaporRoutes)
    }

    /// The options `options` with `routes`' case sensitivity.
    /// The options a table of `routes` is built with: `options`, with `routes`' case sensitivity
    /// and Vapor's method policy, which the table applies where it matches a request's method:
    /// HEAD answered through GET routes, as Vapor's router answers it
    /// (``URLRouter/RouterOptions/headMatchesGet``), and 405 only with `answersMethodNotAllowed`
    /// (``URLRouter/RouterOptions/reportsMethodNotAllowed``).
    static func options(_ options: RouterOptions, for routes: Routes, answersMethodNotAllowed: Bool) -> RouterOptions {
        var options = options
        if routes.caseInsensitive { options.caseInsensitive = true }
        options.headMatchesGet = true
        options.reportsMethodNotAllowed = answersMethodNotAllowed
        return options
    }

    /// Vapor's routes as URLRouter routes, each answering through `middleware`.
    static func tableRoutes(_ vaporRoutes: [Route], middleware: [any Middleware]) -> [RouteTable<Target>.Route] {
        vaporRoutes.map { route in
            let target = Target(
                route: route, responder: middleware.makeResponder(chainingTo: route.responder),
                wantsRawParameters: RawPathParameters.areWanted(by: route))
            let host = route.userInfo[HostRoutesBuilder.key] as? String
            if let patternRoute = route.userInfo[PatternRoute.key] as? PatternRoute {
                return RouteTable<Target>.Route(
                    patternRoute.fullPattern(of: route), method: route.method.rawValue, host: host,
                    priority: patternRoute.priority, name: patternRoute.name, value: target)
            }
            let pattern = VaporPath.pattern(route.path)
            return RouteTable<Target>.Route(
                pattern.isEmpty ? "/" : pattern, method: route.method.rawValue, host: host, value: target)
        }
    }

    /// A responder over a validation without refusals.
    init(validation: RouteTable<Target>.Validation, middleware: [any Middleware], readsQuery: Bool, reportMetrics: Bool)
    {
        guard let table = validation.table else { preconditionFailure("a validation without refusals has a table") }
        self.init(serving: .fixed(table), middleware: middleware, readsQuery: readsQuery, reportMetrics: reportMetrics)
    }

    /// A responder over the table `serving`.
    init(serving: Serving, middleware: [any Middleware], readsQuery: Bool, reportMetrics: Bool) {
        self.serving = serving
        self.middleware = middleware
        self.notFoundResponder = middleware.makeResponder(
            chainingTo: MissResponder(.failure(MissResponder.routeNotFound)))
        self.readsQuery = readsQuery
        self.reportMetrics = reportMetrics
    }

    /// Looks the request up and runs the winning route; answers 404, 405, 400 or 414 otherwise.
    public func respond(to request: Request) -> EventLoopFuture<Response> {
        let startTime = reportMetrics ? DispatchTime.now().uptimeNanoseconds : 0
        // Vapor's URI has already parsed the target (and escaped a `%` that starts no escape);
        // URLRouter decodes each segment once.
        let url = request.url
        var path = url.path
        if readsQuery, let query = url.query { path += "?" + query }
        var parameters = request.parameters
        // The host, for a table with host routes: the `Host` header (Vapor's URI has none for a
        // request target in origin form).
        let host = { request.headers.first(name: .host) ?? url.host }
        let found = withMatch(method: request.method.rawValue, routingHost: host, url: path) { lookup -> Found in
            switch lookup {
            case .match(let match):
                for index in 0..<match.parameterCount {
                    parameters.set(
                        match.parameterName(at: index), to: Self.escapingPercent(match.parameter(at: index).string))
                }
                for name in match.hostParameterNames {
                    if let value = match.parameter(name) { parameters.set(name, to: value.string) }
                }
                if let count = match.catchAllSegmentCount {
                    let segments = (0..<count).map { Self.escapingPercent(match.catchAllSegment(at: $0).string) }
                    parameters.setCatchall(matched: segments)
                    if let name = match.catchAllName { parameters.set(name, to: segments.joined(separator: "/")) }
                }
                let raw = match.value.wantsRawParameters ? RawPathParameters.of(match) : nil
                return .target(match.value, rawParameters: raw)
            case .miss(let reason, let allowedMethods):
                return .miss(reason, allowedMethods: allowedMethods)
            }
        }
        let response: EventLoopFuture<Response>
        switch found {
        case .target(let target, let rawParameters):
            request.parameters = parameters
            if let rawParameters { request.storage[RawPathParameters.self] = rawParameters }
            request.route = target.route
            response = target.responder.respond(to: request)
        case .miss(var reason, let allowed):
            // A redirect keeps the query, which a table without rewrite rules is not given.
            if case .redirect(let location) = reason, !readsQuery, let query = url.query {
                reason = .redirect(location: location + "?" + query)
            }
            let answer = MissAnswer(reason, method: request.method.rawValue, allowedMethods: allowed)
            // A 404 (as Vapor's router, also for a path only routes of other methods take, unless
            // answersMethodNotAllowed) goes through the chain built once.
            response =
                answer.status == 404
                ? notFoundResponder.respond(to: request)
                : middleware.makeResponder(chainingTo: MissResponder(answer, reason: reason)).respond(to: request)
        }
        guard reportMetrics else { return response }
        return response.always { result in
            let status: UInt
            switch result {
            case .success(let response): status = response.status.code
            case .failure: status = HTTPStatus.internalServerError.code
            }
            RouteMetrics.record(request: request, startTime: startTime, statusCode: status)
        }
    }

    /// The borrowed lookup of `url` in the routes serving now, on `host` when they route on hosts.
    func withMatch<Result>(
        method: String, routingHost host: () -> String?, url: String,
        _ body: (borrowing RouteTable<Target>.Lookup) -> Result
    ) -> Result {
        switch serving {
        case .fixed(let table): table.withMatch(method: method, routingHost: host, url: url, body)
        case .live(let table): table.withMatch(method: method, routingHost: host, url: url, body)
        }
    }

    /// The URL of the route named `name`: ``URLRouter/RouteTable/url(forRouteNamed:parameters:catchAll:query:)``
    /// of the routes serving now.
    func url(
        forRouteNamed name: String, parameters: [String: String], catchAll: [String],
        query: [(name: String, value: String)]
    ) throws(URLBuildError) -> String {
        let table: RouteTable<Target>
        switch serving {
        case .fixed(let fixed): table = fixed
        case .live(let live): table = live.table
        }
        return try table.url(forRouteNamed: name, parameters: parameters, catchAll: catchAll, query: query)
    }

    /// `value` as Vapor's `Parameters` stores it: `set` decodes once more, so a decoded `%` goes
    /// back as `%25`.
    static func escapingPercent(_ value: String) -> String {
        value.utf8.contains(UInt8(ascii: "%")) ? value.replacingOccurrences(of: "%", with: "%25") : value
    }
}
#endif
