#if Hummingbird
public import Hummingbird
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter

/// The named routes of the table that routed the request a handler answers: a task-local value
/// that ``URLRouterResponder`` sets around the handler when its table names a route (a table
/// without names sets nothing), and ``Hummingbird/RequestContext/url(for:parameters:catchAll:query:)``
/// reads.
struct NamedRoutes: Sendable {
    /// ``URLRouter/RouteTable/url(forRouteNamed:parameters:catchAll:query:)`` of that table.
    let url:
        @Sendable (String, [String: String], [String], [(name: String, value: String)]) throws(URLBuildError) ->
            String

    init(
        _ url:
            @escaping @Sendable (String, [String: String], [String], [(name: String, value: String)])
            throws(URLBuildError) -> String
    ) {
        self.url = url
    }

    /// The named routes of the request being answered, if any.
    @TaskLocal static var current: NamedRoutes?
}

extension RequestContext {
    /// Builds the URL of the route named `name` (reverse routing) in the table that routed this
    /// request, proven by a lookup: the route, added with
    /// ``URLRouterBuilder/on(pattern:method:host:name:priority:file:line:use:)``, must win the URL
    /// with these values (``URLRouter/RouteTable/url(forRouteNamed:parameters:catchAll:query:)``).
    ///
    /// ```swift
    /// try router.on(pattern: "/users/:id", method: .get, name: "user") { _, _ in "user" }
    /// try router.on(pattern: "/me", method: .get) { _, context in
    ///     try context.url(for: "user", parameters: ["id": "7"])   // "/users/7"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: the route's name.
    ///   - parameters: a value for each parameter, by name (a host pattern's too), not encoded;
    ///     an optional parameter left out leaves out its segment.
    ///   - catchAll: the catch-all's segments, not encoded (or a `{*name}` value by its name).
    ///   - query: query items to append, encoded.
    /// - Returns: the path (and query) of the URL.
    /// - Throws: `URLBuildError`, also when called outside a handler a ``URLRouterBuilder`` routed to.
    public func url(
        for name: String, parameters: [String: String] = [:], catchAll: [String] = [],
        query: [(name: String, value: String)] = []
    ) throws(URLBuildError) -> String {
        guard let routes = NamedRoutes.current else {
            throw URLBuildError(
                .unknownRoute, route: name,
                message: "no named route: url(for:) builds in a handler of a URLRouterBuilder with named routes")
        }
        return try routes.url(name, parameters, catchAll, query)
    }
}
#endif
