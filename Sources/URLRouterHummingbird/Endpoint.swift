#if Hummingbird
public import Hummingbird

/// What a route of a ``URLRouterBuilder`` stores: its responder (with the middleware added
/// before it) and what the request context learns of it.
public struct Endpoint<Context: RequestContext>: Sendable {
    let responder: any HTTPResponder<Context>
    /// The pattern, as the endpoint path for metrics and logs.
    let pattern: String
    /// `nil` for a route of any method (a JSON route map's).
    let method: HTTPRequest.Method?
}
#endif
