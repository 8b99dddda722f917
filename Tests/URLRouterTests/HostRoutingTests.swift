import Foundation
import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// Host patterns, optional parameters, the named catch-all and the route listing, through the
/// shapes a server engineer writes (SEMANTICS.md sections 2 and 11).
@Suite struct HostRoutingTests {
    static let backends = RouterBackend.available.map(\.name)

    static func table(_ backend: String, trailingSlash: RouterOptions.TrailingSlash = .redirect) throws -> RouteTable<
        Int
    > {
        var options = RouterOptions()
        options.trailingSlash = trailingSlash
        return try RouteTable<Int>(
            [
                .init("/users/:id", method: "GET", host: "{tenant}.example.com", name: "user", value: 1),
                .init("/users/:id", method: "GET", value: 2),
                .init("/docs/:version?", method: "GET", name: "docs", value: 3),
                .init("/files/{*path}", method: "GET", host: "static.example.com", name: "file", value: 4),
            ], options: options, backend: RouterBackend.named(backend)!)
    }

    @Test(arguments: backends) func aHostRouteAnswersItsHostsAndReadsItsParameters(backend: String) throws {
        let table = try Self.table(backend)
        let match = try table.lookup(method: "GET", host: "acme.example.com", url: "/users/7").get()
        #expect(match.value == 1)
        #expect(match.parameters.get("tenant") == "acme")
        #expect(match.parameters.get("id") == "7")
        #expect(match.host == "acme.example.com")
        #expect(match.parameters.path.map(\.name) == ["id", "tenant"])
        // Without a host, or on another, the route without one.
        #expect(try table.lookup(method: "GET", url: "/users/7").get().value == 2)
        #expect(try table.lookup(method: "GET", host: "example.org", url: "/users/7").get().value == 2)
        // A port, the case and a trailing dot are the client's.
        let spelled = try table.lookup(method: "GET", host: "ACME.example.com.:8443", url: "/users/7").get()
        #expect(spelled.parameters.get("tenant") == "acme")
        // A query never overwrites a host parameter.
        let query = try table.lookup(method: "GET", host: "acme.example.com", url: "/users/7?tenant=evil").get()
        #expect(query.parameters.get("tenant") == "acme")
    }

    @Test(arguments: backends) func theBorrowedLookupReadsHostParametersInPlace(backend: String) throws {
        let table = try Self.table(backend)
        let read = table.withMatch(method: "GET", host: "acme.example.com:80", url: "/users/7") {
            lookup -> [String?] in
            switch lookup {
            case .miss: return []
            case .match(let match):
                return [
                    String(match.value), match.parameter("tenant")?.string, match.parameter("id")?.string,
                    match.host?.string,
                ]
            }
        }
        #expect(read == ["1", "acme", "7", "acme.example.com"])
        let path = table.withMatch(method: "GET", host: "static.example.com", url: "/files/css/site.css") {
            lookup -> String? in
            switch lookup {
            case .miss: return nil
            case .match(let match): return match.parameter("path")?.string
            }
        }
        #expect(path == "css/site.css")
    }

    @Test(arguments: backends) func aMalformedHostIsAMalformedURL(backend: String) throws {
        let table = try Self.table(backend)
        for host in ["bad host", "acme.example.com:8x", "", ":80", "a/b", "[::1"] {
            #expect(
                table.lookup(method: "GET", host: host, url: "/users/7").failure?.reason == .malformedURL, "\(host)")
            let reason = table.withMatch(method: "GET", host: host, url: "/users/7") { lookup -> RouteMiss.Reason? in
                switch lookup {
                case .match: return nil
                case .miss(let reason, _): return reason
                }
            }
            #expect(reason == .malformedURL, "\(host)")
        }
        let miss = table.lookup(method: "GET", host: "evil\u{1}host", url: "/users/7").failure
        #expect(miss?.detail?.contains("\u{1}") == false)
    }

    @Test(arguments: backends) func optionalParametersAndTheRedirect(backend: String) throws {
        let table = try Self.table(backend)
        #expect(try table.lookup(method: "GET", url: "/docs").get().parameters.get("version") == nil)
        #expect(try table.lookup(method: "GET", url: "/docs/2").get().parameters.get("version") == "2")
        // Under .redirect, /docs/ is sent to /docs.
        #expect(table.lookup(method: "GET", url: "/docs/").failure?.reason == .redirect(location: "/docs"))
        let strict = try Self.table(backend, trailingSlash: .strict)
        #expect(strict.lookup(method: "GET", url: "/docs/").failure?.reason == .noMatch)
        #expect(try strict.lookup(method: "GET", url: "/docs").get().value == 3)
    }

    @Test func theTableListsItsRoutes() throws {
        let table = try Self.table(RouterBackend.default.name)
        let listed = table.routes.map { [$0.pattern, $0.method ?? "-", $0.host ?? "-", $0.name ?? "-"] }
        #expect(
            listed == [
                ["/users/:id", "GET", "{tenant}.example.com", "user"], ["/users/:id", "GET", "-", "-"],
                ["/docs/:version?", "GET", "-", "docs"], ["/files/{*path}", "GET", "static.example.com", "file"],
            ])
        #expect(table.routes.map(\.value) == [1, 2, 3, 4])
        #expect(table.count == 4)
    }

    @Test func badHostPatternsAreRefusedNamingWhatAndWhere() throws {
        func refusal(_ host: String, _ pattern: String = "/x") -> RouterError? {
            do {
                _ = try RouteTable<Int>([.init(pattern, host: host, value: 0)])
                return nil
            } catch {
                return error.problems.first?.error
            }
        }
        #expect(refusal("api..example.com")?.offset == 4)
        #expect(refusal("a.*.example.com")?.code == .invalidPattern)
        #expect(refusal("api-{region}.example.com")?.code == .invalidPattern)
        #expect(refusal("example.com:8080")?.message.contains("port") == true)
        #expect(refusal("{id}.example.com", "/users/:id")?.code == .duplicateParameter)
        #expect(refusal("{*}.example.com") != nil)
    }

    @Test func routeFilesWriteTheHostBeforeThePattern() throws {
        let file = try RouteFile(
            text: "GET {tenant}.example.com/users/:id user\nGET /users/:id any\nGET app://page/x app\n", path: "r.txt")
        #expect(file.routes.map(\.host) == ["{tenant}.example.com", nil, nil])
        #expect(file.routes.map(\.pattern) == ["/users/:id", "/users/:id", "app://page/x"])
        #expect(file.routes[0].column == 25)
        let live = try LiveRouteTable<String>(
            [], options: RouterOptions(), backend: .default, name: "hosts")
        let outcome = live.reload(file) { $0.handler }
        #expect(outcome.kind == .success)
        #expect(try live.lookup(method: "GET", host: "acme.example.com", url: "/users/1").get().value == "user")
        #expect(try live.lookup(method: "GET", url: "/users/1").get().value == "any")
        // A bad host pattern is refused at its own column.
        let bad = try RouteFile(text: "GET api..example.com/x h\n", path: "bad.txt")
        let rejected = live.reload(bad) { $0.handler }
        #expect(rejected.kind == .rejected)
        #expect(rejected.problems.first?.place?.column == 9, "\(rejected.problems)")
        #expect(try live.lookup(method: "GET", url: "/users/1").get().value == "any")
    }
}
