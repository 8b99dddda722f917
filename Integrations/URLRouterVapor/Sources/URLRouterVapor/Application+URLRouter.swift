public import URLRouter
public import Vapor

extension Application.Responder.Provider {
    /// URLRouter in place of Vapor's router: `app.responder.use(.urlRouter)`.
    ///
    /// The table is compiled from `app.routes` when the server starts. A route URLRouter refuses
    /// (a parameter name outside `[A-Za-z_][A-Za-z0-9_-]*`, say) stops the server there, naming it;
    /// `try URLRouterResponder(application: app)` reports the same as an error.
    public static var urlRouter: Self {
        make(options: URLRouterResponder.vaporOptions, rewriteRules: [], backend: .default)
    }

    /// URLRouter in place of Vapor's router, with options, rewrite rules or a backend of your
    /// choice.
    ///
    /// - Parameters:
    ///   - options: URLRouter's matching options; ``URLRouterResponder/vaporOptions`` by default.
    ///   - rewriteRules: `(expression, target)` pairs applied to the path and query before matching.
    ///   - backend: the matching backend; the fastest of this build by default.
    /// - Throws: `RouterError` naming a rewrite rule that URLRouter refuses.
    public static func urlRouter(
        options: RouterOptions = URLRouterResponder.vaporOptions, rewriteRules: [(expression: String, target: String)] = [],
        backend: RouterBackend = .default
    ) throws(RouterError) -> Self {
        _ = try RouteTable<Int>([], rewriteRules: rewriteRules, options: options, backend: .foundation)
        return make(options: options, rewriteRules: rewriteRules, backend: backend)
    }

    static func make(options: RouterOptions, rewriteRules: [(expression: String, target: String)], backend: RouterBackend)
        -> Self
    {
        .init { application in
            application.responder.use { application in
                do {
                    return try URLRouterResponder(
                        application: application, options: options, rewriteRules: rewriteRules, backend: backend)
                } catch {
                    fatalError("URLRouter refused the application's routes: \(error)")
                }
            }
        }
    }
}
