@_spi(HandlerRouter) public import URLRouter

/// Why one of the router's entry points ran nothing for a URL (SEMANTICS.md sections 5 and 7).
///
/// ```swift
/// switch router.routeObject("app://user/42") {
/// case .success(let routed): print(routed.value(as: String.self) ?? "")
/// case .failure(.miss(let miss)): print("no route:", miss.reason)
/// case .failure(.kindMismatch(let match)): print("an action route won:", match.route.pattern)
/// }
/// ```
public enum RouteFailure: Error, Sendable, CustomStringConvertible {
    /// No route takes the URL, and why; the unmatched handler has heard it.
    case miss(RouteMiss)
    /// The route that won is of another kind than the entry point's (an action route reached
    /// through `routeObject`, say): the match, which runs nothing. The unmatched handler does not
    /// hear it.
    case kindMismatch(RouterMatch)

    /// The URL the caller passed.
    public var url: String {
        switch self {
        case .miss(let miss): miss.url
        case .kindMismatch(let match): match.url
        }
    }

    /// The miss's reason, or `kindMismatch` and the route that won, for a log line.
    public var description: String {
        switch self {
        case .miss(let miss): "\(miss)"
        case .kindMismatch(let match): "kindMismatch: \(match)"
        }
    }
}
