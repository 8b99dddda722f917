import Dispatch
import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// What issue 10's probe found, pinned on every backend of the build.
@Suite struct ReliabilityTests {
    @Test(arguments: RouterBackend.available.map(\.name))
    func regexesThatCouldBacktrackSuperLinearlyAreRefusedWhenAdded(backend: String) throws {
        let router = Router(backend: try #require(RouterBackend.named(backend)))
        expectRouterError(.invalidConstraint) { try router.register("/r/:x((?:(?:a+)+b|a+))") { _ in } }
        expectRouterError(.invalidConstraint) { try router.register("/r/:x(\\d+\\d+)") { _ in } }
        expectRouterError(.invalidRewriteRule) { try router.addRewriteRule("^/(?:(?:a+)+b|a+)$", target: "/x") }
        expectRouterError(.invalidRewriteRule) { try router.addRewriteRule("(\\w+)\\.example\\.com", target: "/x") }
        #expect(router.registrations.isEmpty)
        #expect(router.rewriteRules.isEmpty)
        do {
            try router.register("/r/:x(\\d+\\d+)") { _ in }
        } catch {
            #expect(error.offset == 6, "the message names the part: \(error)")
            #expect(error.message.contains("two different ways"), "\(error)")
        }
    }

    @Test(arguments: RouterBackend.available.map(\.name))
    func anEmptyRuleIsAcceptedAndNeverApplies(backend: String) throws {
        let router = Router(backend: try #require(RouterBackend.named(backend)))
        try router.addRewriteRule("", target: "$0")
        try router.register("/a") { _ in }
        #expect(router.rewrite("/a") == nil)
        #expect(router.canRoute("/a"))
    }

    @Test(arguments: RouterBackend.available.map(\.name))
    func theMethodLimitHoldsOnEveryBackend(backend: String) throws {
        let router = Router(backend: try #require(RouterBackend.named(backend)))
        // GET brings HEAD: 99 more methods make 101 with HEAD, one over.
        try router.register("/m", method: "GET") { _ in }
        for index in 0..<(HTTPMethodName.maxCount - 2) { try router.register("/m", method: "M\(index)") { _ in } }
        expectRouterError(.invalidPattern) { try router.register("/m", method: "ONE-MORE") { _ in } }
        #expect(router.registrations.count == HTTPMethodName.maxCount - 1)
        #expect(router.canRoute("/m", method: "M7"))
        #expect(router.table.fallbackReason == nil)
        #expect(router.table.backendName == backend)
    }

    /// Lookups on four threads while a fifth registers, unregisters and changes rules, on each
    /// backend. Under ThreadSanitizer (CI) this is the race check; here every answer must be one
    /// the table could give at some moment.
    @Test(arguments: RouterBackend.available.map(\.name))
    func lookupsWhileTheTableChanges(backend: String) throws {
        let router = Router(backend: try #require(RouterBackend.named(backend)))
        try router.register("/stable/:id(\\d+)") { _ in }
        let rounds = 200
        let matched = Recorder<Int>()
        DispatchQueue.concurrentPerform(iterations: 5) { thread in
            if thread == 0 {
                for round in 0..<rounds {
                    _ = try? router.register("/moving/\(round % 7)/:x") { _ in }
                    try? router.addRewriteRule("^/old/(\\d+)$", target: "/stable/$1")
                    _ = try? router.unregister("/moving/\((round + 3) % 7)/:x")
                    if round % 10 == 0 { router.removeAllRewriteRules() }
                }
                return
            }
            var hits = 0
            for round in 0..<(rounds * 5) {
                switch router.match(round % 2 == 0 ? "/stable/\(round)" : "/old/\(round)") {
                case .success(let match):
                    #expect(match.route.pattern == "/stable/:id(\\d+)")
                    hits += 1
                case .failure(let miss): #expect(miss.reason == .noMatch, "\(miss)")
                }
                _ = router.match("/moving/\(round % 7)/y")
            }
            matched.record(hits)
        }
        #expect(matched.all.count == 4)
        #expect(matched.all.allSatisfy { $0 >= rounds * 5 / 2 }, "every /stable lookup matches: \(matched.all)")
    }

    @Test func theFallbacksRetriesAreBoundedTheSameWayOnEveryBackend() throws {
        var handling = HandlerOptions()
        handling.fallbackToLastHandler = true
        let answers = try RouterBackend.available.map { backend -> [String] in
            let router = Router(handlerOptions: handling, backend: backend)
            try router.register(contentsOf: (0..<2000).map { RouteDefinition("/c/**/x\($0)", handler: .value($0)) })
            try router.register("/c/:first") { _ in }
            return ["/c/1/2/x7", "/c/1/2/3", "/c" + String(repeating: "/7", count: 3000)].map { url in
                switch router.match(url) {
                case .success(let match): return match.route.pattern
                case .failure(let miss): return miss.reason.name
                }
            }
        }
        // 2,001 routes: 64,132 steps a retry, 155 retries; 3,000 segments need more.
        #expect(answers.allSatisfy { $0 == ["/c/**/x7", "/c/:first", "limitExceeded"] }, "\(answers)")
    }
}
