#if Vapor
import Synchronization
import URLRouter
import Vapor

/// Builds the ``URLRouterResponder`` of `.urlRouter` when the application boots, so that refused
/// routes stop the boot with an error, and hands the same responder to every request.
final class ResponderBoot: LifecycleHandler {
    let options: RouterOptions
    let rewriteRules: [(expression: String, target: String)]
    let backend: RouterBackend
    let answersMethodNotAllowed: Bool
    /// The responder built at boot.
    let built = Mutex<URLRouterResponder?>(nil)

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
        let responder = try makeResponder(application)
        built.withLock { $0 = responder }
    }

    /// The responder built at boot; without a boot (an application that never booted), one built
    /// now, or, when the routes are refused, one that answers 500 and logs why.
    func responder(for application: Application) -> any Responder {
        if let responder = built.withLock({ $0 }) { return responder }
        do {
            let responder = try makeResponder(application)
            built.withLock { $0 = responder }
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
