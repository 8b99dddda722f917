import Foundation
import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

// The PCRE2 trait is on by default; `swift test --disable-default-traits` builds the package
// without PCRE2, where only the last suite of this file runs.
#if PCRE2

/// Builds tables on both backends from the same registry.
struct TablePair {
    let pcre2: CompiledTable
    let foundation: CompiledTable

    init(
        _ patterns: [(String, String?)], options: RouterOptions = RouterOptions.handlerRouter, rules: [RewriteRule] = []
    ) throws {
        let registrations = try patterns.enumerated().map { index, route in
            RouteRegistration(pattern: try RoutePattern(route.0), method: route.1, name: "r\(index)", handle: index)
        }
        try self.init(registrations: registrations, options: options, rules: rules)
    }

    init(
        registrations: [RouteRegistration], options: RouterOptions = RouterOptions.handlerRouter,
        rules: [RewriteRule] = []
    ) throws {
        var registry = RouteRegistry(options: options)
        for registration in registrations { registry.add(registration) }
        pcre2 = try CompiledTable(engine: PCRE2Backend(), registry: registry, rules: rules)
        foundation = try CompiledTable(engine: FoundationBackend(), registry: registry, rules: rules)
    }

    /// The winner's name on each backend (or the miss reason), which must agree.
    func answer(_ url: String, method: String? = nil) -> String {
        func describe(_ result: Result<RouteMatch, RouteMiss>) -> String {
            switch result {
            case .success(let match):
                return (match.route.name ?? "?") + " "
                    + (0..<match.parameterCount).map { String(match.parameter(at: $0)) }
                    .joined(separator: ",")
            case .failure(let miss): return miss.reason.name
            }
        }
        let fromPCRE2 = describe(pcre2.lookup(url, method: method))
        let fromFoundation = describe(foundation.lookup(url, method: method))
        #expect(fromPCRE2 == fromFoundation, "\(url): pcre2 \(fromPCRE2), foundation \(fromFoundation)")
        return fromPCRE2
    }
}

@Suite struct PCRE2BackendTests {
    @Test func theBackendIsBuiltWithTheTraitAndItsJITIsActive() throws {
        #expect(PCRE2Backend.isAvailable)
        #expect(PCRE2Backend.libraryVersion?.hasPrefix("10.") == true)
        #expect(PCRE2Backend.isJITAvailable)
        let tables = try TablePair([("/a/:x", nil)], rules: [try RewriteRule("^x://(.*)", target: "/a/$1")])
        #expect(tables.pcre2.routePatternFacts?.isJITCompiled == true)
        #expect(tables.pcre2.rulePatternFacts?.isJITCompiled == true)
        #expect(tables.pcre2.routePatternFacts?.compiledPatternCount == 1)
    }

    /// One alternation per method filter, shared by filters with the same routes; the subject is
    /// the path alone, read in place, or followed by what a table reads past it.
    @Test func eachMethodFilterHasItsAlternationAndTheSubjectIsThePath() throws {
        let patterns: [(String, String?)] = [
            ("/a/:x", "GET"), ("/a/:x", "POST"), ("/a/:x(\\d+)", nil), ("/b/*/:y(\\w+)", nil), ("/c/**", "PUT"),
        ]
        let tables = try TablePair(patterns)
        // GET (HEAD's too: the same routes), POST, PUT, no method, every route.
        #expect(tables.pcre2.routePatternFacts?.compiledPatternCount == 5)
        #expect(tables.answer("/a/x", method: "GET") == "r0 x")
        #expect(tables.answer("/a/x", method: "HEAD") == "r0 x")
        #expect(tables.answer("/a/x", method: "POST") == "r1 x")
        #expect(tables.answer("/a/7", method: "PUT") == "r2 7")
        #expect(tables.answer("/a/x", method: "PUT") == "methodNotAllowed")
        #expect(tables.answer("/a/x") == "methodNotAllowed")
        #expect(tables.answer("/b/1/y", method: "DELETE") == "r3 y")
        #expect(tables.answer("/c/1/2/", method: "PUT") == "r4 ")
        // Paths not in place: an empty segment, no `/` before the first segment, escapes.
        #expect(tables.answer("/a//x/", method: "POST") == "r1 x")
        #expect(tables.answer("a/x", method: "POST") == "r1 x")
        #expect(tables.answer("/a/%78", method: "GET") == "r0 x")
        #expect(tables.answer("/b/1/y-", method: "GET") == "noMatch")
        // A table that reads past the path: with a scheme route, with marked trailing slashes.
        var strictSlash = RouterOptions.handlerRouter
        strictSlash.trailingSlash = .strict
        for (extra, options) in [(("app://a/:x", "GET"), RouterOptions.handlerRouter), (("/d", nil), strictSlash)] {
            let reading = try TablePair(patterns + [extra], options: options)
            #expect(reading.answer("/a/x", method: "POST") == "r1 x")
            #expect(reading.answer("/a/7", method: "PUT") == "r2 7")
            #expect(reading.answer("/b/1/y", method: "DELETE") == "r3 y")
        }
    }

