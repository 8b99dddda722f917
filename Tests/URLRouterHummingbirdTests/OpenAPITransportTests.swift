#if Hummingbird && OpenAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import OpenAPITestSupport
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHummingbird

/// With the `OpenAPI` trait, `URLRouterBuilder` is a `ServerTransport`: the code generated from
/// Tests/OpenAPITestSupport/openapi.yaml registers on it unchanged, through the same generic
/// function as on Hummingbird's `Router`, and gets the same path parameters, over loopback.
@Suite struct OpenAPITransportTests {
    /// Each request's status, the parameters handed to the generated code, and the body.
    static func answers(_ responder: any HTTPResponder<BasicRequestContext>) async throws -> [String: String] {
        let app = Application(
            responder: AnyResponder(responder), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            var answers: [String: String] = [:]
            for request in OpenAPIRequests.encoded {
                answers[request.target] = try await client.execute(uri: request.target, method: .get) { response in
                    "\(response.status.code) \(response.headers[PathParametersEcho.header] ?? "-") \(String(buffer: response.body))"
                }
            }
            return answers
        }
    }

    @Test func theGeneratedServerGetsHummingbirdsParametersAsWritten() async throws {
        let hummingbird = Router()
        try EchoingHandler().registerHandlers(on: hummingbird)
        let urlRouter = URLRouterBuilder()
        try EchoingHandler().registerHandlers(on: urlRouter)
        try urlRouter.validate()
        let expected = try await Self.answers(hummingbird.buildResponder())
        let answered = try await Self.answers(urlRouter.buildResponder())
        for request in OpenAPIRequests.encoded {
            #expect(answered[request.target] == expected[request.target], "\(request.target)")
            #expect(
                answered[request.target] == "200 name=\(request.handed) \(request.received)", "\(request.target)")
        }
    }

    @Test func aGroupIsATransportAndItsRoutesServe() async throws {
        let router = URLRouterBuilder()
        try EchoingHandler().registerHandlers(on: router.group("/v1"))
        let app = Application(router: router)
        try await app.test(.router) { client in
            let answer = try await client.execute(uri: "/v1/files/report.zip", method: .get) { String(buffer: $0.body) }
            #expect(answer == "report")
        }
    }

    /// An OpenAPI document with both `/items` and `/items/` (swift-openapi-generator#51): under
    /// `trailingSlash` `.strict`, two operations, each answering its own path over loopback;
    /// under `.redirect`, a path with no operation of its own is sent to the other with a 308.
    @Test func itemsAndItemsWithASlashAreTwoOperationsUnderStrict() async throws {
        func router(_ policy: URLRouter.RouterOptions.TrailingSlash) throws -> URLRouterBuilder<BasicRequestContext> {
            var options = URLRouterBuilder<BasicRequestContext>.hummingbirdOptions
            options.trailingSlash = policy
            let router = URLRouterBuilder(options: options)
            for (path, answer) in [("/items", "list"), ("/items/", "index"), ("/docs/", "docs")] {
                router.register(
                    { _, _, _ in (HTTPResponse(status: .ok), HTTPBody(answer)) }, method: .get, path: path)
            }
            try router.validate()
            return router
        }
        let strict = Application(
            router: try router(.strict), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await strict.test(.live) { client in
            for (target, answer) in [
                ("/items", "200 list"), ("/items/", "200 index"), ("/docs/", "200 docs"), ("/docs", "404 "),
            ] {
                let answered = try await client.execute(uri: target, method: .get) {
                    "\($0.status.code) \($0.status.code == 200 ? String(buffer: $0.body) : "")"
                }
                #expect(answered == answer, "\(target)")
            }
        }
        let redirect = Application(
            router: try router(.redirect), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await redirect.test(.live) { client in
            try await client.execute(uri: "/docs?page=2", method: .get) { response in
                #expect(response.status == .permanentRedirect)
                #expect(response.headers[.location] == "/docs/?page=2")
            }
            try await client.execute(uri: "/items/", method: .get) { #expect(String(buffer: $0.body) == "index") }
        }
    }

    /// The README's strict OpenAPI router: the generated code registers on it, and serves.
    @Test func theReadmesStrictRouterServesTheGeneratedCode() async throws {
        let api = EchoingHandler()
        var options = URLRouterBuilder<BasicRequestContext>.hummingbirdOptions
        options.trailingSlash = .strict
        let router = URLRouterBuilder(options: options)
        try api.registerHandlers(on: router)
        try router.validate()
        let app = Application(router: router)
        try await app.test(.router) { client in
            let answer = try await client.execute(uri: "/files/report.zip", method: .get) { String(buffer: $0.body) }
            #expect(answer == "report")
            try await client.execute(uri: "/files/report.zip/", method: .get) { #expect($0.status == .notFound) }
        }
    }

    /// swift-openapi-hummingbird's `test_requestConversion`, through `URLRouterBuilder`: the
    /// request, its body, the path parameters and the response as the transport converts them.
    @Test func theRequestAndResponseConvertAsUnderHummingbirdsRouter() async throws {
        let router = URLRouterBuilder()
        let mumble = HTTPField.Name("X-Mumble")!
        router.register(
            { request, body, metadata in
                #expect(request.method == .post)
                #expect(request.path == "/hello/Maria?greeting=Howdy")
                #expect(request.headerFields[mumble] == "mumble")
                #expect(metadata == ServerRequestMetadata(pathParameters: ["name": "Maria"]))
                let collected = try await [UInt8](collecting: try #require(body), upTo: .max)
                #expect(collected == [UInt8]("👋".utf8))
                return (HTTPResponse(status: .created, headerFields: [mumble: "mumble"]), HTTPBody(collected))
            }, method: .post, path: "/hello/{name}")
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await client.execute(
                uri: "/hello/Maria?greeting=Howdy", method: .post, headers: [mumble: "mumble"],
                body: ByteBuffer(string: "👋")
            ) { response in
                #expect(response.status == .created)
                #expect(response.headers[mumble] == "mumble")
                #expect(String(buffer: response.body) == "👋")
            }
        }
    }
}
#endif
