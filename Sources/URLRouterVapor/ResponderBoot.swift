#if Vapor
import Synchronization
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import Vapor

/// Builds the ``URLRouterResponder`` of `.urlRouter` when the application boots, so that refused
/// routes stop the boot with an error, and hands the same responder to every request until the
/// application's routes change (Vapor's own responder reads `app.routes` each time it is made, and
/// tests may add routes after `app.testable()` booted the application).
final class ResponderBoot: LifecycleHandler {
    let options: RouterOptions
    let rewriteRules: [(expression: String, target: String)]
    let backend: RouterBackend
    let answersMethodNotAllowed: Bool
    /// The responder built last, and the number of the application's routes it was built from.
    let built = Mutex<(routeCount: Int, responder: URLRouterResponder)?>(nil)

    init(
        options: RouterOptions, rewriteRules: [(expression: String, target: String)], backend: RouterBackend,
        answersMethodNotAllowed: Bool
    ) {
        self.options = options
        self.rewriteRules = rewriteRules
        self.backend = backend
        self.answersMethodNotAllowed = answersMethodNotAllowed
    }

    /// A responder for `application`'s routes as they are now.
    func makeResponder(_ application: Application) throws(RouteValidationError) -> URLRouterResponder {
        try URLRouterResponder(
            validating: application, options: options, rewriteRules: rewriteRules, backend: backend,
            answersMethodNotAllowed: answersMethodNotAllowed)
    }

    /// Compiles the application's routes; throws every refusal, logs every replacement.
    func willBoot(_ application: Application) throws {
        let routeCount = application.routes.all.count
        let responder = try makeResponder(application)
        built.withLock { $0 = (routeCount, responder) }
    }

    /// The responder built at boot; when the routes changed since, or without a boot, one built
    /// now; when those routes are refused, one that answers 500 and logs why.
    func responder(for application: Application) -> any Responder {
        let routeCount = application.routes.all.count
        if let built = built.withLock({ $0 }), built.routeCount == routeCount { return built.responder }
        do {
            let responder = try makeResponder(application)
            built.withLock { $0 = (routeCount, responder) }
            return responder
        } catch {
            application.logger.critical("URLRouter refused the application's routes: \(error)")
            return RefusedRoutesResponder()
        }
    }
}

/// Answers every request 500 when the application's routes were refused and it served anyway.
struct RefusedRoutesResponder: Responder {
    func respond(to request: Request) -> EventLoopFuture<Response> {
        request.eventLoop.makeFailedFuture(Abort(.internalServerError, reason: "the server's routes were refused"))
    }
}
#endif
