#if Vapor
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter
public import Vapor

extension Request {
    /// Builds the URL of the route named `name` (reverse routing), as the application's URLRouter
    /// table serves it now, proven by a lookup: the route, added with
    /// ``Vapor/RoutesBuilder/on(pattern:method:host:name:priority:body:use:)``, must win the URL
    /// with these values
    /// (``URLRouter/RouteTable/url(forRouteNamed:parameters:catchAll:query:)``).
    ///
    /// ```swift
    /// try app.on(pattern: "/users/:id", name: "user") { req in "user" }
    /// try app.on(pattern: "/me") { req in try req.url(for: "user", parameters: ["id": "7"]) }   // "/users/7"
    /// ```
    ///
    /// - Parameters:
    ///   - name: the route's name.
    ///   - parameters: a value for each parameter, by name (a host pattern's too), not encoded;
    ///     an optional parameter left out leaves out its segment.
    ///   - catchAll: the catch-all's segments, not encoded (or a `{*name}` value by its name).
    ///   - query: query items to append, encoded.
    /// - Returns: the path (and query) of the URL.
    /// - Throws: `URLBuildError`, also when the application does not serve with
    ///   `app.responder.use(.urlRouter)`.
    public func url(
        for name: String, parameters: [String: String] = [:], catchAll: [String] = [],
        query: [(name: String, value: String)] = []
    ) throws(URLBuildError) -> String {
        guard let responder = application.responder.current as? URLRouterResponder else {
            throw URLBuildError(
                .unknownRoute, route: name,
                message: "the application does not serve with URLRouter: app.responder.use(.urlRouter)")
        }
        return try responder.url(forRouteNamed: name, parameters: parameters, catchAll: catchAll, query: query)
    }
}
#endif
