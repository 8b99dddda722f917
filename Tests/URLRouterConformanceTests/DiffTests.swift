import Foundation
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterCLI

/// `urlrouter diff`: routes added and removed, and exactly the requests whose answer changes.
@Suite struct DiffTests {
    static func table(_ text: String, path: String) throws -> RouteFileTable {
        RouteFileTable(file: try RouteFile(text: text, path: path), options: RouterOptions(), backend: .default)
    }

    static let old = """
        GET /users listUsers
        GET /users/:id showUser
        GET /repos/:owner/:repo showRepo
        GET /files/** files
        POST /users createUser
        """

    @Test func namesTheRoutesAddedAndRemovedAndOnlyTheRequestsWhoseAnswerChanges() throws {
        let new = """
            # the same routes, moved: no change
            POST /users createUser
            GET /users/:id showUser
            GET /users/me showMe
            GET /repos/:owner/:name showRepo
            GET /files/** files
            """
        let requests = [
            ("GET", "/users"),  // removed: its GET route is gone, POST remains
            ("GET", "/users/7"),  // unchanged
            ("GET", "/users/me"),  // a new, more specific route wins
            ("GET", "/repos/apple/swift"),  // same winner shape, a parameter renamed
            ("GET", "/files/a/b"),  // unchanged
            ("POST", "/users"),  // unchanged, though moved
            ("GET", "/nowhere"),  // a miss both times
        ].map { (method: $0.0, url: $0.1) }
        let diff = RouteFileDiff(
            old: try Self.table(Self.old, path: "old.txt"), new: try Self.table(new, path: "new.txt"),
            requests: requests)
        #expect(diff.addedRoutes.map(\.text) == ["GET /users/me showMe", "GET /repos/:owner/:name showRepo"])
        #expect(diff.addedRoutes.map(\.location) == ["new.txt:4", "new.txt:5"])
        #expect(diff.removedRoutes.map(\.text) == ["GET /users listUsers", "GET /repos/:owner/:repo showRepo"])
        #expect(diff.changes.map(\.url) == ["/users", "/users/me", "/repos/apple/swift"])
        #expect(diff.changes[0].old.text == "GET /users listUsers")
        #expect(diff.changes[0].new.text == "methodNotAllowed (allowed: POST)")
        #expect(diff.changes[1].old.text == "GET /users/:id showUser (id=me)")
        #expect(diff.changes[1].new.text == "GET /users/me showMe")
        #expect(diff.changes[2].new.text == "GET /repos/:owner/:name showRepo (owner=apple, name=swift)")
        #expect(diff.requestCount == 7)
        #expect(!diff.isEmpty)
    }

    @Test func withoutRequestsEachRouteOfEitherFileIsAskedByAnExample() throws {
        let new = Self.old + "\nGET /users/:id(\\d+)/avatar avatar\nGET /users/me showMe\n"
        let diff = RouteFileDiff(
            old: try Self.table(Self.old, path: "old.txt"), new: try Self.table(new, path: "new.txt"), requests: nil)
        // One example per route of either file: five of old, and the two new ones.
        #expect(diff.requestCount == 7)
        // The new routes' examples are answered by other routes (or none) in the old table.
        #expect(diff.changes.map(\.new.route?.pattern) == ["/users/:id(\\d+)/avatar", "/users/me"])
        #expect(diff.changes.first?.old.text == "noMatch")
        let same = RouteFileDiff(
            old: try Self.table(Self.old, path: "old.txt"), new: try Self.table(Self.old, path: "again.txt"),
            requests: nil)
        #expect(same.isEmpty)
        #expect(same.text == "0 routes added, 0 removed; 0 of 5 requests answered differently")
    }

    @Test func theCommandExitsZeroOneOrTwo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let old = try write("old.txt", Self.old)
        let new = try write("new.txt", Self.old + "\nGET /users/me showMe\n")
        let requests = try write("requests.txt", "GET /users/me\nGET /users/7\n")
        let same = try URLRouterExecutable.run(["diff", old, old])
        #expect(same.status == 0, "\(same.output)")
        let changed = try URLRouterExecutable.run(["diff", old, new, "--requests", requests])
        #expect(changed.status == 1)
        #expect(
            changed.output.split(separator: "\n") == [
                "+ GET /users/me showMe  (\(new):6)",
                "GET /users/me: GET /users/:id showUser (id=me) -> GET /users/me showMe",
                "1 route added, 0 removed; 1 of 2 requests answered differently",
            ])
        let json = try URLRouterExecutable.run(["diff", old, new, "--requests", requests, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((object?["changed"] as? [[String: Any]])?.map { $0["url"] as? String } == ["/users/me"])
        let bad = try write("bad.txt", "GET /users listUsers\nGET /users/:id( showUser\n")
        let refused = try URLRouterExecutable.run(["diff", old, bad])
        #expect(refused.status == 2)
        #expect(refused.output.contains("\(bad):2:"), "\(refused.output)")
        let missing = try URLRouterExecutable.run(["diff", old, folder.appendingPathComponent("none.txt").path])
        #expect(missing.status == 2)
        #expect(missing.output.contains("none.txt: error: cannot read the file"), "\(missing.output)")
    }
}
