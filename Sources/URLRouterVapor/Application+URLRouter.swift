#if Vapor
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter
public import Vapor

extension Application.Responder.Provider {
    /// URLRouter in place of Vapor's router: `app.responder.use(.urlRouter)`.
    ///
    /// The table is compiled from `app.routes` when the application boots (a lifecycle handler's
    /// `willBoot`, which `app.execute()` and `app.testable()` both run). A route or rule URLRouter
    /// refuses (a parameter name outside `[A-Za-z_][A-Za-z0-9_-]*`, say) makes the boot throw a
    /// `RouteValidationError` naming every one, so the application does not start; a route that
    /// replaces an earlier one (`/a/:id` after `/a/:name`) is logged at warning level, as Vapor's
    /// router logs an overridden route, and answers in its place.
    public static var urlRouter: Self {
        make(
            options: URLRouterResponder.vaporOptions, rewriteRules: [], backend: .default,
            answersMethodNotAllowed: false)
    }

    /// URLRouter in place of Vapor's router, with options, rewrite rules or a backend of your
    /// choice.
    ///
    /// - Parameters:
    ///   - options: URLRouter's matching options; ``URLRouterResponder/vaporOptions`` by default.
    ///   - rewriteRules: `(expression, target)` pairs applied to the path and query before matching.
    ///   - backend: the matching backend; the fastest of this build by default.
    ///   - answersMethodNotAllowed: whether a path that only routes of other methods take answers
    ///     405 with an `Allow` header (and OPTIONS 204 with it) rather than 404, as Vapor's router.
    /// - Throws: `RouterError` naming a rewrite rule that URLRouter refuses.
    public static func urlRouter(
        options: RouterOptions = URLRouterResponder.vaporOptions,
        rewriteRules: [(expression: String, target: String)] = [],
        backend: RouterBackend = .default, answersMethodNotAllowed: Bool = false
    ) throws(RouterError) -> Self {
        for rule in rewriteRules { try RouteTable<Int>.check(rewriteRule: rule, backend: backend) }
        return make(
            options: options, rewriteRules: rewriteRules, backend: backend,
            answersMethodNotAllowed: answersMethodNotAllowed)
    }

    /// URLRouter in place of Vapor's router, serving the routes of a route file beside the
    /// application's routes, and reloading the file while the application runs:
    /// `app.responder.use(.urlRouter(routeFile: "routes.txt"))`.
    ///
    /// Each route of the file (`GET /users/:id showUser`) is answered by the handler of its name
    /// in ``Vapor/Application/routeFileHandlers``, behind the application middleware. The file is
    /// read when the application boots: a bad file (a malformed line or pattern, a handler with no
    /// handler of its name) makes the boot throw `RouteValidationError` with every problem and its line.
    /// Once booted, a ``URLRouter/RouteFileWatcher`` reloads the file when it changes and on
    /// `SIGHUP`, until shutdown; a table that fails is rejected with every problem (logged, and
    /// handed to `onOutcome`) while the last good one serves on. 404, 405, OPTIONS and HEAD are
    /// answered as for the application's routes.
    ///
    /// - Parameters:
    ///   - routeFile: the route file's path.
    ///   - defaultHandler: the handler of routes whose line names none; without it such a route
    ///     is refused.
    ///   - options: URLRouter's matching options; ``URLRouterResponder/vaporOptions`` by default.
    ///   - backend: the matching backend; the fastest of this build by default.
    ///   - answersMethodNotAllowed: whether a path that only routes of other methods take answers
    ///     405 with an `Allow` header (and OPTIONS 204 with it) rather than 404.
    ///   - pollInterval: how often the file is looked at; 250 ms by default.
    ///   - reloadsOnHangup: whether `SIGHUP` reloads the file at once; `true` by default.
    ///   - trial: when given, a changed file is put on trial beside the serving table under this
    ///     policy rather than swapped in at once: it serves once promoted, by the policy or through
    ///     ``Vapor/Application/routeFileTrial``. `nil` (the default) swaps each change in at once.
    ///   - onOutcome: called with the outcome of each reload, such as
    ///     `route table v3: 204 routes from routes.txt`.
    public static func urlRouter(
        routeFile: String, defaultHandler: String? = nil, options: RouterOptions = URLRouterResponder.vaporOptions,
        backend: RouterBackend = .default, answersMethodNotAllowed: Bool = false,
        pollInterval: Duration = .milliseconds(250), reloadsOnHangup: Bool = true, trial: TrialPolicy? = nil,
        onOutcome: @escaping @Sendable (ReloadOutcome) -> Void = { _ in }
    ) -> Self {
        let settings = RouteFileBoot.Settings(
            path: routeFile, defaultHandler: defaultHandler, options: options, backend: backend,
            answersMethodNotAllowed: answersMethodNotAllowed, pollInterval: pollInterval,
            reloadsOnHangup: reloadsOnHangup, trial: trial, onOutcome: onOutcome)
        return .init { application in
            let boot = RouteFileBoot(settings)
            application.storage[RouteFileBoot.Key.self] = boot
            application.lifecycle.use(boot)
            application.responder.use { application in boot.responder(for: application) }
        }
    }

    static func make(
        options: RouterOptions, rewriteRules: [(expression: String, target: String)], backend: RouterBackend,
        answersMethodNotAllowed: Bool
    ) -> Self {
        .init { application in
            let boot = ResponderBoot(
                options: options, rewriteRules: rewriteRules, backend: backend,
                answersMethodNotAllowed: answersMethodNotAllowed)
            application.lifecycle.use(boot)
            application.responder.use { application in boot.responder(for: application) }
        }
    }
}
#endif