    @Test func largeTablesAreShardedAndStillAnswerLikeTheReference() throws {
        // 3,000 routes under 60 first segments, plus routes that start with a parameter (in every shard).
        var patterns: [(String, String?)] = []
        for group in 0..<60 {
            for route in 0..<50 {
                patterns.append(("/g\(group)/r\(route)/:id", route % 3 == 0 ? "GET" : nil))
            }
        }
        patterns.append(("/:any/fallback", nil))
        patterns.append(("/**", nil))
        let tables = try TablePair(patterns)
        let facts = try #require(tables.pcre2.routePatternFacts)
        #expect(facts.compiledPatternCount > 1, "PCRE2's size limits force shards")
        #expect(facts.isJITCompiled)
        #expect(tables.answer("/g7/r10/42") == "r360 42")
        #expect(tables.answer("/g7/r9/42") == "r3001 ", "a GET route does not answer a lookup without a method")
        #expect(tables.answer("/g7/r9/42", method: "GET") == "r359 42")
        #expect(tables.answer("/g59/r49/x") == "r2999 x")
        #expect(tables.answer("/g3/r0/1", method: "GET") == "r150 1")
        #expect(tables.answer("/g3/r0/1", method: "POST") == "r3001 ")
        #expect(tables.answer("/zz/fallback") == "r3000 zz")
        #expect(tables.answer("/g1/fallback") == "r3000 g1")
        #expect(tables.answer("/unknown/a/b/c") == "r3001 ")
        #expect(tables.answer("/") == "noMatch")
    }

    @Test func shardsArePickedByLongAndCaseFoldedFirstSegments() throws {
        // First segments of 3 to 40 bytes (the shard table keeps 16 in each slot), case-insensitive.
        var options = RouterOptions.handlerRouter
        options.caseInsensitive = true
        var patterns: [(String, String?)] = []
        for group in 0..<40 {
            let first = "Seg" + String(repeating: "x", count: group) + "\(group)"
            for route in 0..<40 { patterns.append(("/\(first)/r\(route)/:id", nil)) }
        }
        let tables = try TablePair(patterns, options: options)
        #expect(try #require(tables.pcre2.routePatternFacts).compiledPatternCount > 1)
        for group in [0, 12, 13, 14, 30, 39] {
            let first = "sEG" + String(repeating: "X", count: group) + "\(group)"
            #expect(tables.answer("/\(first)/R7/9") == "r\(group * 40 + 7) 9")
            #expect(tables.answer("/\(first)y/r7/9") == "noMatch")
        }
    }

    @Test func methodsAreOneByteCodesThatAnswerLikeTheReference() throws {
        // Custom tokens, GET (which HEAD lookups reach), HEAD of its own, and a route of any method.
        let tables = try TablePair([
            ("/m/:x", "GET"), ("/m/:x", "M-SEARCH"), ("/m/:x", "PROPFIND"), ("/h/:x", "HEAD"), ("/any/:x", nil),
        ])
        #expect(tables.answer("/m/1", method: "get") == "r0 1")
        #expect(tables.answer("/m/1", method: "HEAD") == "r0 1")
        #expect(tables.answer("/m/1", method: "m-search") == "r1 1")
        #expect(tables.answer("/m/1", method: "PROPFIND") == "r2 1")
        #expect(tables.answer("/m/1", method: "DELETE") == "methodNotAllowed")
        #expect(tables.answer("/m/1") == "methodNotAllowed")
        #expect(tables.answer("/h/1", method: "HEAD") == "r3 1")
        #expect(tables.answer("/h/1", method: "GET") == "methodNotAllowed")
        #expect(tables.answer("/any/1", method: "BREW") == "r4 1")
        #expect(tables.answer("/any/1") == "r4 1")
    }

