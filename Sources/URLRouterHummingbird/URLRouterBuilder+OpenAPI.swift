#if Hummingbird && OpenAPI
public import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
public import OpenAPIRuntime
@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// With the `OpenAPI` trait, a router is an OpenAPI `ServerTransport`, as Hummingbird's `Router` is
/// with swift-openapi-hummingbird, so an app's `try api.registerHandlers(on: router)` compiles
/// unchanged after the switch. A group of the router (`router.group("/api")`) is a `RouterGroup`,
/// a transport already, whose routes swift-openapi-hummingbird adds by their `RouterPath`.
///
/// Every path template the protocol allows is served, mixed components (`/files/{name}.zip`)
/// included, and the generated code gets each path parameter as the path's text as written,
/// which the OpenAPI runtime decodes once.
extension URLRouterBuilder: ServerTransport {
    /// Registers an OpenAPI operation at its path template as written: with `trailingSlash`
    /// `.strict` in the router's options, `/items` and `/items/` are two operations (a
    /// `RouterPath`, which a group's registrations go through, has no final `/`).
    ///
    /// - Parameters:
    ///   - handler: the generated code's handler of the operation.
    ///   - method: the operation's method.
    ///   - path: the path template, such as `/items/{id}`.
    public func register(
        _ handler:
            @Sendable @escaping @concurrent (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) {
        let responder = CallbackResponder<Context> { request, context in
            let length = request.headers[.contentLength].flatMap { Int($0) }.map { HTTPBody.Length.known(Int64($0)) }
            let body = HTTPBody(
                request.body.map { [UInt8](buffer: $0) }, length: length ?? .unknown, iterationBehavior: .single)
            let parameters = [String: Substring](
                context.parameters.map { (String($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
            let (response, responseBody) = try await handler(
                request.head, body, ServerRequestMetadata(pathParameters: parameters))
            return Response(response, body: responseBody)
        }
        let pattern = OpenAPIPathTemplate.pattern(path)
        add(pattern, path: RouterPath(path), method: method, priority: 0, location: nil, responder: responder)
    }
}

extension Response {
    /// The OpenAPI runtime's response and body as Hummingbird's response (as swift-openapi-hummingbird
    /// makes it).
    init(_ response: HTTPResponse, body: HTTPBody?) {
        guard let body else {
            self.init(status: response.status, headers: response.headerFields, body: .init(byteBuffer: ByteBuffer()))
            return
        }
        let buffers = body.map { ByteBuffer(bytes: $0) }
        let responseBody: ResponseBody
        if case .known(let length) = body.length {
            responseBody = .init(contentLength: Int(length)) { writer in
                for try await buffer in buffers { try await writer.write(buffer) }
                try await writer.finish(nil)
            }
        } else {
            responseBody = .init(asyncSequence: buffers)
        }
        self.init(status: response.status, headers: response.headerFields, body: responseBody)
    }
}
#endif
