@_spi(HandlerRouter) import URLRouter

/// The kind a route is registered as (SEMANTICS.md section 5): which of the router's entry points
/// runs it.
package enum RouteKind: Sendable, Hashable, CaseNamed {
    /// A handler that runs (``Router/route(_:method:variants:extra:)``).
    case action
    /// A handler that returns a value, or a value bound to the URL
    /// (``Router/routeObject(_:method:variants:extra:)``).
    case object
    /// A handler that delivers its value later, `async`
    /// (``Router/routeCallback(_:method:variants:extra:)``).
    case callback
}
