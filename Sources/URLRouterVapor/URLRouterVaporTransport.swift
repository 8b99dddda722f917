#if Vapor && OpenAPI
public import HTTPTypes
public import OpenAPIRuntime
import Synchronization
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
public import Vapor

/// An OpenAPI `ServerTransport` for a Vapor application served by URLRouter
/// (`app.responder.use(.urlRouter)`): what swift-openapi-vapor's `VaporTransport` is for Vapor's
/// own router.
///
/// ```swift
/// app.responder.use(.urlRouter)
/// let transport = URLRouterVaporTransport(routesBuilder: app)
/// try handler.registerHandlers(on: transport, serverURL: Servers.Server1.url())
/// ```
///
/// It serves every path template the OpenAPI transport protocol allows, mixed components such as
/// `/files/{name}.zip` included, and hands the generated code each path parameter as the text of
/// the path as written: the OpenAPI runtime decodes each value once, so `/greet/%252e%252e`
/// reaches the handler as `%2e%2e`, which the strict profile let through, never as `..`.
public struct URLRouterVaporTransport: ServerTransport {
    /// Where the operations' routes are added (an application, or one of its groups).
    let routesBuilder: any RoutesBuilder

    /// Makes a transport that adds each operation's route to `routesBuilder`.
    ///
    /// - Parameter routesBuilder: the application, or a group of it (its path prefix and middleware
    ///   apply to the operations, as to any route).
    public init(routesBuilder: any RoutesBuilder) {
        self.routesBuilder = routesBuilder
    }

    /// Adds the route of one operation.
    ///
    /// - Parameters:
    ///   - handler: the generated code's handler of the operation.
    ///   - method: the operation's method.
    ///   - path: the operation's path template, such as `/files/{name}.zip`.
    /// - Throws: `RouterError` when the template is not one URLRouter can serve.
    public func register(
        _ handler:
            @Sendable @escaping @concurrent (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        let route = try routesBuilder.on(
            pattern: OpenAPIPathTemplate.pattern(path), method: HTTPMethod(rawValue: method.rawValue), body: .stream
        ) { request in
            guard let parameters = request.storage[RawPathParameters.self] else {
                throw Abort(
                    .internalServerError,
                    reason: "URLRouterVaporTransport serves only with app.responder.use(.urlRouter)")
            }
            let (response, body) = try await handler(
                HTTPRequest(request), HTTPBody(request), ServerRequestMetadata(pathParameters: parameters))
            let answer = Response(response, body: body)
            // A declared length stands, as swift-openapi-vapor keeps it: a HEAD answer has no body.
            if let length = response.headerFields[.contentLength] {
                answer.headers.replaceOrAdd(name: .contentLength, value: length)
            }
            return answer
        }
        route.userInfo[RawPathParameters.routeKey] = true
    }
}

/// A transport is made and used while the application is configured, from one task.
@available(*, unavailable)
extension URLRouterVaporTransport: Sendable {}

extension HTTPRequest {
    /// The request's head, as the OpenAPI runtime reads it.
    init(_ request: Request) throws {
        guard let method = HTTPRequest.Method(request.method.rawValue) else {
            throw Abort(.methodNotAllowed)
        }
        var fields = HTTPFields()
        for (name, value) in request.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        self.init(
            method: method, scheme: request.url.scheme, authority: request.url.host,
            path: request.url.path + (request.url.query.map { "?" + $0 } ?? ""), headerFields: fields)
    }
}

extension HTTPBody {
    /// The request's body, streamed once.
    convenience init(_ request: Request) {
        let length = request.headers.first(name: .contentLength).flatMap(Int.init)
        self.init(
            request.body.map(\.readableBytesView), length: length.map { .known(Int64($0)) } ?? .unknown,
            iterationBehavior: .single)
    }
}

extension Response {
    /// The generated code's response, its body streamed.
    convenience init(_ response: HTTPResponse, body: HTTPBody?) {
        var headers = HTTPHeaders()
        for field in response.headerFields { headers.add(name: field.name.rawName, value: field.value) }
        self.init(status: HTTPResponseStatus(statusCode: response.status.code), headers: headers, body: .init(body))
    }
}

extension Response.Body {
    /// `body` streamed to the client, or empty.
    init(_ body: HTTPBody?) {
        guard let body else {
            self = .empty
            return
        }
        let once = StreamsOnce()
        let stream: @Sendable (any BodyStreamWriter) -> Void = { writer in
            guard once.take() else {
                _ = writer.write(.error(Abort(.internalServerError, reason: "the response body streams once")))
                return
            }
            _ = writer.eventLoop.makeFutureWithTask {
                do {
                    for try await chunk in body { try await writer.write(.buffer(ByteBuffer(bytes: chunk))).get() }
                    try await writer.write(.end).get()
                } catch {
                    try await writer.write(.error(error)).get()
                }
            }
        }
        switch body.length {
        case .known(let count): self.init(stream: stream, count: Int(clamping: count))
        case .unknown: self.init(stream: stream)
        }
    }
}

/// Whether a response body was streamed: Vapor may ask a stream body for its bytes twice
/// (vapor/vapor#3002), and an OpenAPI body streams once.
final class StreamsOnce: Sendable {
    private let taken = Mutex(false)

    /// `true` the first time only.
    func take() -> Bool {
        taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}
#endif
