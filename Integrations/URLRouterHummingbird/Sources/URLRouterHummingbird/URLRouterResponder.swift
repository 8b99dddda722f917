public import Hummingbird
import URLRouter

/// The responder a ``URLRouterBuilder`` builds: one URLRouter lookup per request, on the
/// borrowed (allocation-free) path, then the route's responder.
public struct URLRouterResponder<Context: RequestContext>: HTTPResponder {
    let table: RouteTable<Endpoint<Context>>
    let notFoundResponder: any HTTPResponder<Context>

    /// What a lookup found, copied out of the borrowed match.
    enum Found {
        case endpoint(Endpoint<Context>, Hummingbird.Parameters)
        case miss(RouteMiss.Reason, allowedMethods: [String])
    }

    /// Looks the request up and runs the winning route; answers 404, 405, 400 or 414 otherwise.
    public func respond(to request: Request, context: Context) async throws -> Response {
        let method = request.method
        // The request target as sent: URLRouter decodes escapes once, segment by segment.
        let found = table.withMatch(method: method.rawValue, url: request.head.path ?? "/") { lookup -> Found in
            switch lookup {
            case .match(let match):
                var parameters = Hummingbird.Parameters()
                for index in 0..<match.parameterCount {
                    parameters[Substring(match.parameterName(at: index))] = Substring(match.parameter(at: index).string)
                }
                if let catchall = match.catchall { parameters.setCatchAll(Substring(catchall)) }
                return .endpoint(match.value, parameters)
            case .miss(let reason, let allowedMethods):
                return .miss(reason, allowedMethods: allowedMethods)
            }
        }
        do {
            switch found {
            case .endpoint(let endpoint, let parameters):
                var context = context
                context.coreContext.parameters = parameters
                context.coreContext.endpointPath.value = endpoint.pattern
                let response = try await endpoint.responder.respond(to: request, context: context)
                return method == .head && endpoint.method != .head ? response.createHeadResponse() : response
            case .miss(.methodNotAllowed, let allowed):
                if method == .options {
                    var headers = HTTPFields()
                    headers[.allow] = (allowed + ["OPTIONS"]).joined(separator: ", ")
                    return Response(status: .noContent, headers: headers)
                }
                var headers = HTTPFields()
                headers[.allow] = allowed.joined(separator: ", ")
                throw HTTPError(.methodNotAllowed, headers: headers)
            case .miss(.malformedURL, _):
                throw HTTPError(.badRequest, message: "malformed URL: a '%' not followed by two hex digits, or not UTF-8")
            case .miss(.urlTooLong, _):
                throw HTTPError(.uriTooLong)
            case .miss(.limitExceeded, _):
                throw HTTPError(.badRequest, message: "the URL takes the route constraints too much work")
            case .miss:
                return try await notFoundResponder.respond(to: request, context: context)
            }
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        }
    }
}
