#if Vapor
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
public import Vapor

/// The answer to a request no route takes, run behind the application middleware so that its
/// error middleware renders it as it renders any error.
struct MissResponder: Responder {
    enum Outcome {
        case options(allow: String)
        case redirect(location: String)
        case failure(any Error)
    }

    let outcome: Outcome

    init(_ outcome: Outcome) {
        self.outcome = outcome
    }

    /// The answer to a lookup's miss of `reason` (URLRouter's `MissAnswer`) in Vapor's terms: a
    /// 308 redirect and a 204 are responses; a 404 fails with Vapor's own `RouteNotFound`, a
    /// strict-profile refusal with ``RequestRefused``, any other error with `Abort`.
    init(_ answer: MissAnswer, reason: RouteMiss.Reason) {
        var headers = HTTPHeaders()
        if let allow = answer.allow { headers.add(name: .allow, value: allow) }
        if let location = answer.location {
            self.init(.redirect(location: location))
            return
        }
        switch answer.status {
        case 204: self.init(.options(allow: answer.allow ?? ""))
        case 404: self.init(.failure(MissResponder.routeNotFound))
        case _ where reason.refusal != nil: self.init(.failure(RequestRefused(reason: answer.reason ?? "refused")))
        default:
            self.init(
                .failure(Abort(HTTPResponseStatus(statusCode: answer.status), headers: headers, reason: answer.reason)))
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
        case .redirect(let location):
            request.eventLoop.makeSucceededFuture(Response(status: .permanentRedirect, headers: ["Location": location]))
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
