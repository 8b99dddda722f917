#if Hummingbird
import Hummingbird
@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// The answer to a request no route takes, handed to ``MissResponder`` through the router's
/// middleware.
struct LookupMiss: Sendable {
    /// What to answer (URLRouter's one rule for every server).
    let answer: MissAnswer

    /// No route takes the path: 404, whatever the method.
    static let notFound = LookupMiss(answer: MissAnswer(.noMatch, method: "GET", allowedMethods: []))

    /// The miss of the request being answered: set by ``URLRouterResponder`` around the middleware
    /// chain, so that one chain, built once, answers every miss.
    @TaskLocal static var current: LookupMiss?
}

/// The answer to a request no route takes, behind the router's middleware, with the endpoint path
/// `NotFound` as Hummingbird's own not-found answer; a 404 is Hummingbird's own
/// `HTTPError(.notFound)`.
struct MissResponder<Context: RequestContext>: HTTPResponder {
    func respond(to request: Request, context: Context) throws -> Response {
        context.coreContext.endpointPath.value = "NotFound"
        guard let answer = LookupMiss.current?.answer else { throw HTTPError(.notFound) }
        var headers = HTTPFields()
        if let allow = answer.allow { headers[.allow] = allow }
        if let location = answer.location { headers[.location] = location }
        let status = HTTPResponse.Status(code: answer.status)
        // OPTIONS to a path other methods take, and a trailing slash's redirect: answers, not errors.
        if answer.status == 204 || answer.location != nil { return Response(status: status, headers: headers) }
        throw HTTPError(status, headers: headers, message: answer.reason)
    }
}
#endif
