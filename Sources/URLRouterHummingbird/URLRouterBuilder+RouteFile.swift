#if Hummingbird
public import Hummingbird
public import Logging
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter

/// Routes from a file that changes while the server runs: handlers are registered in code by
/// name, and a route file (`GET /users/:id showUser`) says which paths they answer.
///
/// ```swift
/// let router = URLRouterBuilder(context: BasicRequestContext.self)
/// router.add(middleware: LogRequestsMiddleware(.info))
/// router.get("/health") { _, _ in "ok" }                      // routes in code still serve
/// router.handler("showUser") { _, context in "user \(try context.parameters.require("id"))" }
/// let routes = try router.routeFile("routes.txt")              // read and checked now
/// let app = Application(router: router, services: [routes])    // reloaded while it runs
/// ```
extension URLRouterBuilder {
    /// What ``routeFile(_:defaultHandler:pollInterval:reloadsOnHangup:trial:logger:onOutcome:)`` made:
    /// the live table, and what it was made with, to tell what was added after it.
    struct RouteFileSource {
        let path: String
        let table: LiveRouteTable<Endpoint<Context>>
        /// The options its tables are built with (the router's method policy included).
        let options: URLRouter.RouterOptions
        let registrationCount: Int
        let ruleCount: Int
        let handlerCount: Int
    }

    /// Names a handler for the routes of a route file: a route `GET /users/:id showUser` is
    /// answered by the handler named `showUser`, with the middleware added before this call.
    ///
    /// - Parameters:
    ///   - name: the name route files use; a later handler of the same name replaces an earlier one.
    ///   - closure: the handler; `context.endpointPath` is the route's pattern, as for routes in code.
    @discardableResult public func handler(
        _ name: String, use closure: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        let responder = CallbackResponder<Context> { request, context in
            try await closure(request, context).response(from: request, context: context)
        }
        handlers[name] = middlewares.constructResponder(finalResponder: responder)
        handlerNames.append(name)
        return self
    }

    /// Serves the routes and rewrite rules of the route file at `path` (``URLRouter/RouteFile``)
    /// beside the routes and rules added in code, and returns the service that reloads the file
    /// while the server runs: add it to the application's services.
    ///
    /// The file is read and checked now. While serving, a change of the file (or `SIGHUP`) is
    /// checked the same way before it is swapped in: a table that fails (a malformed line or
    /// pattern, a handler with no ``handler(_:use:)`` of its name) is rejected with every problem
    /// and its line, and the last good table serves on. Requests in flight finish on the table
    /// they started with. 404, 405, OPTIONS, HEAD and middleware behave as for routes in code.
    ///
    /// Call it after adding every route, rewrite rule, handler and middleware: ``validate()``
    /// reports, and ``buildResponder()`` does not serve, routes and rules added after it.
    ///
    /// - Parameters:
    ///   - path: the route file.
    ///   - defaultHandler: the handler of routes whose line names none; without it such a route is
    ///     refused.
    ///   - pollInterval: how often the file is looked at; 250 ms by default.
    ///   - reloadsOnHangup: whether `SIGHUP` reloads the file at once; `true` by default.
    ///   - trial: when given, a changed file is put on trial beside the serving table under this
    ///     policy rather than swapped in at once: it serves once promoted, by the policy or by
    ///     ``URLRouter/LiveRouteTable/promoteTrial()`` on the watcher's `table`. `nil` (the
    ///     default) swaps each change in at once.
    ///   - logger: where each outcome is logged; the router's logger by default.
    ///   - onOutcome: called with the outcome of each reload, such as
    ///     `route table v3: 204 routes from routes.txt`.
    /// - Returns: the watcher, a swift-service-lifecycle `Service`.
    /// - Throws: ``URLRouter/RouteValidationError`` with every problem of the file, each with its line.
    public func routeFile(
        _ path: String, defaultHandler: String? = nil, pollInterval: Duration = .milliseconds(250),
        reloadsOnHangup: Bool = true, trial: TrialPolicy? = nil, logger: Logger? = nil,
        onOutcome: @escaping @Sendable (ReloadOutcome) -> Void = { _ in }
    ) throws(RouteValidationError) -> RouteFileWatcher<Endpoint<Context>> {
        if let routeFileSource {
            throw RouteValidationError(problems: [
                RouteProblem(
                    at: RouteFile.Problem(
                        file: path, line: 0,
                        message: "this router already serves the route file \(routeFileSource.path)"))
            ])
        }
        let handlers = self.handlers
        let value: @Sendable (RouteFile.Route) -> Endpoint<Context>? = { route in
            guard let name = route.handler ?? defaultHandler, let responder = handlers[name] else { return nil }
            return Endpoint(
                responder: responder, pattern: route.pattern, method: route.method.flatMap { HTTPRequest.Method($0) })
        }
        let options = tableOptions
        let table = try LiveRouteTable(
            contentsOf: path, options: options, backend: backend, fixedRoutes: registrations.map(\.route),
            fixedRewriteRules: rewriteRules, name: path, logger: logger ?? self.logger, valueOfRoute: value)
        routeFileSource = RouteFileSource(
            path: path, table: table, options: options, registrationCount: registrations.count,
            ruleCount: rewriteRules.count, handlerCount: handlerNames.count)
        return RouteFileWatcher(
            table: table, path: path, pollInterval: pollInterval, reloadsOnHangup: reloadsOnHangup, trial: trial,
            valueOfRoute: value, onOutcome: onOutcome)
    }

    /// The routes, rules and handlers added, and the method policy changed
    /// (``answersMethodNotAllowed``, ``answersHeadWithGet``), after
    /// ``routeFile(_:defaultHandler:pollInterval:reloadsOnHangup:trial:logger:onOutcome:)``, which its
    /// table does not serve, as problems.
    func lateAdditions(_ source: RouteFileSource) -> [RouteProblem] {
        let message = "added after routeFile(_:), whose tables serve what was added before it; add it before"
        let routes = registrations.indices.dropFirst(source.registrationCount).map { index in
            RouteProblem(
                route: index, subjectText: "\(registrations[index].method) \(registrations[index].route.pattern)",
                error: RouterError(.invalidRouteTable, input: registrations[index].route.pattern, message: message))
        }
        let rules = rewriteRules.indices.dropFirst(source.ruleCount).map { index in
            RouteProblem(
                rewriteRule: index, subjectText: "rewrite rule \(index + 1)",
                error: RouterError(.invalidRewriteRule, input: rewriteRules[index].expression, message: message))
        }
        let handlers = handlerNames.dropFirst(source.handlerCount).map { name in
            RouteProblem(
                subjectText: "handler \(name)", error: RouterError(.invalidRouteTable, input: name, message: message))
        }
        let policy =
            tableOptions == source.options
            ? []
            : [
                RouteProblem(
                    subjectText: "answersMethodNotAllowed and answersHeadWithGet",
                    error: RouterError(
                        .invalidRouteTable,
                        input:
                            "answersMethodNotAllowed: \(answersMethodNotAllowed), answersHeadWithGet: \(answersHeadWithGet)",
                        message:
                            "set after routeFile(_:), whose tables keep the method policy it was called with; set them before"
                    ))
            ]
        return routes + rules + handlers + policy
    }
}
#endif
