#if Vapor
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterVapor
import Vapor
import XCTVapor

/// Host routes, a redirect miss and named routes over real sockets: the `Host` a client sends
/// picks the route, `{tenant}` reads as a path parameter, and a handler builds a URL from a name.
final class HostRoutingTests: XCTestCase {
    /// The routes of a multi-tenant app: `{tenant}.example.com` routes beside hostless ones.
    static func routes(_ app: Application) throws {
        let tenant = app.grouped(host: "{tenant}.example.com")
        tenant.get("users", ":id") { request in
            "tenant \(request.parameters.get("tenant") ?? "-") user \(request.parameters.get("id") ?? "-")"
        }
        app.get("users", ":id") { request in "user \(request.parameters.get("id") ?? "-")" }
        try app.on(pattern: "/docs/:version?", name: "docs") { request in
            "docs \(request.parameters.get("version") ?? "latest")"
        }
        try app.on(pattern: "/files/{*path}", host: "static.example.com", name: "file") { request in
            "file \(request.parameters.get("path") ?? "-")"
        }
        try app.on(pattern: "/links") { request in
            let docs = try request.url(for: "docs", parameters: ["version": "2"])
            let latest = try request.url(for: "docs")
            let file = try request.url(for: "file", parameters: ["path": "css/a b.css"])
            return [docs, latest, file].joined(separator: " ")
        }
    }

    func testHostRoutesAnswerTheirHostsAndHandlersBuildURLsFromNames() async throws {
        var options = URLRouterResponder.vaporOptions
        options.trailingSlash = .redirect
        try await withRunningServer(try .urlRouter(options: options), routes: Self.routes) { client in
            var answers: [String] = []
            for (target, host) in [
                ("/users/7", "acme.example.com"), ("/users/7", "ACME.example.com:8080"), ("/users/7", "example.org"),
                ("/users/7", "127.0.0.1"), ("/files/css/site.css", "static.example.com"),
                ("/files/css/site.css", "example.org"), ("/docs", "127.0.0.1"), ("/docs/3", "127.0.0.1"),
                ("/links", "127.0.0.1"), ("/users/7", "bad_host!"),
            ] {
                let answer = try client.send("GET", target, host: host)
                answers.append("\(answer.status) \(answer.status == 200 ? answer.body : "")")
            }
            XCTAssertEqual(
                answers,
                [
                    "200 tenant acme user 7", "200 tenant acme user 7", "200 user 7", "200 user 7",
                    "200 file css/site.css", "404 ", "200 docs latest", "200 docs 3",
                    "200 /docs/2 /docs /files/css/a%20b.css", "400 ",
                ])
            // A redirect miss: 308 with its Location.
            let redirect = try client.send("GET", "/docs/3/?x=1")
            XCTAssertEqual(redirect.status, 308)
            XCTAssertEqual(redirect.headers["location"], "/docs/3?x=1")
        }
    }

    /// The README's host and named routes, answering.
    func testTheReadmesHostAndNamedRoutes() async throws {
        let routes = { (app: Application) throws in
            app.grouped(host: "{tenant}.example.com").get("users", ":id") { req in req.parameters.get("tenant") ?? "" }
            try app.on(pattern: "/docs/:version?", name: "docs") { req in req.parameters.get("version") ?? "latest" }
            try app.on(pattern: "/start") { req in try req.url(for: "docs", parameters: ["version": "2"]) }
        }
        try await withRunningServer(routes: routes) { client in
            XCTAssertEqual(try client.send("GET", "/users/7", host: "acme.example.com").body, "acme")
            XCTAssertEqual(try client.send("GET", "/start").body, "/docs/2")
            XCTAssertEqual(try client.send("GET", "/docs").body, "latest")
        }
    }

    /// Vapor's `routes` command lists each host route's host beside its path; a route's own
    /// description stays.
    func testTheRoutesCommandListsHosts() async throws {
        let routes = { (app: Application) throws in
            try Self.routes(app)
            app.grouped(host: "admin.example.com").get("stats") { _ in "" }.description("statistics")
        }
        let listing = try await withApplication(routes: routes) { app in
            let console = CapturingConsole()
            var context = CommandContext(console: console, input: CommandInput(arguments: ["vapor"]))
            context.application = app
            try await XCTUnwrap(app.asyncCommands.commands["routes"]).run(using: &context)
            return console.text
        }
        let rows = listing.split(separator: "\n").map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        XCTAssert(rows.contains(["GET", "/users/:id", "host {tenant}.example.com"]), listing)
        XCTAssert(rows.contains(["GET", "/users/:id", ""]), listing)
        XCTAssert(rows.contains(["GET", "/files/{*path}", "host static.example.com"]), listing)
        XCTAssert(rows.contains(["GET", "/stats", "statistics"]), listing)
    }

    func testAURLForAnUnknownNameSaysWhy() async throws {
        try await withApplication(routes: Self.routes) { app in
            try await app.testable().test(.GET, "/links") { response async in XCTAssertEqual(response.status, .ok) }
            let request = Request(application: app, on: app.eventLoopGroup.next())
            XCTAssertThrowsError(try request.url(for: "nowhere")) { error in
                XCTAssertEqual((error as? URLBuildError)?.reason, .unknownRoute)
            }
        }
    }
}
#endif
