import Foundation
import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// The typed table: owning and borrowed lookups agree with each other and with the handler router.
@Suite struct TypedRouteTableTests {
    static let backends = RouterBackend.available.map(\.name)

    static func table(_ backend: String) throws -> RouteTable<Int> {
        try RouteTable<Int>(
            [
                .init("/users/:id(\\d+)", method: "GET", name: "user", value: 1),
                .init("/users/:id(\\d+)", method: "DELETE", value: 2),
                .init("/users/new", method: "GET", value: 3),
                .init("/files/**", method: "GET", value: 4),
                .init("/img/{name}.{ext}", value: 5),
                .init("/search", method: "GET", value: 6),
                .init("/users/:id(\\d+)", method: "PUT", variant: "v2", value: 7),
            ], options: RouterOptions(), backend: RouterBackend.named(backend)!)
    }

    @Test(arguments: backends) func ownedLookupAnswersTheValueTheRouteAndTheParameters(backend: String) throws {
        let table = try Self.table(backend)
        let match = try table.lookup(method: "get", url: "/users/42?tab=a").get()
        #expect(match.value == 1)
        #expect(match.details.route.name == "user")
        #expect(match.parameters.get("id") == "42")
        #expect(match.parameters.get("tab") == "a")
        #expect(match.parameters.get("page") == nil)
        #expect(try table.lookup(method: "GET", url: "/users/new").get().value == 3)
        #expect(try table.lookup(method: "DELETE", url: "/users/7").get().value == 2)
        #expect(try table.lookup(method: "GET", url: "/files/a/b%20c").get().details.catchall == "a/b c")
        #expect(try table.lookup(method: "PUT", url: "/users/7", variants: ["v2"]).get().value == 7)
        #expect(table.count == 7)
    }

    /// A table's default options are a server's: the host is not a segment, a final `*` is one
    /// segment, and the strict profile refuses a `..` segment before any route runs.
    @Test(arguments: backends) func aTablesDefaultsAreAServers(backend: String) throws {
        let table = try RouteTable<Int>(
            [.init("/a/*", value: 1), .init("/files/**", value: 2)], backend: RouterBackend.named(backend)!)
        #expect(try table.lookup(method: "GET", url: "app://host/a/b").get().value == 1)
        #expect(table.lookup(method: "GET", url: "/a/b/c").failure?.reason == .noMatch)
        #expect(table.lookup(method: "GET", url: "/files/../etc").failure?.reason == .refused(.dotSegments))
        #expect(RouterOptions().requestChecks == .strict)
    }

    @Test(arguments: backends) func aMethodNotAllowedMissListsTheMethodsThatWouldAnswer(backend: String) throws {
        let table = try Self.table(backend)
        guard case .failure(let miss) = table.lookup(method: "POST", url: "/users/42") else {
            Issue.record("POST /users/42 matched")
            return
        }
        #expect(miss.reason == .methodNotAllowed)
        // PUT is only a variant's route: without the variant it does not answer.
        #expect(miss.allowedMethods == ["DELETE", "GET", "HEAD"])
        guard case .failure(let notFound) = table.lookup(method: "GET", url: "/nothing") else {
            Issue.record("GET /nothing matched")
            return
        }
        #expect(notFound.reason == .noMatch && notFound.allowedMethods.isEmpty)
        table.withMatch(method: "PATCH", url: "/search") { lookup in
            switch lookup {
            case .match: Issue.record("PATCH /search matched")
            case .miss(let reason, let allowed):
                #expect(reason == .methodNotAllowed)
                #expect(allowed == ["GET", "HEAD"])
            }
        }
    }

