#if Hummingbird
public import Hummingbird
import Logging
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter

/// A drop-in replacement for Hummingbird's `Router`, matching with URLRouter: change the line
/// that makes the router, keep every route.
///
/// ```swift
/// let router = URLRouterBuilder(context: BasicRequestContext.self)   // was: Router(context: …)
/// router.get("/users/:id") { _, context in try context.parameters.require("id", as: Int.self) }
/// router.group("/api").get("/files/**") { _, context in context.parameters.getCatchAll().joined(separator: "/") }
/// try router.on(pattern: "/orders/:id(\\d+)", method: .get) { _, _ in "an order" }  // URLRouter syntax
/// try router.validate()   // every refused or replaced route, before serving
/// let app = Application(router: router)
/// ```
///
/// Hummingbird's path syntax (`:id`, `{id}`, `{name}.jpg`, `*`, `*.jpg`, `**`) keeps its meaning:
/// `*` is one segment, `**` the rest, read with `getCatchAll()`. URLRouter's precedence decides
/// between routes that both match (SEMANTICS.md section 3: literals beat parameters beat
/// wildcards, segment by segment, whatever the registration order).
///
/// It answers as Hummingbird's router answers: 404 for a path no route of the request's method
/// takes, HEAD through GET routes only with `.autoGenerateHeadEndpoints`. Two switches give HTTP's
/// fuller answers: ``answersMethodNotAllowed`` (405 with an `Allow` header when routes of other
/// methods take the path, and 204 with it to OPTIONS) and ``answersHeadWithGet``. Middleware
/// applies to the routes added after it, as in Hummingbird, and every answer the router makes
/// itself (404, 405, the OPTIONS answer, 400 for a malformed escape and 414 past
/// ``URLRouter/RouterOptions/maxURLLength``) passes through all of the router's middleware with
/// the endpoint path `NotFound`, as Hummingbird's not-found answer does (so `CORSMiddleware`
/// answers a preflight, and `MetricsMiddleware` and `TracingMiddleware` record the miss).
public final class URLRouterBuilder<Context: RequestContext>: RouterMethods, HTTPResponderBuilder {
    /// The middleware added so far; each route is built with the middleware added before it.
    public let middlewares: MiddlewareGroup<Context>
    let options: URLRouter.RouterOptions
    let backend: RouterBackend
    /// Every route added, in order.
    var registrations: [Registration] = []
    var rewriteRules: [(expression: String, target: String)] = []
    let logger = Logger(label: "URLRouterHummingbird")
    /// The handlers route files name, each with the middleware added before it.
    var handlers: [String: any HTTPResponder<Context>] = [:]
    /// The names given to ``handler(_:use:)``, in call order.
    var handlerNames: [String] = []
    /// The route file served, once ``routeFile(_:defaultHandler:pollInterval:reloadsOnHangup:trial:logger:onOutcome:)`` has read it.
    var routeFileSource: RouteFileSource?

    /// Whether a request whose path only routes of other methods take is answered 405 with an
    /// `Allow` header listing them (and OPTIONS 204 with the same header), rather than 404 as
    /// Hummingbird's router answers; HEAD is then answered through GET routes too, as the header
    /// says. `false` by default; read when the responder is built (and by
    /// ``routeFile(_:defaultHandler:pollInterval:reloadsOnHangup:trial:logger:onOutcome:)``): the
    /// table's ``URLRouter/RouterOptions/reportsMethodNotAllowed``.
    public var answersMethodNotAllowed = false

    /// Whether a HEAD request is answered by the GET route of its path when it has no HEAD route,
    /// without a body: Hummingbird's `.autoGenerateHeadEndpoints`. `false` by default, as
    /// Hummingbird's: a HEAD request is then answered by a HEAD route, else by a route of any
    /// method (a route file's route without one), else 404. Read when the responder is built (and
    /// by ``routeFile(_:defaultHandler:pollInterval:reloadsOnHangup:trial:logger:onOutcome:)``): the
    /// table's ``URLRouter/RouterOptions/headMatchesGet``.
    public var answersHeadWithGet = false

    /// The options the router's table is built with: ``options`` and the method policy of
    /// ``answersMethodNotAllowed`` and ``answersHeadWithGet``, which the table applies where it
    /// matches a request's method.
    var tableOptions: URLRouter.RouterOptions {
        var options = self.options
        options.headMatchesGet = answersHeadWithGet || answersMethodNotAllowed
        options.reportsMethodNotAllowed = answersMethodNotAllowed
        return options
    }

    /// One route as added: its table entry, and how problems and ``routes`` name it.
    struct Registration {
        let route: RouteTable<Endpoint<Context>>.Route
        let path: RouterPath
        let method: HTTPRequest.Method
        /// The host pattern, when the route has one.
        var host: String? { route.host }
        /// `file:line` of the call that added it, where the API knows it.
        let location: String?
    }

