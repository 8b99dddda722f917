#if Vapor && OpenAPI
import HTTPTypes
import OpenAPIRuntime
import OpenAPITestSupport
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
@testable import URLRouterVapor
import Vapor
import XCTVapor

/// `URLRouterVaporTransport` serves the code generated from Tests/OpenAPITestSupport/openapi.yaml,
/// the mixed component `/files/{name}.zip` included (swift-openapi-vapor's `VaporTransport` cannot),
/// and hands it each path parameter as written, as Hummingbird's router does: the generated code
/// decodes it once.
final class OpenAPITransportTests: XCTestCase {
    /// The generated handlers, registered on a transport for the application, as the README shows.
    static func echoingHandler(_ app: Application) throws {
        let api = EchoingHandler()
        app.responder.use(.urlRouter)
        try api.registerHandlers(on: URLRouterVaporTransport(routesBuilder: app))
    }

    func testTheGeneratedServerAnswersOverLoopbackWithParametersAsWritten() async throws {
        try await withRunningServer(routes: Self.echoingHandler) { client in
            for request in OpenAPIRequests.encoded {
                let answer = try client.send("GET", request.target)
                XCTAssertEqual(answer.status, 200, request.target)
                XCTAssertEqual(answer.headers["x-path-parameters"], "name=\(request.handed)", request.target)
                XCTAssertEqual(answer.body, request.received, request.target)
            }
            // The strict profile decides on the path decoded once, before the generated code runs.
            for target in ["/greet/%2e%2e", "/greet/%00", "/files/..%2F..%2Fetc.zip"] {
                XCTAssertEqual(try client.send("GET", target).status, 400, target)
            }
            XCTAssertEqual(try client.send("GET", "/files/report.tar").status, 404)
        }
    }

    func testAGroupsPrefixApplies() async throws {
        let routes = { (app: Application) in
            try EchoingHandler().registerHandlers(on: URLRouterVaporTransport(routesBuilder: app.grouped("v1")))
        }
        _ = try await withApplication(routes: routes) { app in
            try await app.testable().test(.GET, "/v1/files/report.zip") { response async in
                XCTAssertEqual(response.body.string, "report")
            }
        }
    }

    /// Under Vapor's own responder the transport's routes never match: a pattern route is
    /// URLRouter's syntax.
    func testTheRoutesNeedTheURLRouterResponder() async throws {
        let routes = { (app: Application) in
            try EchoingHandler().registerHandlers(on: URLRouterVaporTransport(routesBuilder: app))
        }
        _ = try await withApplication(.default, routes: routes) { app in
            try await app.testable().test(.GET, "/greet/x") { response async in
                XCTAssertEqual(response.status, .notFound)
            }
        }
    }

    /// swift-openapi-vapor's `testHeadRequestExplicitContentLength`.
    func testHeadRequestExplicitContentLength() async throws {
        let routes = { (app: Application) in
            try URLRouterVaporTransport(routesBuilder: app).register(
                { _, _, _ in (HTTPResponse(status: .ok, headerFields: [.contentLength: "42"]), nil) }, method: .head,
                path: "/test")
        }
        _ = try await withApplication(routes: routes) { app in
            try await app.testable().test(.HEAD, "/test") { response async in
                XCTAssertEqual(response.status, .ok)
                XCTAssertEqual(response.headers.first(name: .contentLength), "42")
            }
        }
    }

