@_spi(HandlerRouter) import URLRouter

/// What a route runs, by registration kind (SEMANTICS.md section 5).
///
/// A lookup through another kind's entry point gets ``RouteFailure/kindMismatch(_:)``.
public enum RouteHandler: Sendable {
    /// An action: runs on ``Router/route(_:method:variants:extra:)``.
    case action(@Sendable (RouterMatch) -> Void)
    /// An object route: returns a value on ``Router/routeObject(_:method:variants:extra:)``.
    case object(@Sendable (RouterMatch) -> (any Sendable)?)
    /// A callback route: delivers its value later, on ``Router/routeCallback(_:method:variants:extra:)``.
    case callback(@Sendable (RouterMatch) async -> (any Sendable)?)

    /// The registration kind.
    package var kind: RouteKind {
        switch self {
        case .action: return .action
        case .object: return .object
        case .callback: return .callback
        }
    }

    /// An object route bound to a fixed value (YFRouter's `registerURL:object:`).
    package static func value(_ value: any Sendable) -> RouteHandler {
        .object { _ in value }
    }
}
