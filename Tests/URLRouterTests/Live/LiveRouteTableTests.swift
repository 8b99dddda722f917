import Foundation
import ReloadTestSupport
import Synchronization
import Testing

@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// A live table: swaps, rejections with their lines, no-ops, versions, freeing, and lookups on
/// several threads during swaps.
@Suite struct LiveRouteTableTests {
    static let backends = RouterBackend.available.map(\.name)

    /// A file's value: the handler it names, from a fixed set.
    static func handler(_ name: String?) -> String? {
        ["listUsers", "showUser", "health"].contains(name ?? "") ? name : nil
    }

    /// ``handler(_:)`` of a route read from a file.
    static func handler(of route: RouteFile.Route) -> String? { handler(route.handler) }

    static func file(_ text: String, path: String = "routes.txt") throws -> RouteFile {
        try RouteFile(text: text, path: path)
    }

    @Test(arguments: backends) func aSwapServesTheNewTableAndCountsAVersion(backend: String) throws {
        let live = try LiveRouteTable<String>(
            [.init("/users", method: "GET", value: "listUsers")], backend: RouterBackend.named(backend)!)
        #expect(live.version == 1)
        #expect(live.lastOutcome.kind == .success)
        #expect(try live.lookup(method: "GET", url: "/users").get().value == "listUsers")
        #expect((try? live.lookup(method: "GET", url: "/users/7").get()) == nil)

        let outcome = live.reload(
            try Self.file("GET /users listUsers\nGET /users/:id showUser\n"), valueOfRoute: Self.handler(of:))
        #expect(outcome.kind == .success)
        #expect(outcome.version == 2)
        #expect(outcome.routeCount == 2)
        #expect(outcome.description == "route table v2: 2 routes from routes.txt")
        #expect(live.version == 2)
        let match = try live.lookup(method: "GET", url: "/users/7").get()
        #expect(match.value == "showUser")
        #expect(match.parameters.get("id") == "7")
        let borrowed = live.withMatch(method: "GET", url: "/users/8") { lookup -> String? in
            switch lookup {
            case .miss: return nil
            case .match(let match):
                return match.parameter("id")?.string
            }
        }
        #expect(borrowed == "8")
    }

    @Test(arguments: backends) func aRejectedTableChangesNothingAndNamesEveryLine(backend: String) throws {
        let live = try LiveRouteTable<String>(
            contentsOf: try RouteFiles.write("GET /users listUsers\n"), backend: RouterBackend.named(backend)!,
            value: Self.handler)
        let text = """
            GET /users listUsers
            # a comment
            GET /users/:id( showUser
            GET /health nosuchHandler
            rewrite ^/old/(.*)$ /new/$1
            """
        let outcome = live.reload(try Self.file(text, path: "next.txt"), valueOfRoute: Self.handler(of:))
        #expect(outcome.kind == .rejected)
        #expect(outcome.version == 1)
        #expect(outcome.problems.map(\.place?.line) == [4])  // handlers are checked before patterns compile
        #expect(outcome.problems.first?.description == "next.txt:4:13: no handler named 'nosuchHandler'")

        let patterns = live.reload(
            try Self.file("GET /users listUsers\n\nGET /users/:id( showUser\n", path: "next.txt"),
            valueOfRoute: Self.handler(of:))
        #expect(patterns.kind == .rejected)
        #expect(patterns.problems.map(\.place?.line) == [3])
        #expect(patterns.problems.map(\.place?.file) == ["next.txt"])
        #expect(patterns.description.hasPrefix("route table rejected: next.txt:3:"))
        #expect(patterns.description.hasSuffix("; still serving v1"))
        #expect(live.version == 1)
        #expect(live.lastOutcome.kind == .rejected)
        #expect(try live.lookup(method: "GET", url: "/users").get().value == "listUsers")
        #expect((try? live.lookup(method: "GET", url: "/users/7").get()) == nil)
    }

    @Test func aFileThatCannotBeReadIsARejectionWithItsLines() throws {
        let live = try LiveRouteTable<String>([.init("/users", method: "GET", value: "listUsers")])
        let missing = live.reload(contentsOf: "/nonexistent/routes.txt", value: Self.handler)
        #expect(missing.kind == .rejected)
        #expect(missing.problems.first?.place?.file == "/nonexistent/routes.txt")
        let malformed = live.reload(
            contentsOf: try RouteFiles.write("GET /users listUsers\nGET\nPOST users\nGET /a b c d\n"),
            value: Self.handler)
        #expect(malformed.kind == .rejected)
        #expect(malformed.problems.map(\.place?.line) == [2, 3, 4])
        #expect(live.version == 1)
    }