    /// Makes an empty router with URLRouter's options.
    ///
    /// - Parameters:
    ///   - context: the request context type.
    ///   - options: URLRouter's matching options; a final `*` is one segment, as in Hummingbird.
    ///   - backend: the matching backend; the fastest of this build by default.
    public init(
        context: Context.Type = BasicRequestContext.self,
        options: URLRouter.RouterOptions = URLRouterBuilder.hummingbirdOptions, backend: RouterBackend = .default
    ) {
        // `MiddlewareGroup`'s initializer is internal to Hummingbird; its own router makes one.
        self.middlewares = Hummingbird.Router(context: Context.self).middlewares
        self.options = options
        self.backend = backend
    }

    /// Makes an empty router with Hummingbird's router options, as `Router(context:options:)` does.
    ///
    /// `.caseInsensitive` compares literal path segments without regard to ASCII case (parameters
    /// keep the request's case); `.autoGenerateHeadEndpoints` sets ``answersHeadWithGet``.
    ///
    /// - Parameters:
    ///   - context: the request context type.
    ///   - options: Hummingbird's router options.
    public convenience init(context: Context.Type = BasicRequestContext.self, options: Hummingbird.RouterOptions) {
        var urlRouterOptions = Self.hummingbirdOptions
        urlRouterOptions.caseInsensitive = options.contains(.caseInsensitive)
        self.init(context: context, options: urlRouterOptions)
        answersHeadWithGet = options.contains(.autoGenerateHeadEndpoints)
    }

    /// URLRouter's defaults, a server's: Hummingbird's meaning of a final `*` (one segment), and
    /// the strict profile's checks (``URLRouter/RequestChecks/strict``): a path with a control
    /// character, a `.` or `..` segment, `..` between encoded slashes or a backslash is answered
    /// 400 before any route runs. Turn a check off by removing it from `requestChecks`, all of
    /// them with `options.requestChecks = []`.
    public static var hummingbirdOptions: URLRouter.RouterOptions { URLRouter.RouterOptions() }

    /// A route as ``routes`` lists it, as Hummingbird's `Router.RouteDescription`, with its host.
    public struct RouteDescription: Sendable, CustomStringConvertible {
        /// The route's path, group prefixes included.
        public let path: RouterPath
        /// The route's method.
        public let method: HTTPRequest.Method
        /// The route's host pattern (``URLRouterBuilder/host(_:)``), or `nil` for any host.
        public let host: String?

        /// `GET /users/{id}`, or with its host, `GET {tenant}.example.com/users/{id}`.
        public var description: String { "\(method) \(host ?? "")\(path)" }
    }

    /// Every route added, in the order of Hummingbird's `Router.routes`: paths as a tree in the
    /// order their segments were first added, depth first, and the methods of one path by name;
    /// the routes of each host pattern after those of any host, hosts in the order first added.
    public var routes: [RouteDescription] {
        RouteListing(registrations.map { ($0.host, $0.path, $0.method) }).routes
    }

