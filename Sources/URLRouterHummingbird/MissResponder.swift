#if Hummingbird
import Hummingbird
import URLRouter

/// Why a lookup found no route, handed to ``MissResponder`` through the router's middleware.
struct LookupMiss: Sendable {
    let reason: RouteMiss.Reason
    let allowedMethods: [String]

    /// The miss of the request being answered: set by ``URLRouterResponder`` around the middleware
    /// chain, so that one chain, built once, answers every miss.
    @TaskLocal static var current: LookupMiss?
}

/// The answer to a request no route takes, behind the router's middleware, with the endpoint path
/// `NotFound` as Hummingbird's own not-found answer.
struct MissResponder<Context: RequestContext>: HTTPResponder {
    func respond(to request: Request, context: Context) throws -> Response {
        context.coreContext.endpointPath.value = "NotFound"
        guard let miss = LookupMiss.current else { throw HTTPError(.notFound) }
        switch miss.reason {
        case .methodNotAllowed:
            var headers = HTTPFields()
            if request.method == .options {
                headers[.allow] = (miss.allowedMethods + ["OPTIONS"]).joined(separator: ", ")
                return Response(status: .noContent, headers: headers)
            }
            headers[.allow] = miss.allowedMethods.joined(separator: ", ")
            throw HTTPError(.methodNotAllowed, headers: headers)
        case .malformedURL:
            throw HTTPError(.badRequest, message: "malformed URL: a '%' not followed by two hex digits, or not UTF-8")
        case .urlTooLong:
            throw HTTPError(.uriTooLong)
        case .limitExceeded:
            throw HTTPError(.badRequest, message: "the URL takes the route constraints too much work")
        case _ where miss.reason.refusal != nil:
            // The strict profile refused the path (RouterOptions.requestChecks): a reason that
            // never quotes the request.
            throw HTTPError(.badRequest, message: "refused: \(miss.reason.refusal ?? miss.reason.name)")
        default:
            throw HTTPError(.notFound)
        }
    }
}
#endif
