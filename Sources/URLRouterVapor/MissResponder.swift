#if Vapor
import URLRouter
public import Vapor

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
            self.init(.failure(RequestRefused(reason: "refused: \(reason.refusal ?? reason.name)")))
        default:
            self.init(.failure(MissResponder.routeNotFound))
        }
    }

    /// Vapor's own `RouteNotFound`, which its router fails a miss with (logged at debug level), so
    /// that an app's error middleware that matches it works unchanged. Its memberwise initializer
    /// is internal; a struct without stored properties has one value, which the empty tuple's
    /// (zero) bits make. The size is checked first: should Vapor give it a stored property, a
    /// miss stops at this precondition in every test rather than reading memory.
    static var routeNotFound: RouteNotFound {
        precondition(MemoryLayout<RouteNotFound>.size == 0, "Vapor's RouteNotFound has stored properties")
        return unsafeBitCast((), to: RouteNotFound.self)
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

/// 400: the strict profile refused the request's path. Under Vapor's own router such a path (a
/// scanner's `/../etc/passwd`) is a miss, logged at debug level; so is this, so that scanners do
/// not fill warning logs. An `AbortError`: the error middleware answers it with its status and reason.
public struct RequestRefused: AbortError, DebuggableError {
    /// Why, in words that never quote the request: `refused: dot segment`.
    public let reason: String
    /// 400 Bad Request.
    public var status: HTTPResponseStatus { .badRequest }
    /// `debug`, as Vapor logs the miss such a request is under its own router.
    public var logLevel: Logger.Level { .debug }
}
#endif
