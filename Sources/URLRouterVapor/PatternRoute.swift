#if Vapor
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter
public import Vapor

/// What a route added with URLRouter's pattern syntax keeps in `Route.userInfo`: the pattern, its
/// priority and name, and how many of the route's path components stand for it (a group's prefix
/// comes before them).
struct PatternRoute: Hashable, Sendable {
    /// The `userInfo` key.
    static let key: AnySendableHashable = "URLRouterVapor.PatternRoute"

    /// The pattern as registered, starting with `/`.
    let pattern: String
    let priority: Int
    /// The route's name, for ``Vapor/Request/url(for:parameters:catchAll:query:)``.
    let name: String?
    /// The number of path components written for the pattern, at the end of `Route.path`.
    let componentCount: Int

    /// The route's whole pattern: the group prefix from Vapor's components, then the pattern.
    func fullPattern(of route: Route) -> String {
        let prefix = VaporPath.pattern(route.path.dropLast(componentCount))
        return pattern == "/" && !prefix.isEmpty ? prefix : prefix + pattern
    }
}

extension RoutesBuilder {
    /// Adds a route in URLRouter's pattern syntax (constraints such as `:id(\d+)`, in-segment
    /// captures such as `{name}.jpg`, a final `**`, a priority), served when the application uses
    /// ``Vapor/Application/Responder/Provider/urlRouter``.
    ///
    /// Groups and their middleware apply as to any route. Vapor's own responder does not read
    /// URLRouter patterns: there such a route never matches.
    ///
    /// - Parameters:
    ///   - pattern: a path pattern, such as `/orders/:id(\d+)`, `/docs/:version?` or `/files/{*path}`.
    ///   - method: the HTTP method.
    ///   - host: a host pattern, such as `{tenant}.example.com` (its parameters read as
    ///     `req.parameters.get("tenant")`); `nil` for any host. Inside
    ///     ``Vapor/RoutesBuilder/grouped(host:)``, that group's host by default.
    ///   - name: the route's name, for ``Vapor/Request/url(for:parameters:catchAll:query:)``.
    ///   - priority: the route's priority; higher wins first (default 0).
    ///   - body: how the request body is collected, as for Vapor's `on`.
    ///   - closure: the handler.
    /// - Returns: the Vapor route, for `description` and `userInfo`.
    /// - Throws: `RouterError` naming the pattern (or the host pattern) and the position it refuses.
    @discardableResult
    @preconcurrency
    public func on<Response: AsyncResponseEncodable & VaporSendableMetatype>(
        pattern: String, method: HTTPMethod = .GET, host: String? = nil, name: String? = nil, priority: Int = 0,
        body: HTTPBodyStreamStrategy = .collect, use closure: @Sendable @escaping (Request) async throws -> Response
    ) throws(RouterError) -> Route {
        let pattern = pattern.hasPrefix("/") ? pattern : "/" + pattern
        let host = host ?? (self as? HostRoutesBuilder)?.host
        // Checked on its own now, so that a refusal names this route (the whole table is checked
        // again, with the options and backend that serve it, when the application boots).
        try RouteTable<Int>.check(pattern: pattern, host: host, method: method.rawValue, backend: .default)
        // Vapor's components only describe the route (`route.description`, `routes` command).
        let components = pattern.split(separator: "/").map { PathComponent.constant(String($0)) }
        let route = on(method, components, body: body, use: closure)
        if let host { HostRoutesBuilder.mark(route, host: host) }
        route.userInfo[PatternRoute.key] = PatternRoute(
            pattern: pattern, priority: priority, name: name, componentCount: components.count)
        return route
    }
}
#endif
