#if Vapor
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterVapor
import Vapor
import XCTVapor

/// The same routes registered on an application: Vapor's own responder and URLRouter's take this
/// unchanged.
func addRoutes(to routes: some RoutesBuilder) {
    routes.get("users", ":id") { request in "user \(try request.parameters.require("id", as: Int.self))" }
    routes.get("users", "me") { _ in "me" }
    routes.post("users") { _ in "created" }
    routes.delete("users", ":id") { request in "deleted \(request.parameters.get("id") ?? "")" }
    routes.get("names", ":name") { request in "name \(request.parameters.get("name") ?? "")" }
    routes.get("files", "**") { request in "file \(request.parameters.getCatchall().joined(separator: "|"))" }
    routes.get("tags", "*", "count") { _ in "count" }
    routes.grouped("api").get("status") { _ in "ok" }
    routes.get { _ in "root" }
}

/// Runs `body` with a new application answering with `provider`'s responder and `routes`, then
/// shuts the application down, also when `body` throws (Vapor requires it before deinit).
func withApplication<T>(
    _ provider: Application.Responder.Provider = .urlRouter,
    routes: (Application) throws -> Void = { addRoutes(to: $0) },
    _ body: (Application) async throws -> T
) async throws -> T {
    let app = try await Application.make(.testing)
    app.logger.logLevel = .critical
    app.responder.use(provider)
    do {
        try routes(app)
        let result = try await body(app)
        try await app.asyncShutdown()
        return result
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
}

/// Runs `body` with a raw client of a running server for such an application.
func withRunningServer<T>(
    _ provider: Application.Responder.Provider = .urlRouter,
    routes: (Application) throws -> Void = { addRoutes(to: $0) },
    _ body: (RawHTTP) async throws -> T
) async throws -> T {
    try await withApplication(provider, routes: routes) { app in try await app.withRunningServer(body) }
}

final class LiveRoutingTests: XCTestCase {
    /// Requests both routers can express, with the answers each must give.
    static let shared: [(HTTPMethod, String, HTTPStatus, String)] = [
        (.GET, "/users/42", .ok, "user 42"),
        (.GET, "/users/me", .ok, "me"),
        (.POST, "/users", .ok, "created"),
        (.DELETE, "/users/7", .ok, "deleted 7"),
        (.GET, "/names/caf%C3%A9", .ok, "name café"),
        (.GET, "/names/100%25", .ok, "name 100%"),
        (.GET, "/names/a%2Fb", .ok, "name a/b"),
        (.GET, "/files/a/b/c.txt", .ok, "file a|b|c.txt"),
        (.GET, "/tags/swift/count", .ok, "count"),
        (.GET, "/api/status", .ok, "ok"),
        (.GET, "/", .ok, "root"),
        (.GET, "/users/42?x=1", .ok, "user 42"),
        (.GET, "/users/abc", .unprocessableEntity, ""),
        (.GET, "/nowhere", .notFound, ""),
        (.GET, "/tags/swift", .notFound, ""),
        // A path routes of other methods take: 404 from both, as Vapor's router answers.
        (.PUT, "/users/42", .notFound, ""),
        (.OPTIONS, "/users/42", .notFound, ""),
        (.HEAD, "/users/me", .ok, ""),
    ]

    func testSameAnswersAsVaporsRouterOverRealSockets() async throws {
        var answers: [[String]] = []
        for provider in [Application.Responder.Provider.default, .urlRouter] {
            let seen = try await withApplication(provider) { app in
                let tester = try app.testable(method: .running(hostname: "127.0.0.1", port: 0))
                var seen: [String] = []
                for (method, uri, status, body) in Self.shared {
                    try await tester.test(method, uri) { response async in
                        XCTAssertEqual(response.status, status, "\(method) \(uri)")
                        if status == .ok { XCTAssertEqual(response.body.string, body, "\(method) \(uri)") }
                        seen.append("\(response.status.code) \(status == .ok ? response.body.string : "")")
                    }
                }
                return seen
            }
            answers.append(seen)
        }
        XCTAssertEqual(answers[0], answers[1])
        XCTAssertEqual(answers[1].count, Self.shared.count)
    }

    func testMethodNotAllowedListsTheMethodsAndOptionsAndHeadAnswerFromTheTable() async throws {
        let provider = try Application.Responder.Provider.urlRouter(answersMethodNotAllowed: true)
        try await withRunningServer(provider) { client in
            let put = try client.send("PUT", "/users/42")
            XCTAssertEqual(put.status, 405)
            XCTAssertEqual(put.headers["allow"], "DELETE, GET, HEAD")
            let options = try client.send("OPTIONS", "/users/42")
            XCTAssertEqual(options.status, 204)
            XCTAssertEqual(options.headers["allow"], "DELETE, GET, HEAD, OPTIONS")
            let head = try client.send("HEAD", "/users/42")
            XCTAssertEqual(head.status, 200)
            XCTAssertEqual(head.headers["content-length"], "7")
            XCTAssertEqual(head.body, "")
        }
    }

    func testURLRouterSyntaxPrecedenceRewriteAndBadURLs() async throws {
        var options = URLRouterResponder.vaporOptions
        options.maxURLLength = 64
        let provider = try Application.Responder.Provider.urlRouter(
            options: options, rewriteRules: [(expression: "^/u/(\\d+)$", target: "/users/$1")])
        let routes: (Application) throws -> Void = { app in
            addRoutes(to: app)
            try app.on(pattern: "/orders/:id(\\d+)") { request in "order \(request.parameters.get("id") ?? "")" }
            try app.on(pattern: "/orders/:slug") { request in "slug \(request.parameters.get("slug") ?? "")" }
            try app.grouped("shop").on(pattern: "/images/{name}.jpg") { request in
                "image \(request.parameters.get("name") ?? "")"
            }
            try app.on(pattern: "/any/:x", priority: 1) { _ in "first by priority" }
            app.get("any", "fixed") { _ in "fixed" }
            XCTAssertThrowsError(try app.on(pattern: "/bad/:id(") { _ in "" }) { error in
                XCTAssertTrue(error is RouterError, "\(error)")
            }
        }
        try await withRunningServer(provider, routes: routes) { client in
            XCTAssertEqual(try client.send("GET", "/orders/12").body, "order 12")
            XCTAssertEqual(try client.send("GET", "/orders/latest").body, "slug latest")
            XCTAssertEqual(try client.send("GET", "/shop/images/caf%C3%A9.jpg").body, "image café")
            XCTAssertEqual(try client.send("GET", "/any/fixed").body, "first by priority")
            XCTAssertEqual(try client.send("GET", "/u/5").body, "user 5")
            // An escape that is not UTF-8 is refused, not guessed at.
            XCTAssertEqual(try client.send("GET", "/names/%FF").status, 400)
            // Vapor's URI parser writes a `%` that starts no escape as `%25` before any router runs.
            XCTAssertEqual(try client.send("GET", "/names/%zz").body, "name %zz")
            XCTAssertEqual(try client.send("GET", "/files/" + String(repeating: "a", count: 80)).status, 414)
        }
    }

    /// routing-kit's trie follows the literal that matches and comes back only to a catch-all it
    /// passed (its issues #74 and #92); URLRouter ranks every route that matches.
    func testRoutesBehindAPartialLiteralMatchAreFound() async throws {
        func addTrapRoutes(to app: Application) {
            app.get("b", "*", "c") { _ in "anything then c" }
            app.get("b", ":a") { _ in "parameter" }
            app.get("v1", "counter", ":a", ":b") { _ in "counter" }
            app.get("v1", "counter", "fixed", "x") { _ in "fixed" }
            app.get("**") { request in "catch-all \(request.parameters.getCatchall().joined(separator: "/"))" }
        }
        let expected = [
            ("/b/c/c", "anything then c"), ("/b/c", "parameter"), ("/v1", "catch-all v1"),
            ("/v1/counter/fixed/y", "counter"), ("/v1/counter/fixed", "catch-all v1/counter/fixed"),
        ]
        var answers: [[String]] = []
        for provider in [Application.Responder.Provider.urlRouter, .default] {
            answers.append(
                try await withRunningServer(provider, routes: addTrapRoutes) { client in
                    try expected.map { try client.send("GET", $0.0).body }
                })
        }
        XCTAssertEqual(answers[0], expected.map(\.1))
        // Vapor's own router leaves `fixed` for the catch-all it passed, not for `:a/:b`.
        XCTAssertEqual(answers[1][3], "catch-all v1/counter/fixed/y")
    }

    func testMiddlewareRunsAroundRoutesAndMissesAndTheRouteIsSet() async throws {
        struct Stamp: AsyncMiddleware {
            let name: String
            func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
                let response: Response
                do {
                    response = try await next.respond(to: request)
                } catch let error as any AbortError {
                    response = Response(status: error.status, headers: error.headers)
                }
                response.headers.add(name: "X-\(name)", value: request.route?.description ?? "none")
                return response
            }
        }
        let routes: (Application) -> Void = { app in
            app.middleware.use(Stamp(name: "Global"))
            app.grouped(Stamp(name: "Group")).get("inner", ":id") { _ in "inner" }
            app.get("outer") { _ in "outer" }
        }
        let provider = try Application.Responder.Provider.urlRouter(answersMethodNotAllowed: true)
        try await withRunningServer(provider, routes: routes) { client in
            let inner = try client.send("GET", "/inner/3")
            XCTAssertEqual(inner.headers["x-global"], "GET /inner/:id")
            XCTAssertEqual(inner.headers["x-group"], "GET /inner/:id")
            let outer = try client.send("GET", "/outer")
            XCTAssertEqual(outer.headers["x-global"], "GET /outer")
            XCTAssertNil(outer.headers["x-group"])
            let missing = try client.send("GET", "/missing")
            XCTAssertEqual(missing.status, 404)
            XCTAssertEqual(missing.headers["x-global"], "none")
            let wrongMethod = try client.send("POST", "/outer")
            XCTAssertEqual(wrongMethod.status, 405)
            XCTAssertEqual(wrongMethod.headers["allow"], "GET, HEAD")
            XCTAssertEqual(wrongMethod.headers["x-global"], "none")
        }
    }

    func testARouteURLRouterRefusesIsNamedBeforeTheServerStarts() async throws {
        let routes: (Application) -> Void = { $0.get("users", ":user.id") { _ in "" } }
        try await withApplication(routes: routes) { app in
            XCTAssertThrowsError(try URLRouterResponder(application: app)) { error in
                XCTAssertTrue("\(error)".contains("/users/:user.id"), "\(error)")
            }
        }
    }
}
#endif
