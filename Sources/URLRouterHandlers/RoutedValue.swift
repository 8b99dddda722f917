@_spi(HandlerRouter) import URLRouter

/// The value an object or callback route returned, with the match that chose it.
public struct RoutedValue: Sendable {
    /// The match.
    public let match: RouterMatch
    /// What the handler returned.
    public let value: (any Sendable)?

    /// What the handler returned, as `Value`: `nil` when it returned nothing or a value of
    /// another type. A caller that registers one type reads it with no cast:
    ///
    /// ```swift
    /// try router.registerObject("app://user/:id") { match in User(id: match.parameters.get("id") ?? "") }
    /// let user = try router.routeObject("app://user/42").get().value(as: User.self)
    /// ```
    public func value<Value>(as type: Value.Type = Value.self) -> Value? {
        value as? Value
    }
}