    /// swift-openapi-vapor's `testRequestConversion` and `testHandlerRegistration`, through the
    /// transport: the request, its body, the path parameters and the response.
    func testTheRequestAndResponseConvertAsUnderVaporTransport() async throws {
        let mumble = HTTPField.Name("X-Mumble")!
        let routes = { (app: Application) in
            try URLRouterVaporTransport(routesBuilder: app).register(
                { request, body, metadata in
                    XCTAssertEqual(request.method, .post)
                    XCTAssertEqual(request.path, "/hello/Maria/world?greeting=Howdy")
                    XCTAssertEqual(request.headerFields[mumble], "mumble")
                    XCTAssertEqual(request.headerFields[.contentLength], "4")
                    XCTAssertEqual(metadata, ServerRequestMetadata(pathParameters: ["name": "Maria"]))
                    let collected = try await [UInt8](collecting: XCTUnwrap(body), upTo: .max)
                    XCTAssertEqual(collected, [UInt8]("👋".utf8))
                    return (HTTPResponse(status: .created, headerFields: [mumble: "mumble"]), HTTPBody(collected))
                }, method: .post, path: "/hello/{name}/world")
        }
        _ = try await withApplication(routes: routes) { app in
            XCTAssertEqual(app.routes.all.first?.description, "POST /hello/{name}/world")
            try await app.testable().test(
                .POST, "/hello/Maria/world?greeting=Howdy", headers: ["X-Mumble": "mumble"],
                body: ByteBuffer(string: "👋")
            ) { response async in
                XCTAssertEqual(response.status.code, 201)
                XCTAssertEqual(response.headers.first(name: "X-Mumble"), "mumble")
                XCTAssertEqual(response.body.string, "👋")
            }
        }
    }

    /// An OpenAPI document with both `/items` and `/items/` (swift-openapi-generator#51): under
    /// `trailingSlash` `.strict`, two operations; under `.redirect`, a path with no operation of
    /// its own answers 308 with the other's `Location`.
    func testItemsAndItemsWithASlashAreTwoOperationsUnderStrict() async throws {
        let routes = { (app: Application) in
            let transport = URLRouterVaporTransport(routesBuilder: app)
            for (path, answer) in [("/items", "list"), ("/items/", "index"), ("/docs/", "docs")] {
                try transport.register(
                    { _, _, _ in (HTTPResponse(status: .ok), HTTPBody(answer)) }, method: .get, path: path)
            }
        }
        for policy in [URLRouter.RouterOptions.TrailingSlash.strict, .redirect] {
            var options = URLRouterResponder.vaporOptions
            options.trailingSlash = policy
            try await withRunningServer(try .urlRouter(options: options), routes: routes) { client in
                for (target, answer) in [("/items", "list"), ("/items/", "index"), ("/docs/", "docs")] {
                    let answered = try client.send("GET", target)
                    XCTAssertEqual(answered.status, 200, "\(policy) \(target)")
                    XCTAssertEqual(answered.body, answer, "\(policy) \(target)")
                }
                let docs = try client.send("GET", "/docs?page=2")
                XCTAssertEqual(docs.status, policy == .redirect ? 308 : 404, "\(policy)")
                XCTAssertEqual(docs.headers["location"], policy == .redirect ? "/docs/?page=2" : nil, "\(policy)")
            }
        }
    }

    func testLiteralCharactersOfURLRoutersSyntaxStayLiteral() async throws {
        XCTAssertEqual(OpenAPIPathTemplate.pattern("/files/{name}.zip"), "/files/{name}.zip")
        XCTAssertEqual(OpenAPIPathTemplate.pattern("/v1/{model}:generate"), "/v1/{model}%3Agenerate")
        XCTAssertEqual(OpenAPIPathTemplate.pattern("/a/*/(b)"), "/a/%2A/%28b%29")
        XCTAssertEqual(OpenAPIPathTemplate.pattern("/items/"), "/items/")
        let routes = { (app: Application) in
            let transport = URLRouterVaporTransport(routesBuilder: app)
            for path in ["/v1/{model}:generate", "/a/*/(b)"] {
                try transport.register(
                    { _, _, metadata in
                        (HTTPResponse(status: .ok), HTTPBody("\(path) \(metadata.pathParameters["model"] ?? "-")"))
                    }, method: .get, path: path)
            }
        }
        _ = try await withApplication(routes: routes) { app in
            try await app.testable().test(.GET, "/v1/gpt:generate") { response async in
                XCTAssertEqual(response.body.string, "/v1/{model}:generate gpt")
            }
            try await app.testable().test(.GET, "/a/*/(b)") { response async in
                XCTAssertEqual(response.body.string, "/a/*/(b) -")
            }
            try await app.testable().test(.GET, "/a/x/(b)") { response async in
                XCTAssertEqual(response.status, .notFound)
            }
        }
    }
}
#endif