    /// Adds `responder` for `path` and `method` (Hummingbird's path syntax).
    ///
    /// A route URLRouter refuses is reported by ``validate()`` and by ``buildResponder()``.
    @discardableResult public func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        let pattern = "/" + path.components.map(\.description).joined(separator: "/")
        add(pattern, path: path, method: method, priority: 0, location: nil, responder: responder)
        return self
    }

    /// Adds a route in URLRouter's pattern syntax (constraints such as `:id(\d+)`, in-segment
    /// captures, optional parameters such as `/docs/:version?`, a named catch-all `{*path}`, a
    /// host pattern, a name, a priority).
    ///
    /// - Parameters:
    ///   - pattern: the pattern, such as `/orders/:id(\d+)`.
    ///   - method: the route's method.
    ///   - host: a host pattern such as `{tenant}.example.com` (SEMANTICS.md section 11): the
    ///     route answers only requests whose `Host` it takes, and its parameters read as path
    ///     parameters (`context.parameters.get("tenant")`); `nil` for any host.
    ///   - name: the route's name, for ``Hummingbird/RequestContext/url(for:parameters:catchAll:query:)``.
    ///   - priority: higher wins first; default 0.
    ///   - file: the file that adds the route, for ``validate()``; the caller's by default.
    ///   - line: the line that adds the route; the caller's by default.
    ///   - closure: the handler.
    /// - Throws: `RouterError` naming the pattern (or host pattern) and the position it refuses;
    ///   the route is not added.
    @discardableResult public func on(
        pattern: String, method: HTTPRequest.Method, host: String? = nil, name: String? = nil, priority: Int = 0,
        file: String = #fileID, line: Int = #line,
        use closure: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) throws(RouterError) -> Self {
        let responder = CallbackResponder<Context> { request, context in
            try await closure(request, context).response(from: request, context: context)
        }
        try RouteTable<Endpoint<Context>>.check(pattern: pattern, host: host, method: method.rawValue, backend: backend)
        add(
            pattern, path: RouterPath(pattern), method: method, host: host, name: name, priority: priority,
            location: "\(file):\(line)", responder: responder)
        return self
    }

    /// The routes of one host pattern, such as `{tenant}.example.com` (SEMANTICS.md section 11),
    /// with Hummingbird's methods: `router.host("{tenant}.example.com").get("/users/:id") { … }`.
    /// Its routes answer only requests whose `Host` the pattern takes, and read the host's
    /// parameters as path parameters. A bad host pattern is reported by ``validate()``.
    public func host(_ host: String) -> URLRouterHostGroup<Context> {
        URLRouterHostGroup(router: self, host: host)
    }

    /// Adds a rewrite rule, applied to the request target before matching.
    ///
    /// - Throws: `RouterError` when the expression or the target is refused; the rule is not added.
    public func addRewriteRule(_ expression: String, target: String) throws(RouterError) {
        try RouteTable<Endpoint<Context>>.check(rewriteRule: (expression, target), backend: backend)
        rewriteRules.append((expression, target))
    }

    /// Adds middleware, applied to the routes added after it and to the answers the router makes
    /// itself.
    @discardableResult public func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        middlewares.add(middleware)
        return self
    }

    /// Checks every route and rewrite rule as ``buildResponder()`` will compile them, on its
    /// backend and with its options, as Hummingbird's `Router.validate()` checks its routes.
    ///
    /// - Throws: `RouteValidationError` listing every route URLRouter refuses, every route
    ///   that replaces an earlier one (`/a/:id` and `/a/:name` are one route: the later would
    ///   answer for both, whatever ``URLRouter/RouterOptions/duplicateRoutes`` says), every refused
    ///   rewrite rule, and a table the backend cannot compile; each named by its method and path
    ///   (group prefixes included) and, for ``on(pattern:method:priority:file:line:use:)``, the
    ///   file and line that added it.
    public func validate() throws(RouteValidationError) {
        let problems = validation().problems.map(describe) + (routeFileSource.map(lateAdditions) ?? [])
        if !problems.isEmpty { throw RouteValidationError(problems: problems) }
    }

    /// Compiles the routes into one responder.
    ///
    /// When ``validate()`` would throw: debug builds stop with an `assertionFailure` naming every
    /// problem, as Hummingbird's router does; release builds log each problem at error level,
    /// leave out the refused routes and rules and serve the rest (a route that replaces another
    /// serves in its place). When the table as a whole cannot be compiled (the backend refuses
    /// what passed, for example out of memory for JIT code), release builds log it at critical
    /// level and serve no route: every request gets the not-found answer, through the middleware.
    public func buildResponder() -> URLRouterResponder<Context> {
        buildResponder(stoppingOnProblems: true)
    }

    /// ``buildResponder()``, with the debug builds' stop made optional for tests of the release path.
    func buildResponder(stoppingOnProblems: Bool) -> URLRouterResponder<Context> {
        if let routeFileSource {
            let late = lateAdditions(routeFileSource)
            if !late.isEmpty {
                if stoppingOnProblems { assertionFailure(RouteValidationError(problems: late).description) }
                for problem in late {
                    logger.error("URLRouter: \(problem.description)", metadata: ["left out": "true"])
                }
            }
            return URLRouterResponder(
                routes: .live(routeFileSource.table),
                missResponder: middlewares.constructResponder(finalResponder: MissResponder<Context>()))
        }
        let validation = validation()
        if !validation.problems.isEmpty {
            let problems = validation.problems.map(describe)
            if stoppingOnProblems {
                assertionFailure(RouteValidationError(problems: problems).description)
            }
            for problem in problems {
                logger.log(
                    level: validation.table == nil ? .critical : .error, "URLRouter: \(problem.description)",
                    metadata: ["location": "\(problem.location ?? "-")", "left out": "\(problem.isRefusal)"])
            }
        }
        return URLRouterResponder(
            routes: validation.table.map { .fixed($0) } ?? .none,
            missResponder: middlewares.constructResponder(finalResponder: MissResponder<Context>()))
    }

    /// The routes and rules checked and compiled in one pass.
    func validation() -> RouteTable<Endpoint<Context>>.Validation {
        RouteTable.validate(
            registrations.map(\.route), rewriteRules: rewriteRules, options: tableOptions, backend: backend)
    }

    /// A core problem in this router's words: routes by method and Hummingbird path, with file and line.
    func describe(_ problem: RouteProblem) -> RouteProblem {
        problem.named(
            { "\(registrations[$0].method) \(registrations[$0].host ?? "")\(registrations[$0].route.pattern)" },
            location: { registrations[$0].location })
    }

    func add(
        _ pattern: String, path: RouterPath, method: HTTPRequest.Method, host: String? = nil, name: String? = nil,
        priority: Int, location: String?, responder: some HTTPResponder<Context>
    ) {
        let endpoint = Endpoint(
            responder: middlewares.constructResponder(finalResponder: responder), pattern: pattern, method: method)
        let route = RouteTable<Endpoint<Context>>.Route(
            pattern, method: method.rawValue, host: host, priority: priority, name: name, value: endpoint)
        registrations.append(Registration(route: route, path: path, method: method, location: location))
    }
}
/// A builder is configured from one task, then builds its responder, as Hummingbird's `Router`.
@available(*, unavailable)
extension URLRouterBuilder: Sendable {}
#endif
