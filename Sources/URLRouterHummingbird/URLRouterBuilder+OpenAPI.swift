#if Hummingbird && OpenAPI
import OpenAPIHummingbird
public import OpenAPIRuntime

/// With the `OpenAPI` trait, a router is an OpenAPI `ServerTransport`, as Hummingbird's `Router` is
/// with swift-openapi-hummingbird, so an app's `try api.registerHandlers(on: router)` compiles
/// unchanged after the switch. The routes are added by swift-openapi-hummingbird's `register`, for
/// any of Hummingbird's `RouterMethods`; a group of the router (`router.group("/api")`) is a
/// `RouterGroup`, a transport already.
///
/// Every path template the protocol allows is served, mixed components (`/files/{name}.zip`)
/// included, and the generated code gets each path parameter as the path's text as written,
/// which the OpenAPI runtime decodes once.
extension URLRouterBuilder: ServerTransport {}
#endif