    @Test func anEqualTableIsANoOp() throws {
        let live = try LiveRouteTable<String>(
            contentsOf: try RouteFiles.write("GET /users listUsers\nGET /users/:id showUser\n"), value: Self.handler)
        let same = live.reload(
            try Self.file("# the same routes\nGET  /users  listUsers\nGET /users/:id showUser\n"),
            valueOfRoute: Self.handler(of:))
        #expect(same.kind == .unchanged)
        #expect(same.version == 1)
        #expect(same.description == "route table unchanged: routes.txt; still serving v1")
        // Another handler is another table.
        let other = live.reload(
            try Self.file("GET /users listUsers\nGET /users/:id health\n"), valueOfRoute: Self.handler(of:))
        #expect(other.kind == .success)
        #expect(other.version == 2)

        let coded = try LiveRouteTable<Int>([.init("/a", value: 1)])
        #expect(coded.replace([.init("/a", value: 1)]).kind == .unchanged)
        #expect(coded.replace([.init("/a", value: 2)]).kind == .success)
        #expect(coded.replace([.init("/a", value: 2)], rewriteRules: [("^/b$", "/a")]).kind == .success)
        #expect(coded.version == 3)
        #expect(try coded.lookup(method: nil, url: "/b").get().value == 2)
    }

    /// Each table's values are objects: once replaced, and once this thread has looked up again,
    /// nothing holds them.
    @Test(arguments: backends) func aReplacedTableIsFreedByTheNextLookup(backend: String) throws {
        final class Token: Sendable {}
        weak var first: Token?
        let live: LiveRouteTable<Token>
        do {
            let token = Token()
            first = token
            live = try LiveRouteTable([.init("/a", value: token)], backend: RouterBackend.named(backend)!)
        }
        #expect(live.lookup(method: nil, url: "/a").isSuccess)
        #expect(first != nil)
        live.replace([.init("/a", value: Token())])
        #expect(live.lookup(method: nil, url: "/a").isSuccess)
        #expect(first == nil)
    }

    /// Lookups on four threads during 10,000 swaps between two tables: every answer belongs wholly
    /// to one of them (its value and its parameters agree). Under ThreadSanitizer (CI) this is
    /// also the race check.
    @Test func lookupsDuringSwapsAnswerFromOneTableOrTheOther() throws {
        let one: [RouteTable<Int>.Route] = [
            .init("/a/:x", method: "GET", value: 1), .init("/b", method: "GET", value: 1),
        ]
        let two: [RouteTable<Int>.Route] = [
            .init("/a/:y/:z", method: "GET", value: 2), .init("/a/:y", method: "GET", value: 2),
        ]
        let live = try LiveRouteTable(one)
        let done = Atomic<Bool>(false)
        let wrong = Atomic<Int>(0)
        let answered = Atomic<Int>(0)
        let swapper = Thread {
            for index in 0..<10_000 { live.replace(index % 2 == 0 ? two : one) }
            done.store(true, ordering: .releasing)
        }
        swapper.start()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            while !done.load(ordering: .acquiring) {
                guard case .success(let match) = live.lookup(method: "GET", url: "/a/7") else {
                    wrong.add(1, ordering: .relaxed)
                    continue
                }
                let (x, y) = (match.parameters.get("x"), match.parameters.get("y"))
                let consistent =
                    (match.value == 1 && x == "7" && y == nil) || (match.value == 2 && x == nil && y == "7")
                if !consistent { wrong.add(1, ordering: .relaxed) }
                let borrowed = live.withMatch(method: "GET", url: "/b") { lookup in
                    switch lookup {
                    case .match(let match): return match.value
                    default: return 2
                    }
                }
                if borrowed != 1 && borrowed != 2 { wrong.add(1, ordering: .relaxed) }
                answered.add(1, ordering: .relaxed)
            }
        }
        #expect(live.version == 10_001)
        #expect(answered.load(ordering: .relaxed) > 0)
        #expect(wrong.load(ordering: .relaxed) == 0)
    }

}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
