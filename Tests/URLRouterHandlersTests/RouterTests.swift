import Foundation
import Logging
import Synchronization
import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter
@testable import URLRouterHandlers

/// Collects values from handlers that run on any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func record(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// The reason of a miss, `nil` for a match.
func reason<Success>(_ result: Result<Success, RouteMiss>) -> RouteMiss.Reason? {
    if case .failure(let miss) = result { return miss.reason }
    return nil
}

@Suite struct RouterRegistrationTests {
    @Test func actionRouteRunsItsHandlerWithTheParams() throws {
        let router = Router()
        let seen = Recorder<String>()
        try router.register("protocol://page/routerDetails/:id") { match in
            seen.record(match.parameters.get("id") ?? "")
        }
        let result = router.route("protocol://page/routerDetails/42?nickname=x")
        #expect(seen.all == ["42"])
        let match = try result.get()
        #expect(match.parameters.get("nickname") == "x")
        #expect(match.route.pattern == "protocol://page/routerDetails/:id")
    }

    @Test func objectRoutesReturnValuesAndBoundObjects() throws {
        let router = Router()
        try router.registerObject("protocol://page/routerObjectDetails") { match in
            "object for \(match.parameters.get("name") ?? "?")"
        }
        try router.registerObject("YF://alert", object: 42)
        let value = try router.routeObject("protocol://page/routerObjectDetails?name=a").get().value
        #expect(value as? String == "object for a")
        #expect(try router.routeObject("yf://alert").get().value as? Int == 42)
    }

    @Test func callbackRoutesDeliverTheirValueLater() async throws {
        let router = Router()
        try router.registerCallback("protocol://page/RouterCallbackDetails") { match in
            try? await Task.sleep(for: .milliseconds(1))
            return match.parameters.get("nickname")
        }
        let result = await router.routeCallback("protocol://page/RouterCallbackDetails?nickname=imlifengfeng")
        #expect(try result.get().value as? String == "imlifengfeng")
    }

    @Test func objectAndCallbackValuesReadAsTheirTypeWithoutACast() async throws {
        struct User: Sendable, Equatable { var id: Int }
        let router = Router()
        try router.registerObject("app://user/:id") { match in User(id: match.parameters.get("id", as: Int.self) ?? -1)
        }
        try router.registerCallback("app://later/:id") { match in
            User(id: match.parameters.get("id", as: Int.self) ?? -1)
        }
        let routed = try router.routeObject("app://user/42").get()
        #expect(routed.value(as: User.self) == User(id: 42))
        let user: User? = routed.value()
        #expect(user?.id == 42)
        // Another type reads as nil, not as a crash or a wrong value.
        #expect(routed.value(as: String.self) == nil)
        let delivered = try await router.routeCallback("app://later/7").get()
        #expect(delivered.value(as: User.self) == User(id: 7))
    }

    @Test func anotherKindsEntryPointGetsKindMismatchNotTheUnmatchedHandler() throws {
        let router = Router()
        let misses = Recorder<RouteMiss.Reason>()
        router.setUnmatchedHandler { misses.record($0.reason) }
        try router.registerObject("/obj", object: "x")
        try router.register("/act") { _ in }
        guard case .failure(.kindMismatch(let match)) = router.route("/obj") else {
            Issue.record("an object route does not answer route(_:)")
            return
        }
        #expect(match.route.pattern == "/obj")
        guard case .failure(.kindMismatch(let action)) = router.routeObject("/act") else {
            Issue.record("an action route does not answer routeObject(_:)")
            return
        }
        #expect(action.route.pattern == "/act")
        #expect(try router.routeObject("/obj").get().value(as: String.self) == "x")
        #expect(misses.all.isEmpty)
        router.route("/nowhere")
        #expect(misses.all == [.noMatch])
    }

    @Test func unmatchedHandlerGetsTheURLAndTheReason() {
        let router = Router()
        let misses = Recorder<String>()
        router.setUnmatchedHandler { misses.record("\($0.url) \($0.reason.name)") }
        router.route("/nowhere")
        router.route("/bad/%zz")
        _ = router.match("/not/reported")
        _ = router.canRoute("/not/reported")
        #expect(misses.all == ["/nowhere noMatch", "/bad/%zz malformedURL"])
    }

    @Test func canRouteSeesEveryKind() throws {
        let router = Router()
        try router.registerObject("/obj", object: 1)
        #expect(router.canRoute("/obj"))
        #expect(!router.canRoute("/other"))
    }

