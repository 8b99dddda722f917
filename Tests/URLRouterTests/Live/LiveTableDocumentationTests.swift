import Foundation
import ReloadTestSupport
import Testing

@_spi(HandlerRouter) @_spi(Tools) import URLRouter

#if Reloading
import Logging
import ServiceLifecycle
#endif

/// The examples of the article "Changing routes while serving", run.
@Suite struct LiveTableDocumentationTests {
    typealias Handler = String
    let listUsers: Handler = "list users"
    let showUser: Handler = "show user"

    @Test func theArticlesLiveTable() throws {
        let routesPath = try RouteFiles.write("GET /users listUsers\nGET /users/:id showUser\n")
        let handlers: [String: Handler] = ["listUsers": listUsers, "showUser": showUser]
        let live = try LiveRouteTable<Handler>(contentsOf: routesPath) { handlers[$0 ?? ""] }

        // A request, as on any table:
        if case .success(let match) = live.lookup(method: "GET", url: "/users/42") { print(match.value) }

        #expect(try live.lookup(method: "GET", url: "/users/42").get().value == "show user")
        try "GET /users listUsers\n".write(toFile: routesPath, atomically: true, encoding: .utf8)

        // A change, by hand (the watcher below does this for you):
        print(live.reload(contentsOf: routesPath) { handlers[$0 ?? ""] })
        // route table v2: 12 routes from routes.txt

        #expect(live.version == 2)
        #expect(live.lastOutcome.routeCount == 1)
    }

    @Test func theArticlesTrial() throws {
        let routesPath = try RouteFiles.write("GET /users listUsers\nGET /users/:id showUser\n")
        let nextPath = try RouteFiles.write("GET /users listUsers\n")
        let handlers: [String: Handler] = ["listUsers": listUsers, "showUser": showUser]
        let live = try LiveRouteTable<Handler>(contentsOf: routesPath) { handlers[$0 ?? ""] }
        try live.startTrial(contentsOf: nextPath, policy: TrialPolicy(sampleEvery: 100)) { handlers[$0 ?? ""] }
        for _ in 0..<100 { _ = live.lookup(method: "GET", url: "/users/me") }
        // Later, once enough requests have been sampled:
        if let report = live.trialReport {
            print(report)  // trial of routes.next.txt: 1 of 4113 sampled lookups answered differently
            // GET /users/me: GET /users/:id (id=me) -> noMatch
        }
        live.promoteTrial()  // or live.discardTrial()
        let report = try #require(live.trialReport)
        #expect(report.examples.map(\.description) == ["GET /users/me: GET /users/:id (id=me) -> noMatch"])
        #expect(report.ending == .promoted(version: 2))
        #expect((try? live.lookup(method: "GET", url: "/users/me").get()) == nil)
    }

    #if Reloading
    /// A server that only waits for the end.
    struct Server: Service {
        func run() async throws { try? await gracefulShutdown() }
    }

    @Test func theArticlesWatcherInAServiceGroup() async throws {
        let routesPath = try RouteFiles.write("GET /users listUsers\n")
        let handlers: [String: Handler] = ["listUsers": listUsers, "showUser": showUser]
        let live = try LiveRouteTable<Handler>(contentsOf: routesPath) { handlers[$0 ?? ""] }
        let server = Server()
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let watcher = RouteFileWatcher(table: live, path: routesPath) { handlers[$0 ?? ""] }
        let group = ServiceGroup(services: [server, watcher], logger: logger)

        let running = Task { try await group.run() }
        try "GET /users listUsers\nGET /users/:id showUser\n".write(
            toFile: routesPath, atomically: true, encoding: .utf8)
        try await Patience.wait { live.version >= 2 }
        #expect(try live.lookup(method: "GET", url: "/users/42").get().value == "show user")
        await group.triggerGracefulShutdown()
        try await running.value
    }
    #endif
}
