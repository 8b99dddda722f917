#if OpenAPI
public import HTTPTypes
public import OpenAPIRuntime

/// The handler of `openapi.yaml`'s operations: each answers with its path parameter as the
/// generated code decoded it.
public struct EchoingHandler: APIProtocol, Sendable {
    /// A handler.
    public init() {}

    /// `GET /greet/{name}`.
    func greet(_ input: Operations.greet.Input) async throws -> Operations.greet.Output {
        .ok(.init(body: .plainText(HTTPBody(input.path.name))))
    }

    /// `GET /files/{name}.zip`.
    func getArchive(_ input: Operations.getArchive.Input) async throws -> Operations.getArchive.Output {
        .ok(.init(body: .plainText(HTTPBody(input.path.name))))
    }

    /// Registers the operations on `transport` with ``PathParametersEcho``, as an app registers
    /// its API on whichever transport it is given (the generated `registerHandlers`, which this
    /// module's generated code keeps internal).
    public func registerHandlers(on transport: some ServerTransport) throws {
        try registerHandlers(on: transport, middlewares: [PathParametersEcho()])
    }
}

/// Adds to each response the path parameters the transport handed the generated code, before it
/// decoded them: `X-Path-Parameters: name=%252e%252e`.
public struct PathParametersEcho: ServerMiddleware, Sendable {
    /// The header.
    public static let header = HTTPField.Name("X-Path-Parameters")!

    /// A middleware.
    public init() {}

    /// Runs the operation, then adds the header.
    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, responseBody) = try await next(request, body, metadata)
        response.headerFields[Self.header] = metadata.pathParameters.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return (response, responseBody)
    }
}

/// The requests both integrations' tests send, with the path parameter each hands the generated
/// code (the path's text as written, as Hummingbird's router hands it) and the value the handler
/// then receives (decoded once by the OpenAPI runtime).
public enum OpenAPIRequests: Sendable {
    /// `(target, the parameter as handed over, the parameter as the handler receives it)`.
    public static let encoded: [(target: String, handed: String, received: String)] = [
        ("/greet/100%25", "100%25", "100%"),
        ("/greet/a%2525b", "a%2525b", "a%25b"),
        ("/greet/%252e%252e", "%252e%252e", "%2e%2e"),
        ("/greet/%252F", "%252F", "%2F"),
        ("/greet/%2500", "%2500", "%00"),
        ("/greet/caf%C3%A9", "caf%C3%A9", "café"),
        ("/greet/a%2Fb", "a%2Fb", "a/b"),
        ("/greet/plain", "plain", "plain"),
        ("/files/report.zip", "report", "report"),
        ("/files/re%20port.zip", "re%20port", "re port"),
        ("/files/%252e%252e.zip", "%252e%252e", "%2e%2e"),
    ]
}
#endif