    @Test func methodsVariantsAndExtraValues() throws {
        struct Image: Sendable, Equatable { var name: String }
        let router = Router()
        try router.register("/users/:id(\\d+)", method: "GET") { _ in }
        try router.register("/detail/:id", variant: "A", name: "A") { _ in }
        try router.register("/detail/:id", variant: "B", name: "B") { _ in }
        #expect(try router.match("/users/7", method: "get").get().route.method == "GET")
        #expect(reason(router.match("/users/7", method: "POST")) == .methodNotAllowed)
        #expect(try router.match("/detail/1", variants: ["B", "A"]).get().route.name == "B")
        let match = try router.match("/users/7?id=9", method: "GET", extra: ["img": Image(name: "i"), "id": 3]).get()
        #expect(match.parameters["img"] as? Image == Image(name: "i"))
        #expect(match.parameters["id"] as? Int == 3, "extra values beat path params")
        #expect(match.parameters.get("id", as: Int.self) == 3)
        #expect(match.parameters.queryValues("id") == ["9"])
        #expect(throws: MissingParameter.self) { try match.parameters.require("missing") }
        #expect(try match.parameters.require("img") == "Image(name: \"i\")")
    }

    @Test func refusedRegistrationChangesNothing() throws {
        let router = Router()
        try router.register("/a") { _ in }
        expectRouterError(.invalidPattern) {
            try router.register(contentsOf: [
                RouteDefinition("/b", handler: .action { _ in }),
                RouteDefinition("/c/:id.json", handler: .action { _ in }),
            ])
        }
        expectRouterError(.duplicateParameter) { try router.register("/d/:x/:x") { _ in } }
        expectRouterError(.invalidConstraint) { try router.register("/d/:x((a))") { _ in } }
        expectRouterError(.invalidPattern) { try router.register("/d", method: "G T") { _ in } }
        expectRouterError(.invalidPattern) { try router.register("/d", variant: "") { _ in } }
        #expect(router.registrations.map(\.pattern) == ["/a"])
        #expect(!router.canRoute("/b"))
    }

    @Test func unregisterOneAllOrAScheme() throws {
        var handling = HandlerOptions()
        handling.defaultScheme = "ft"
        let router = Router(handlerOptions: handling)
        try router.register("/a") { _ in }
        try router.register("/a", method: "GET") { _ in }
        try router.register("x://b") { _ in }
        try router.register("FT://c") { _ in }
        #expect(try router.unregister("/a", method: "get"))
        #expect(try !router.unregister("/a", method: "GET"), "removes exactly one registration")
        #expect(router.canRoute("/a"))
        #expect(router.unregister(scheme: "ft") == 2)
        #expect(!router.canRoute("/a") && !router.canRoute("/c"))
        #expect(router.canRoute("x://b"))
        router.unregisterAll()
        #expect(router.registrations.isEmpty)
        expectRouterError(.invalidPattern) { try router.unregister("/a/:") }
    }

