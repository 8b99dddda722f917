#if Vapor
public import URLRouter
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
