@_spi(HandlerRouter) public import URLRouter

/// One route to register in a batch (``Router/register(contentsOf:)``): a route of the typed
/// table whose value is its handler.
public typealias RouteDefinition = RouteTable<RouteHandler>.Route

extension RouteTable.Route where Value == RouteHandler {
    /// Makes a definition: `pattern` (with its method, host pattern, variant, priority and name)
    /// runs `handler`.
    public init(
        _ pattern: String, method: String? = nil, host: String? = nil, variant: String? = nil, priority: Int = 0,
        name: String? = nil, handler: RouteHandler
    ) {
        self.init(
            pattern, method: method, host: host, variant: variant, priority: priority, name: name, value: handler)
    }
}