    @Test func replacingARouteReturnsTheReplacedOneAndLogsAWarning() throws {
        let log = Recorder<String>()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(recorder: log) }
        let router = Router(logger: logger)
        #expect(try router.register("/a/:x", name: "first") { _ in } == nil)
        let replaced = try router.register("/a/{y}", name: "second") { _ in }
        #expect(replaced?.name == "first")
        #expect(log.all.contains("warning route replaced"))
        #expect(router.registrations.map(\.name) == ["second"])
        // Another method is another route; a batch reports each replacement.
        #expect(try router.register("/a/:z", method: "POST") { _ in } == nil)
        let batch = try router.register(contentsOf: [
            RouteDefinition("/a/:x", name: "third", handler: .action { _ in }),
            RouteDefinition("/b", handler: .action { _ in }),
            RouteDefinition("/a/:w", name: "fourth", handler: .action { _ in }),
        ])
        #expect(batch.map(\.name) == ["second", "third"])
        #expect(try router.match("/a/1").get().route.name == "fourth")
    }

    @Test func underRefuseADuplicateThrowsAndChangesNothing() throws {
        var options = RouterOptions.handlerRouter
        options.duplicateRoutes = .refuse
        let router = Router(options: options)
        try router.register("/a/:x", method: "GET", name: "first") { _ in }
        try router.register("/a/:x", method: "POST") { _ in }
        expectRouterError(.duplicateRoute) { try router.register("/a/{y}", method: "get") { _ in } }
        // A batch with a duplicate inside it is refused whole.
        expectRouterError(.duplicateRoute) {
            try router.register(contentsOf: [
                RouteDefinition("/c", handler: .action { _ in }), RouteDefinition("/c/", handler: .action { _ in }),
            ])
        }
        #expect(router.registrations.count == 2)
        #expect(!router.canRoute("/c"))
        #expect(try router.match("/a/1", method: "GET").get().route.name == "first")
        do {
            try router.register("/a/:id", method: "GET") { _ in }
        } catch {
            #expect(error.description.contains("'/a/:x' is registered already"), "\(error)")
        }
        // A table refuses alike, and under replace lists what was replaced.
        expectRouterError(.duplicateRoute) {
            _ = try RouteTable<Int>([.init("/a/:x", value: 0), .init("/a/:y", value: 1)], options: options)
        }
        let routes: [RouteTable<Int>.Route] = [
            .init("/a/:x", value: 0), .init("/b", value: 1), .init("/a/:y", value: 2), .init("/b", value: 3),
        ]
        let table = try RouteTable<Int>(routes)
        #expect(RouteTable.validate(routes).problems.compactMap(\.replacedRoute) == [0, 1])
        #expect(table.count == 2)
    }

    @Test func aMissDescribesALongURLByItsStartAndLength() throws {
        let router = Router()
        try router.register("/a") { _ in }
        let long = "/é" + String(repeating: "x", count: 10_040)
        guard case .failure(let miss) = router.match(long) else {
            Issue.record("expected a miss")
            return
        }
        #expect(miss.reason == .urlTooLong)
        #expect(miss.url == long, "the miss keeps the whole URL")
        #expect(miss.description.count < 300, "\(miss.description.count)")
        #expect(miss.description.hasPrefix("urlTooLong: /éxxx"))
        #expect(miss.description.contains("… (10043 bytes)"))
        // Cut inside a two-byte character, the shown text ends before it.
        let cut = "/" + String(repeating: "a", count: 198) + "é" + "b"
        guard case .failure(let other) = router.match(cut) else {
            Issue.record("expected a miss")
            return
        }
        #expect(other.description == "noMatch: /" + String(repeating: "a", count: 198) + "… (202 bytes)")
    }

    @Test func aRouterIsQuietByDefault() {
        #expect(Router().logger.handler is SwiftLogNoOpLogHandler)
    }
}

struct RecordingLogHandler: LogHandler {
    let recorder: Recorder<String>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorder.record("\(event.level) \(event.message)")
    }
}

@Suite struct RouterRewriteTests {
    @Test func rulesOneByOneOrInABatchAndRemoval() throws {
        let router = Router()
        try router.addRewriteRule(
            "(?:https://)?www.amazon.com/search/(.*)", target: "protocol://page/routerDetails?product=$1")
        try router.addRewriteRules([
            [
                "matchRule": "(?:https://)?www.taobao.com/search/(.*)",
                "targetRule": "protocol://page/routerDetails?product=$$1",
            ]
        ])
        #expect(
            router.rewrite("https://www.amazon.com/search/Atomic_bomb")
                == "protocol://page/routerDetails?product=Atomic_bomb")
        #expect(
            router.rewrite("https://www.taobao.com/search/原子弹")
                == "protocol://page/routerDetails?product=%E5%8E%9F%E5%AD%90%E5%BC%B9")
        #expect(router.rewrite("https://example.com") == nil)
        #expect(router.removeRewriteRule("(?:https://)?www.amazon.com/search/(.*)") == 1)
        #expect(router.rewrite("https://www.amazon.com/search/x") == nil)
        router.removeAllRewriteRules()
        #expect(router.rewriteRules.isEmpty)
    }

    @Test func aRefusedRuleInABatchAddsNone() throws {
        let router = Router()
        expectRouterError(.invalidRewriteRule) {
            try router.addRewriteRules([("a", "b"), ("(?i)c", "d")])
        }
        expectRouterError(.invalidRewriteRule) {
            try router.addRewriteRules([["matchRule": "a"]])
        }
        expectRouterError(.invalidRewriteRule) { try router.addRewriteRule("(a)", target: "$2") }
        #expect(router.rewriteRules.isEmpty)
    }

    @Test func rewrittenURLsAreRouted() throws {
        let router = Router()
        try router.register("protocol://page/routerDetails") { _ in }
        try router.addRewriteRule(
            "(?:https://)?www.amazon.com/search/(.*)", target: "protocol://page/routerDetails?product=$1")
        let match = try router.route("https://www.amazon.com/search/Atomic_bomb").get()
        #expect(match.rewrittenURL == "protocol://page/routerDetails?product=Atomic_bomb")
        #expect(match.url == "https://www.amazon.com/search/Atomic_bomb")
        #expect(match.parameters.get("product") == "Atomic_bomb")
    }
}