    @Test func aRegistryBeyondTheMethodLimitIsRefusedBeforeAnyBackendSeesIt() throws {
        // The PCRE2 backend has 122 one-byte method codes; the registry refuses the 101st method.
        var registry = RouteRegistry(options: RouterOptions.handlerRouter)
        for index in 0..<(HTTPMethodName.maxCount - 1) {
            registry.add(RouteRegistration(pattern: try RoutePattern("/m/:x"), method: "M\(index)", name: "r\(index)"))
        }
        func route(_ method: String) throws -> RouteRegistration {
            RouteRegistration(pattern: try RoutePattern("/m/:x"), method: method)
        }
        _ = try registry.register([try route("M0"), try route("LAST")])
        var beyond = registry
        #expect(
            try #require(throws: RouterError.self) { try beyond.register([try route("GET")]) }.code == .invalidPattern)
        // Refused as a whole: nothing of the batch was added.
        #expect(beyond.count == registry.count)
        _ = try CompiledTable(engine: PCRE2Backend(), registry: registry, rules: [])
    }

    @Test func routesOnePatternCannotHoldBecomeAChainThatKeepsPrecedence() throws {
        // 1,400 constraint routes under one first literal and one segment count: more than one
        // PCRE2 pattern holds (error 120). They are split into patterns tried in order, never
        // served by the other backend.
        var patterns: [(String, String?)] = (0..<1400).map { ("/c/:x(\\d+z\($0))", nil) }
        patterns.append(("/c/:x", nil))
        let tables = try TablePair(patterns)
        #expect(tables.pcre2.backendName == "pcre2")
        #expect(tables.pcre2.fallbackReason == nil)
        #expect((tables.pcre2.routePatternFacts?.compiledPatternCount ?? 0) > 1)
        for index in [0, 1, 699, 700, 701, 1000, 1399] {
            #expect(tables.answer("/c/12z\(index)") == "r\(index) 12z\(index)")
        }
        #expect(tables.answer("/c/12z1400") == "r1400 12z1400")
        #expect(tables.answer("/c/12z1400/x") == "noMatch")
    }

    @Test func aLongURLWithACatchAllStaysWithinTheJITStack() throws {
        // 4,000 segments under the default 8,192-byte limit: the catch-all and the constraint after it.
        let tables = try TablePair([("/files/**/:name(\\w+)", nil), ("/files/**", nil)])
        let url = "/files" + String(repeating: "/a", count: 4000)
        #expect(url.utf8.count <= 8192)
        #expect(tables.answer(url) == "r0 a")
        #expect(tables.answer(url + "/-") == "r1 ")
    }

    @Test func constraintsBeyondTheWorkBudgetReportLimitExceededNotNoMatch() throws {
        // 40 constraints that can each read a 4,000-byte segment: more than a lookup's budget,
        // refused before any runs; on a short segment they run.
        let alternation = "(?:" + (0..<26).map { String(UnicodeScalar(97 + $0)!) + "0" }.joined(separator: "|") + ")+"
        let tables = try TablePair((0..<40).map { ("/le/:x(\(alternation)z\($0))", nil) } + [("/le/:x", nil)])
        let url = "/le/" + String(repeating: "a0", count: 2000)
        guard case .failure(let miss) = tables.pcre2.lookup(url) else {
            Issue.record("expected a miss")
            return
        }
        #expect(miss.reason == .limitExceeded)
        #expect(tables.answer(url) == "limitExceeded")
        #expect(tables.answer("/le/a0b0z7") == "r7 a0b0z7")
    }

    @Test func routeSyntaxAloneNeverReachesTheLimit() throws {
        // Many catch-all routes and in-segment patterns against the longest URL the router accepts.
        var patterns: [(String, String?)] = []
        for index in 0..<200 { patterns.append(("/**/x\(index)/{a}-{b}.tar", nil)) }
        let tables = try TablePair(patterns)
        let url = String(repeating: "/-", count: 4095)
        #expect(url.utf8.count <= 8192)
        #expect(tables.answer(url) == "noMatch")
    }

