public import Hummingbird
public import URLRouter

/// A drop-in replacement for Hummingbird's `Router`, matching with URLRouter: change the line
/// that makes the router, keep every route.
///
/// ```swift
/// let router = URLRouterBuilder(context: BasicRequestContext.self)   // was: Router(context: …)
/// router.get("/users/:id") { _, context in try context.parameters.require("id", as: Int.self) }
/// router.group("/api").get("/files/**") { _, context in context.parameters.getCatchAll().joined(separator: "/") }
/// try router.on(pattern: "/orders/:id(\\d+)", method: .get) { _, _ in "an order" }  // URLRouter syntax
/// let app = Application(router: router)
/// ```
///
/// Hummingbird's path syntax (`:id`, `{id}`, `{name}.jpg`, `*`, `*.jpg`, `**`) keeps its meaning:
/// `*` is one segment, `**` the rest, read with `getCatchAll()`. URLRouter's precedence decides
/// between routes that both match (SEMANTICS.md section 3: literals beat parameters beat
/// wildcards, segment by segment, whatever the registration order). A path that matches with
/// another method answers 405 with an `Allow` header; OPTIONS, when no route takes it, answers
/// 204 with the same header; HEAD is answered by GET routes, without a body. Middleware applies
/// to the routes added after it, as in Hummingbird.
public final class URLRouterBuilder<Context: RequestContext>: RouterMethods, HTTPResponderBuilder {
    /// The middleware added so far; each route is built with the middleware added before it.
    public let middlewares: MiddlewareGroup<Context>
    let options: URLRouter.RouterOptions
    let backend: RouterBackend
    var routes: [RouteTable<Endpoint<Context>>.Route] = []
    var rewriteRules: [(expression: String, target: String)] = []
    /// Routes from Hummingbird paths that URLRouter refuses (checked when the responder is built).
    var refused: [String] = []

    /// Makes an empty router.
    ///
    /// - Parameters:
    ///   - context: the request context type.
    ///   - options: URLRouter's matching options; a final `*` is one segment, as in Hummingbird.
    ///   - backend: the matching backend; the fastest of this build by default.
    public init(
        context: Context.Type = BasicRequestContext.self, options: URLRouter.RouterOptions = URLRouterBuilder.hummingbirdOptions,
        backend: RouterBackend = .default
    ) {
        // `MiddlewareGroup`'s initializer is internal to Hummingbird; its own router makes one.
        self.middlewares = Hummingbird.Router(context: Context.self).middlewares
        self.options = options
        self.backend = backend
    }

    /// URLRouter's options with Hummingbird's meaning of a final `*` (one segment).
    public static var hummingbirdOptions: URLRouter.RouterOptions {
        var options = URLRouter.RouterOptions()
        options.trailingStar = .singleSegment
        return options
    }

    /// Adds `responder` for `path` and `method` (Hummingbird's path syntax).
    @discardableResult public func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        let pattern = "/" + path.components.map(\.description).joined(separator: "/")
        do {
            try add(pattern, method: method, priority: 0, responder: responder)
        } catch {
            refused.append("\(method.rawValue) \(path): \(error)")
        }
        return self
    }

    /// Adds a route in URLRouter's pattern syntax (constraints such as `:id(\d+)`, in-segment
    /// captures, a priority).
    ///
    /// - Throws: `RouterError` naming the pattern and the position it refuses.
    @discardableResult public func on(
        pattern: String, method: HTTPRequest.Method, priority: Int = 0,
        use closure: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) throws(RouterError) -> Self {
        let responder = CallbackResponder<Context> { request, context in
            try await closure(request, context).response(from: request, context: context)
        }
        try add(pattern, method: method, priority: priority, responder: responder)
        return self
    }

    /// Adds a rewrite rule, applied to the request target before matching.
    ///
    /// - Throws: `RouterError` when the expression or the target is refused.
    public func addRewriteRule(_ expression: String, target: String) throws(RouterError) {
        _ = try RouteTable<Int>([], rewriteRules: [(expression, target)], options: options, backend: .foundation)
        rewriteRules.append((expression, target))
    }

    /// Adds middleware, applied to the routes added after it (and to the not-found responder).
    @discardableResult public func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        middlewares.add(middleware)
        return self
    }

    /// Compiles the routes into one responder.
    ///
    /// A route whose Hummingbird path URLRouter refuses stops here, naming it (as Hummingbird's
    /// router stops on a second handler for one path and method).
    public func buildResponder() -> URLRouterResponder<Context> {
        precondition(refused.isEmpty, "URLRouter refused routes: \(refused.joined(separator: "; "))")
        let table: RouteTable<Endpoint<Context>>
        do {
            table = try RouteTable(routes, rewriteRules: rewriteRules, options: options, backend: backend)
        } catch {
            // Every route and rule was compiled on its own when added.
            preconditionFailure("URLRouter could not compile the routes: \(error)")
        }
        return URLRouterResponder(
            table: table, notFoundResponder: middlewares.constructResponder(finalResponder: NotFound<Context>()))
    }

    func add(
        _ pattern: String, method: HTTPRequest.Method, priority: Int, responder: some HTTPResponder<Context>
    ) throws(RouterError) {
        let endpoint = Endpoint(
            responder: middlewares.constructResponder(finalResponder: responder), pattern: pattern, method: method)
        let route = RouteTable<Endpoint<Context>>.Route(pattern, method: method.rawValue, priority: priority, value: endpoint)
        // Checked on its own now, so that a refusal names this route.
        _ = try RouteTable([route], options: options, backend: .foundation)
        routes.append(route)
    }
}

/// Hummingbird's not-found answer, after the router's middleware.
struct NotFound<Context: RequestContext>: HTTPResponder {
    func respond(to request: Request, context: Context) throws -> Response {
        throw HTTPError(.notFound)
    }
}