@Suite struct RouteTableTests {
    @Test func flatAndNestedJSONTables() throws {
        let router = Router()
        let json = #"""
            { "account/setting": "SettingViewController",
              "ft://order/flash": "FlashOrderViewController",
              "ft": { "contract/edit": "GroupEditViewController", "/contract/list": "ContractsListViewController" } }
            """#
        try router.registerRoutes(json: Data(json.utf8))
        #expect(try router.routeObject("ft://contract/edit").get().value as? String == "GroupEditViewController")
        #expect(try router.routeObject("ft://contract/list").get().value as? String == "ContractsListViewController")
        #expect(try router.routeObject("/account/setting").get().value as? String == "SettingViewController")
        #expect(router.registrations.count == 4)
        #expect(router.registrations.map(\.pattern).sorted() == router.registrations.map(\.pattern))
    }

    @Test func propertyListTablesAndCustomHandlers() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>ft://order/:id</key><string>OrderViewController</string>
            </dict></plist>
            """
        let router = Router()
        let seen = Recorder<String>()
        try router.registerRoutes(propertyList: Data(plist.utf8)) { entry in
            .action { match in seen.record("\(entry.target) \(match.parameters.get("id") ?? "")") }
        }
        router.route("ft://order/7")
        #expect(seen.all == ["OrderViewController 7"])
    }

