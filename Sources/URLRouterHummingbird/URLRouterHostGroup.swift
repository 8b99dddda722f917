#if Hummingbird
public import Hummingbird

/// The routes of one host pattern of a ``URLRouterBuilder`` (``URLRouterBuilder/host(_:)``), with
/// Hummingbird's route methods (`get`, `post`, `group`, `add(middleware:)`): each route answers
/// only requests whose `Host` the pattern takes (SEMANTICS.md section 11), and reads the host's
/// parameters as path parameters.
///
/// ```swift
/// let tenant = router.host("{tenant}.example.com")
/// tenant.get("/users/:id") { _, context in context.parameters.get("tenant") ?? "" }
/// ```
///
/// Middleware added to the group applies to the group's routes added after it, as in a
/// Hummingbird `RouterGroup`.
public struct URLRouterHostGroup<Context: RequestContext>: RouterMethods {
    let router: URLRouterBuilder<Context>
    /// The host pattern.
    public let host: String
    /// The group's own middleware.
    let middlewares: MiddlewareGroup<Context>

    init(router: URLRouterBuilder<Context>, host: String) {
        self.router = router
        self.host = host
        // `MiddlewareGroup`'s initializer is internal to Hummingbird; its own router makes one.
        self.middlewares = Hummingbird.Router(context: Context.self).middlewares
    }

    /// Adds `responder` for `path` and `method` (Hummingbird's path syntax) on the group's host.
    @discardableResult public func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        let pattern = "/" + path.components.map(\.description).joined(separator: "/")
        router.add(
            pattern, path: path, method: method, host: host, priority: 0, location: nil,
            responder: middlewares.constructResponder(finalResponder: responder))
        return self
    }

    /// Adds middleware, applied to the group's routes added after it.
    @discardableResult public func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        middlewares.add(middleware)
        return self
    }
}

/// A group is configured from one task, as its router.
@available(*, unavailable)
extension URLRouterHostGroup: Sendable {}
#endif