    @Test func rewriteRulesKeepFirstRuleWins() throws {
        let rules = try [
            RewriteRule("zzz", target: "/one"), RewriteRule("aaa", target: "/two"), RewriteRule("q*", target: "/three"),
            RewriteRule("qq(\\d)?", target: "/four/[$1]"),
        ]
        let tables = try TablePair([("/:p", nil), ("/four/:p", nil)], rules: rules)
        #expect(tables.pcre2.rewrite("x://aaa/zzz") == .rewritten("/one"))
        #expect(tables.pcre2.rewrite("x://aaa") == .rewritten("/two"))
        #expect(tables.pcre2.rewrite("x://qq") == .rewritten("/four/[]"))
        #expect(tables.pcre2.rewrite("qq://x") == .rewritten("/three"))
        #expect(tables.pcre2.rewrite("nothing") == .unchanged)
        #expect(tables.answer("x://qq5") == "r1 [5]")
    }

    @Test func recordedEngineCallsReplayBareWithTheSameWinners() throws {
        let tables = try TablePair([("/users/:id", "GET"), ("/users/:id/repos", nil), ("/files/**", nil)])
        let table = tables.pcre2
        let urls = ["/users/7/repos", "/files/a/b", "/nothing/here"]
        let replay = try #require(table.recordRawMatches(lookups: urls.count) { _ = $0.lookup(urls[$1]) })
        // One call per hit; the miss calls twice (the second asks whether a route of another
        // method would have taken it).
        #expect(replay.lookupCount == 3)
        #expect(replay.callCount == 4)
        let winners = replay.recordedWinners
        #expect(winners.count == 4)
        #expect(winners[0] >= 0 && winners[1] >= 0 && winners[0] != winners[1])
        #expect(winners[2] == -1 && winners[3] == -1)
        #expect(replay.replay() == winners.reduce(0, &+))
        #expect(replay.replay() == winners.reduce(0, &+), "a replay can run again")
        #expect(replay.replay(lookup: 0) == winners[0])
        #expect(replay.replay(lookup: 1) == winners[1])
        #expect(replay.replay(lookup: 2) == -2, "both calls of the miss")
        // Only the lookups of the closure's table are recorded.
        _ = table.lookup("/files/c")
        #expect(replay.callCount == 4)
    }

    @Test func callsWithCalloutsAreNotReplayedBare() throws {
        let tables = try TablePair([("/img/{n}.jpg", nil)])
        let table = tables.pcre2
        let replay = table.recordRawMatches(lookups: 1) { table, _ in
            _ = table.lookup("/img/5.jpg")
        }
        #expect(replay == nil)
    }

    @Test func lookupsFromManyThreadsAgree() async throws {
        let tables = try TablePair([("/users/:id", "GET"), ("/files/**", nil), ("/img/{n}.jpg", nil)])
        let table = tables.pcre2
        await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for step in 0..<2_000 {
                        let id = "\(worker)-\(step)"
                        guard case .success(let match) = table.lookup("/users/\(id)", method: "GET"),
                            match.parameter(at: 0) == id[...]
                        else {
                            wrong += 1
                            continue
                        }
                        if case .success(let image) = table.lookup("/img/\(id).jpg"), image.parameter(at: 0) != id[...]
                        {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            var wrong = 0
            for await count in group { wrong += count }
            #expect(wrong == 0)
        }
    }

    @Test func portableRenderingCompilesOnPCRE2WithTheSameMeaning() throws {
        for source in ["\\w+", "[^a\\D]", "[a\\W]", "a\\b", "(?<=a|bc)x", "\\s\\v.", "^a$"] {
            let regex = try SharedRegex(source)
            #expect(PCRE2Backend().compileError(rewriteExpression: regex) == nil, "\(source)")
            #expect(PCRE2Backend().compileError(constraint: regex) == nil, "\(source)")
        }
    }
}

#else

/// Without the trait, the backend exists but says so, and refuses to build tables.
@Suite struct PCRE2WithoutTheTraitTests {
    @Test func theBackendReportsItselfUnavailableAndRefusesTables() {
        #expect(!PCRE2Backend.isAvailable)
        #expect(!PCRE2Backend.isJITAvailable)
        #expect(PCRE2Backend.libraryVersion == nil)
        let registry = RouteRegistry(options: RouterOptions.handlerRouter)
        #expect(throws: RouterError.self) {
            try CompiledTable(engine: PCRE2Backend(), registry: registry, rules: [])
        }
    }
}

#endif