    @Test(arguments: [
        (#"["a"]"#, "route map"),
        (#"{"a": 1}"#, "a"),
        (#"{"1ft": {"a": "b"}}"#, "1ft"),
        (#"{"ft": {"a": 2}}"#, "ft → a"),
        (#"{"ft": {"x://a": "b"}}"#, "ft → x://a"),
        (#"{"/a/:x/:x": "b"}"#, "/a/:x/:x"),
        ("{not json", "JSON route map"),
    ])
    func refusedTablesNameTheEntryAndRegisterNothing(json: String, entry: String) {
        let router = Router()
        do {
            try router.registerRoutes(json: Data(json.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.input == entry, "\(error)")
        }
        #expect(router.registrations.isEmpty)
    }
}

/// Counts how often a backend compiles a route table.
final class CountingBackend: MatcherBackend {
    let inner = RouterBackend.default.engine
    let compiles = Mutex(0)
    var name: String { inner.name }
    func compileError(constraint: SharedRegex) -> String? { inner.compileError(constraint: constraint) }
    func compileError(rewriteExpression: SharedRegex) -> String? {
        inner.compileError(rewriteExpression: rewriteExpression)
    }
    func makeRouteMatcher(routes: [CompiledRoute], options: RouterOptions, methods: MethodList) throws
        -> any RouteMatcher
    {
        compiles.withLock { $0 += 1 }
        return try inner.makeRouteMatcher(routes: routes, options: options, methods: methods)
    }
    func makeRewriter(rules: [RewriteRule]) throws -> any URLRewriter { try inner.makeRewriter(rules: rules) }
}

@Suite struct RouterScaleTests {
    @Test func tenThousandRegistrationsCompileTheMatcherOnce() throws {
        let counting = CountingBackend()
        let router = Router(backend: RouterBackend(counting))
        for index in 0..<10_000 {
            try router.register("/r\(index)/:id") { _ in }
        }
        #expect(counting.compiles.withLock { $0 } == 0, "registration does not compile the table")
        #expect(router.canRoute("/r9999/1"))
        #expect(router.canRoute("/r0/1"))
        #expect(counting.compiles.withLock { $0 } == 1)
        try router.register("/late") { _ in }
        #expect(router.canRoute("/late"))
        #expect(counting.compiles.withLock { $0 } == 2)
    }
}

@Suite struct RouterConcurrencyTests {
    /// Readers route while a writer registers and unregisters pairs of routes atomically:
    /// no crash, every lookup sees both routes of a pair or neither, no registration is lost.
    @Test func lookupsDuringRegistrationSeeConsistentTables() async throws {
        let router = Router()
        try router.register("/stable/:id") { _ in }
        let pairs = 120
        let inconsistencies = Recorder<Int>()
        let stableMisses = Recorder<Int>()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<pairs {
                    _ = try? router.register(contentsOf: [
                        RouteDefinition("/pair/\(index)/a", handler: .action { _ in }),
                        RouteDefinition("/pair/\(index)/b", handler: .action { _ in }),
                    ])
                    if index % 3 == 0, index > 0 {
                        _ = try? router.unregister("/pair/\(index - 1)/a")
                        _ = try? router.unregister("/pair/\(index - 1)/b")
                    }
                }
            }
            for reader in 0..<4 {
                group.addTask {
                    for step in 0..<1_000 {
                        let table = router.table
                        let index = (step * 7 + reader * 13) % pairs
                        let a = table.lookup(method: nil, url: "/pair/\(index)/a")
                        let b = table.lookup(method: nil, url: "/pair/\(index)/b")
                        if (try? a.get()) != nil, (try? b.get()) == nil { inconsistencies.record(index) }
                        if (try? a.get()) == nil, (try? b.get()) != nil { inconsistencies.record(index) }
                        if !router.canRoute("/stable/\(step)") { stableMisses.record(step) }
                    }
                }
            }
        }
        #expect(inconsistencies.all.isEmpty)
        #expect(stableMisses.all.isEmpty)
        for index in 0..<pairs {
            let removed = index % 3 == 2 && index < pairs - 1
            #expect(router.canRoute("/pair/\(index)/a") == !removed, "pair \(index)")
            #expect(router.canRoute("/pair/\(index)/b") == !removed, "pair \(index)")
        }
    }
}

/// Lookups use each thread's own copy of the router's snapshot (`ThreadSnapshots`).
@Suite struct RouterThreadSnapshotTests {
    @Test func aHandlerCanRegisterAndLookUpAgainWhileItsLookupRuns() throws {
        let router = Router()
        let seen = Recorder<String>()
        try router.register("/outer/:id") { [weak router] match in
            // Registering changes the generation: the inner lookup replaces this thread's copy
            // while the outer lookup is still using the one it took.
            _ = try? router?.register("/inner/:n") { inner in seen.record("inner \(inner.parameter(at: 0))") }
            router?.route("/inner/\(match.parameter(at: 0))")
            seen.record("outer \(match.parameter(at: 0)) \(match.route.pattern)")
        }
        #expect(try router.route("/outer/7").get().parameter(at: 0) == "7")
        #expect(seen.all == ["inner 7", "outer 7 /outer/:id"])
        #expect(router.canRoute("/inner/8"))
    }

    @Test func routersTakingTurnsOnOneThreadEachAnswerTheirOwnRoutes() throws {
        // More routers than a thread keeps copies for, in turn, twice, with a change in between.
        let routers = (0..<(ThreadSnapshots.capacity + 3)).map { _ in Router() }
        for (index, router) in routers.enumerated() { try router.register("/r\(index)/:x") { _ in } }
        for round in 0..<2 {
            for (index, router) in routers.enumerated() {
                #expect(router.canRoute("/r\(index)/1"), "round \(round), router \(index)")
                #expect(!router.canRoute("/r\((index + 1) % routers.count)/1"), "round \(round), router \(index)")
            }
            try routers[2].register("/late/:x") { _ in }
            #expect(routers[2].canRoute("/late/1"))
            #expect(!routers[3].canRoute("/late/1"))
        }
    }

    @Test func aNewRouterNeverAnswersWithAnEarlierOnesTable() throws {
        // Routers made and dropped in a loop may reuse an address; each answers only its own route.
        for index in 0..<200 {
            let router = Router()
            try router.register("/only/\(index)") { _ in }
            #expect(router.canRoute("/only/\(index)"))
            if index > 0 { #expect(!router.canRoute("/only/\(index - 1)"), "router \(index)") }
        }
    }

    @Test func aRegistrationOnOneThreadIsSeenByTheNextLookupOnAnother() async throws {
        let router = Router()
        try router.register("/first") { _ in }
        let reader = Task.detached { router.canRoute("/first") && !router.canRoute("/second") }
        #expect(await reader.value)
        try router.register("/second") { _ in }
        let later = Task.detached { router.canRoute("/second") }
        #expect(await later.value)
    }
}
