#if Hummingbird
public import Hummingbird
@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// The responder a ``URLRouterBuilder`` builds: one URLRouter lookup per request, on the
/// borrowed (allocation-free) path, then the route's responder; a miss goes to the router's
/// middleware and then to the answer for it (404, 405, OPTIONS, 400, 414).
public struct URLRouterResponder<Context: RequestContext>: HTTPResponder {
    /// The compiled routes.
    let routes: Routes
    /// The router's middleware around ``MissResponder``.
    let missResponder: any HTTPResponder<Context>
    /// What a handler's ``Hummingbird/RequestContext/url(for:parameters:catchAll:query:)`` builds
    /// URLs with: `nil` for a table without named routes, which then sets no task-local value.
    let namedRoutes: NamedRoutes?

    /// The responder of `routes`, answering misses with `missResponder`.
    init(routes: Routes, missResponder: any HTTPResponder<Context>) {
        self.routes = routes
        self.missResponder = missResponder
        switch routes {
        case .fixed(let table):
            namedRoutes =
                table.routes.contains { $0.name != nil }
                ? NamedRoutes { (name, parameters, catchAll, query) throws(URLBuildError) in
                    try table.url(forRouteNamed: name, parameters: parameters, catchAll: catchAll, query: query)
                } : nil
        case .live(let table):
            namedRoutes = NamedRoutes { (name, parameters, catchAll, query) throws(URLBuildError) in
                try table.table.url(forRouteNamed: name, parameters: parameters, catchAll: catchAll, query: query)
            }
        case .none: namedRoutes = nil
        }
    }

    /// Where the routes come from.
    enum Routes: Sendable {
        /// A table compiled once.
        case fixed(RouteTable<Endpoint<Context>>)
        /// The table a route file serves now (``URLRouterBuilder/routeFile(_:defaultHandler:pollInterval:reloadsOnHangup:trial:logger:onOutcome:)``).
        case live(LiveRouteTable<Endpoint<Context>>)
        /// None: the table could not be compiled.
        case none

        /// The borrowed lookup of `url` (on `host`, in a table with host routes), or `nil` when
        /// there is no table.
        func withMatch<Result>(
            method: String, routingHost host: () -> String?, url: String,
            _ body: (borrowing RouteTable<Endpoint<Context>>.Lookup) -> Result
        ) -> Result? {
            switch self {
            case .fixed(let table): table.withMatch(method: method, routingHost: host, url: url, body)
            case .live(let table): table.withMatch(method: method, routingHost: host, url: url, body)
            case .none: nil
            }
        }
    }

    /// What a lookup found, copied out of the borrowed match.
    enum Found {
        case endpoint(Endpoint<Context>, Hummingbird.Parameters)
        case miss(LookupMiss)
    }

    /// Looks the request up and runs the winning route; answers 404, 405, 400 or 414 otherwise,
    /// through the router's middleware.
    public func respond(to request: Request, context: Context) async throws -> Response {
        let method = request.method
        // The request target as sent: URLRouter decodes escapes once, segment by segment.
        let host = { request.head.authority }
        let found =
            routes.withMatch(method: method.rawValue, routingHost: host, url: request.head.path ?? "/") {
                lookup -> Found in
                switch lookup {
                case .match(let match):
                    return .endpoint(match.value, Self.parameters(of: match))
                case .miss(let reason, let allowedMethods):
                    return .miss(
                        LookupMiss(answer: MissAnswer(reason, method: method.rawValue, allowedMethods: allowedMethods)))
                }
            } ?? .miss(.notFound)
        switch found {
        case .endpoint(let endpoint, let parameters):
            do {
                var context = context
                context.coreContext.parameters = parameters
                context.coreContext.endpointPath.value = endpoint.pattern
                let response: Response
                if let namedRoutes {
                    response = try await NamedRoutes.$current.withValue(namedRoutes) { [context] in
                        try await endpoint.responder.respond(to: request, context: context)
                    }
                } else {
                    response = try await endpoint.responder.respond(to: request, context: context)
                }
                return method == .head && endpoint.method != .head ? response.createHeadResponse() : response
            } catch let error as any HTTPResponseError {
                return try error.response(from: request, context: context)
            }
        case .miss(let miss):
            return try await answer(miss, request: request, context: context)
        }
    }

    /// The match's path parameters as Hummingbird's router holds them: the text of the path as
    /// written, escapes and all, and the catch-all's segments joined by `/`. Packages built on
    /// Hummingbird decode them themselves (the OpenAPI runtime decodes each value once), so a
    /// value decoded here would be decoded twice.
    static func parameters(of match: borrowing RouteTable<Endpoint<Context>>.BorrowedMatch) -> Hummingbird.Parameters {
        var parameters = Hummingbird.Parameters()
        for index in 0..<match.parameterCount {
            parameters[Substring(match.parameterName(at: index))] = match.rawParameter(at: index)
                .withUnsafeBufferPointer { Substring(decoding: $0, as: UTF8.self) }
        }
        for name in match.hostParameterNames {
            if let value = match.parameter(name) {
                parameters[Substring(name)] = value.withUnsafeBufferPointer { Substring(decoding: $0, as: UTF8.self) }
            }
        }
        if let count = match.catchAllSegmentCount {
            var catchAll = ""
            for index in 0..<count {
                if index > 0 { catchAll += "/" }
                catchAll += match.rawCatchAllSegment(at: index).withUnsafeBufferPointer {
                    String(decoding: $0, as: UTF8.self)
                }
            }
            parameters.setCatchAll(Substring(catchAll))
            if let name = match.catchAllName { parameters[Substring(name)] = Substring(catchAll) }
        }
        return parameters
    }

    /// Runs the router's middleware and then the answer to `miss`.
    func answer(_ miss: LookupMiss, request: Request, context: Context) async throws -> Response {
        do {
            return try await LookupMiss.$current.withValue(miss) {
                try await missResponder.respond(to: request, context: context)
            }
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        }
    }
}
#endif
