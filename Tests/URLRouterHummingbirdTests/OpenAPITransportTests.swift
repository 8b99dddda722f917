#if Hummingbird && OpenAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import OpenAPITestSupport
import Testing
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
