#if Vapor
import URLRouter
import Vapor

/// The answer to a request no route takes, run behind the application middleware so that its
/// error middleware renders it as it renders any error.
struct MissResponder: Responder {
    enum Outcome {
        case options(allow: String)
        case failure(any Error)
    }

    let outcome: Outcome

    init(_ outcome: Outcome) {
        self.outcome = outcome
    }

    /// The answer to a lookup's miss.
    init(_ reason: RouteMiss.Reason, method: HTTPMethod, allowed: [String]) {
        switch reason {
        case .methodNotAllowed where method == .OPTIONS:
            self.init(.options(allow: (allowed + ["OPTIONS"]).joined(separator: ", ")))
        case .methodNotAllowed:
            self.init(.failure(Abort(.methodNotAllowed, headers: ["Allow": allowed.joined(separator: ", ")])))
        case .malformedURL:
            self.init(.failure(Abort(.badRequest, reason: "malformed URL: an escape that is not UTF-8")))
        case .urlTooLong:
            self.init(.failure(Abort(.uriTooLong)))
        case .limitExceeded:
            self.init(.failure(Abort(.badRequest, reason: "the URL takes the route constraints too much work")))
        case _ where reason.refusal != nil:
            // The strict profile refused the path (RouterOptions.requestChecks): a reason that
            // never quotes the request.
            self.init(.failure(Abort(.badRequest, reason: "refused: \(reason.refusal ?? reason.name)")))
        default:
            self.init(.failure(NoRoute()))
        }
    }

    func respond(to request: Request) -> EventLoopFuture<Response> {
        switch outcome {
        case .options(let allow):
            request.eventLoop.makeSucceededFuture(Response(status: .noContent, headers: ["Allow": allow]))
        case .failure(let error):
            request.eventLoop.makeFailedFuture(error)
        }
    }
}

/// 404: no route takes the path. Like Vapor's own `RouteNotFound` (whose initializer is internal),
/// it is logged at debug level.
struct NoRoute: AbortError, DebuggableError {
    var status: HTTPResponseStatus { .notFound }
    var reason: String { "Not Found" }
    var logLevel: Logger.Level { .debug }
}
#endif
