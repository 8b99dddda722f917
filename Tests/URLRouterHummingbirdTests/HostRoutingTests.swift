#if Hummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHummingbird

/// Host routes, a redirect miss and named routes over real sockets: the `Host` a client sends
/// picks the route, `{tenant}` reads as a path parameter, and a handler builds a URL from a name.
@Suite struct HostRoutingTests {
    /// The router of a multi-tenant app: `{tenant}.example.com` routes beside hostless ones.
    static func router() throws -> URLRouterBuilder<BasicRequestContext> {
        var options = URLRouterBuilder<BasicRequestContext>.hummingbirdOptions
        options.trailingSlash = .redirect
        let router = URLRouterBuilder(options: options)
        let tenant = router.host("{tenant}.example.com")
        tenant.get("/users/:id") { _, context in
            "tenant \(context.parameters.get("tenant") ?? "-") user \(context.parameters.get("id") ?? "-")"
        }
        router.get("/users/:id") { _, context in "user \(context.parameters.get("id") ?? "-")" }
        try router.on(pattern: "/docs/:version?", method: .get, name: "docs") { _, context in
            "docs \(context.parameters.get("version") ?? "latest")"
        }
        try router.on(pattern: "/files/{*path}", method: .get, host: "static.example.com", name: "file") {
            _, context in "file \(context.parameters.get("path") ?? "-")"
        }
        try router.on(pattern: "/links", method: .get) { _, context in
            let docs = try context.url(for: "docs", parameters: ["version": "2"])
            let latest = try context.url(for: "docs")
            let file = try context.url(for: "file", parameters: ["path": "css/a b.css"])
            return [docs, latest, file].joined(separator: " ")
        }
        try router.validate()
        return router
    }

    /// Sends `target` with `Host: host` over a connection of its own.
    static func get(_ target: String, host: String, port: Int) async throws -> (status: Int, body: String) {
        let client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(20)))
        client.connect()
        defer { Task { try? await client.shutdown() } }
        let response = try await client.execute(TestClient.Request(target, method: .get, authority: host))
        return (response.status.code, response.body.map { String(buffer: $0) } ?? "")
    }

    @Test func hostRoutesAnswerTheirHostsAndHandlersBuildURLsFromNames() async throws {
        let app = Application(router: try Self.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var answers: [String] = []
            for (target, host) in [
                ("/users/7", "acme.example.com"), ("/users/7", "ACME.example.com:8080"), ("/users/7", "example.org"),
                ("/users/7", "localhost"), ("/files/css/site.css", "static.example.com"),
                ("/files/css/site.css", "example.org"), ("/docs", "localhost"), ("/docs/3", "localhost"),
                ("/links", "localhost"),
            ] {
                let (status, body) = try await Self.get(target, host: host, port: port)
                answers.append("\(status) \(body)")
            }
            #expect(
                answers == [
                    "200 tenant acme user 7", "200 tenant acme user 7", "200 user 7", "200 user 7",
                    "200 file css/site.css", "404 ", "200 docs latest", "200 docs 3",
                    "200 /docs/2 /docs /files/css/a%20b.css",
                ])
            // A redirect miss: 308 with its Location.
            try await client.execute(uri: "/docs/3/", method: .get) { response in
                #expect(response.status == .permanentRedirect)
                #expect(response.headers[.location] == "/docs/3")
            }
        }
    }

    @Test func aMalformedHostIsABadRequest() async throws {
        let app = Application(router: try Self.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let (status, _) = try await Self.get("/users/7", host: "bad_host!", port: try #require(client.port))
            #expect(status == 400)
        }
    }

    /// The README's host and named routes, answering.
    @Test func theReadmesHostAndNamedRoutes() async throws {
        let router = URLRouterBuilder(context: BasicRequestContext.self)
        let tenant = router.host("{tenant}.example.com")
        tenant.get("/users/:id") { _, context in
            "\(context.parameters.get("tenant") ?? "") \(context.parameters.get("id") ?? "")"
        }
        try router.on(pattern: "/docs/:version?", method: .get, name: "docs") { _, context in
            context.parameters.get("version") ?? "latest"
        }
        try router.on(pattern: "/start", method: .get) { _, context in
            try context.url(for: "docs", parameters: ["version": "2"])
        }
        try router.validate()
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            #expect(try await Self.get("/users/7", host: "acme.example.com", port: port).body == "acme 7")
            #expect(try await Self.get("/start", host: "localhost", port: port).body == "/docs/2")
            #expect(try await Self.get("/docs", host: "localhost", port: port).body == "latest")
        }
    }

    @Test func theListingShowsHosts() throws {
        let listed = try Self.router().routes.map(\.description)
        #expect(listed.contains("GET {tenant}.example.com/users/{id}"), "\(listed)")
        #expect(listed.contains("GET /users/{id}"), "\(listed)")
        #expect(listed.last == "GET static.example.com/files/{*path}", "\(listed)")
    }
}
#endif
