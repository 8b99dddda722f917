#if Vapor
public import Vapor

/// The routes of one host pattern (SEMANTICS.md section 11), in Vapor's idiom of a group: every
/// route added through it, with Vapor's `get`, `post`, `grouped` or with URLRouter's
/// `on(pattern:…)`, answers only requests whose `Host` the pattern takes, and reads the host's
/// parameters as path parameters (`req.parameters.get("tenant")`). Served by
/// ``Vapor/Application/Responder/Provider/urlRouter``; Vapor's own responder ignores the host.
struct HostRoutesBuilder: RoutesBuilder {
    /// The `userInfo` key of a route's host pattern.
    static let key: AnySendableHashable = "URLRouterVapor.Host"

    /// The builder the routes go to.
    let root: any RoutesBuilder
    /// The host pattern.
    let host: String

    func add(_ route: Route) {
        if route.userInfo[HostRoutesBuilder.key] == nil { HostRoutesBuilder.mark(route, host: host) }
        root.add(route)
    }

    /// Makes `route` one of `host`'s: the pattern the responder reads, and, unless the route has a
    /// description of its own, `host <pattern>` as its description, which Vapor's `routes`
    /// command lists beside its method and path.
    static func mark(_ route: Route, host: String) {
        let description = route.userInfo["description"] as? String
        if description == nil || description == (route.userInfo[key] as? String).map(described) {
            route.userInfo["description"] = described(host)
        }
        route.userInfo[key] = host
    }

    /// The description of a route of `host` that has none of its own.
    static func described(_ host: String) -> String { "host " + host }
}

extension RoutesBuilder {
    /// A group of the routes of `host`, a host pattern such as `{tenant}.example.com`,
    /// `api.example.com` or `*.example.com` (SEMANTICS.md section 11):
    ///
    /// ```swift
    /// let tenant = app.grouped(host: "{tenant}.example.com")
    /// tenant.get("users", ":id") { req in "\(req.parameters.get("tenant")!) \(req.parameters.get("id")!)" }
    /// ```
    ///
    /// A bad host pattern is refused when the application boots, naming the route.
    public func grouped(host: String) -> any RoutesBuilder {
        HostRoutesBuilder(root: self, host: host)
    }
}
#endif