    @Test(arguments: backends) func borrowedLookupReadsParametersQueryAndCatchAllInPlace(backend: String) throws {
        let table = try Self.table(backend)
        let read = table.withMatch(method: "GET", url: "/users/42?tab=a&q=x+y&q=b%20c") { lookup -> [String]? in
            switch lookup {
            case .miss: return nil
            case .match(let match):
                return [
                    String(match.value), match.pattern, match.name ?? "-", match.parameter("id")?.string ?? "-",
                    match.parameter(at: 0).string, match.parameterName(at: 0), match.queryValue("q")?.string ?? "-",
                    match.queryValue("tab")?.string ?? "-", match.queryValue("none")?.string ?? "absent",
                    String(match.parameter("id")?.bytesEqual("42") ?? false),
                    match.parameter("nope") == nil ? "nil" : "?",
                ]
            }
        }
        #expect(read == ["1", "/users/:id(\\d+)", "user", "42", "42", "id", "b c", "a", "absent", "true", "nil"])

        let pieces = table.withMatch(method: "GET", url: "/img/logo.svg") { lookup -> [String?]? in
            switch lookup {
            case .miss: return nil
            case .match(let match):
                return [match.parameter("name")?.string, match.parameter("ext")?.string, String(match.value)]
            }
        }
        #expect(pieces == ["logo", "svg", "5"])

        // Escapes: the segments are decoded into storage of the lookup's own, `%2F` stays a value.
        let files = table.withMatch(method: "GET", url: "/files/a%2Fb/c%20d") { lookup -> [String]? in
            switch lookup {
            case .miss: return nil
            case .match(let match):
                return [
                    match.catchall ?? "-", String(match.catchAllSegmentCount ?? -1),
                    match.catchAllSegment(at: 0).string,
                ]
            }
        }
        #expect(files == ["a/b/c d", "2", "a/b"])

        let malformed = table.withMatch(method: "GET", url: "/users/%zz") { lookup -> RouteMiss.Reason? in
            switch lookup {
            case .miss(let reason, _): return reason
            default: return nil
            }
        }
        #expect(malformed == .malformedURL)
    }

    @Test(arguments: backends) func borrowedAndOwnedLookupsAgreeOnEveryGitHubRequest(backend: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let routeLines = try String(
            contentsOf: root.appendingPathComponent("Benchmarks/Routes/github-api.txt"), encoding: .utf8
        )
        .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let routes = routeLines.enumerated().map { index, line in
            RouteTable<Int>.Route(line[1], method: line[0], value: index)
        }
        let table = try RouteTable(routes, backend: RouterBackend.named(backend)!)
        let requests = try String(
            contentsOf: root.appendingPathComponent("Benchmarks/Routes/github-api-requests.txt"), encoding: .utf8
        ).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        var matched = 0
        for request in requests + [["GET", "/nowhere/at/all"], ["PATCH", "/authorizations"]] {
            let owned = table.lookup(method: request[0], url: request[1])
            let borrowed = table.withMatch(method: request[0], url: request[1]) { lookup -> [String] in
                switch lookup {
                case .match(let match):
                    return [String(match.value)] + (0..<match.parameterCount).map { match.parameter(at: $0).string }
                case .miss(let reason, let allowed): return [reason.name] + allowed
                }
            }
            switch owned {
            case .success(let match):
                matched += 1
                #expect(routes[match.value].pattern == match.details.route.pattern)
                #expect(borrowed == [String(match.value)] + match.parameters.path.map(\.value), "\(request)")
            case .failure(let miss):
                #expect(borrowed == [miss.reason.name] + miss.allowedMethods, "\(request)")
            }
        }
        #expect(matched == requests.count)
    }

    @Test(arguments: backends) func anEmptyTableMissesAndIsFreedCleanly(backend: String) throws {
        // Values that are references: freeing the table releases exactly the values it holds.
        for _ in 0..<3 {
            let table = try RouteTable<[String]>([], backend: RouterBackend.named(backend)!)
            #expect(table.count == 0)
            guard case .failure(let miss) = table.lookup(method: "GET", url: "/a") else {
                Issue.record("an empty table matched")
                return
            }
            #expect(miss.reason == .noMatch)
            let missed = table.withMatch(method: "GET", url: "/a") { lookup -> Bool in
                switch lookup {
                case .miss: return true
                default: return false
                }
            }
            #expect(missed)
        }
    }

    @Test func rewriteRulesAndRefusalsWorkAsOnTheRouter() throws {
        let table = try RouteTable<String>(
            [.init("/new/:id", value: "new")], rewriteRules: [(expression: "^/old/(\\d+)", target: "/new/$1")])
        let match = try table.lookup(method: nil, url: "/old/9").get()
        #expect(match.value == "new" && match.parameters.get("id") == "9")
        #expect(match.details.rewrittenURL == "/new/9")
        #expect(throws: RouteValidationError.self) { try RouteTable<Int>([.init("/a/:id(", value: 1)]) }
        #expect(throws: RouteValidationError.self) { try RouteTable<Int>([.init("/a", method: "GE T", value: 1)]) }
        #expect(throws: RouteValidationError.self) {
            try RouteTable<Int>([], rewriteRules: [(expression: "(a+)+$", target: "/x")])
        }
    }
}
