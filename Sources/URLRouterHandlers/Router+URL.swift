@_spi(HandlerRouter) public import URLRouter

extension Router {
    /// Builds a URL for the route named `name` from the routes registered now; see
    /// `RouteTable.url(forRouteNamed:parameters:catchAll:query:)`. A URL with a scheme has an empty
    /// host (`app:///page/x`), which routes alike under every ``HandlerOptions/hostAsSegment``.
    public func url(
        forRouteNamed name: String, parameters: [String: String] = [:], catchAll: [String] = [],
        query: [(name: String, value: String)] = []
    ) throws(URLBuildError) -> String {
        try snapshot().routes.url(forRouteNamed: name, parameters: parameters, catchAll: catchAll, query: query)
    }

    /// Builds a URL for the route with this pattern and method from the routes registered now;
    /// see `RouteTable.url(forPattern:method:parameters:catchAll:query:)`.
    public func url(
        forPattern pattern: String, method: String? = nil, parameters: [String: String] = [:],
        catchAll: [String] = [], query: [(name: String, value: String)] = []
    ) throws(URLBuildError) -> String {
        try snapshot().routes.url(
            forPattern: handlerOptions.registered(pattern), method: method, parameters: parameters,
            catchAll: catchAll, query: query)
    }
}
