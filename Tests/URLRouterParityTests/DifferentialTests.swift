import Foundation
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterCLI
import URLRouterConformance
import URLRouterHandlers

// Parity needs two backends: the PCRE2 trait (on by default) brings the second.
#if PCRE2
/// Both backends, random route tables and random URLs: every answer must agree, on each backend
/// between the handler router and the route table's owning lookup, borrowed lookup and live table.
///
/// Seeded and reproducible: `URLROUTER_PARITY_SEED` picks the first seed (default 1),
/// `URLROUTER_PARITY_TABLES` how many tables (default 2,000, each its own seed). A failure
/// prints the seed, the table and the URL.
@Suite struct DifferentialTests {
    static let environment = ProcessInfo.processInfo.environment
    static let firstSeed = UInt64(environment["URLROUTER_PARITY_SEED"] ?? "") ?? 1
    static let tables = Int(environment["URLROUTER_PARITY_TABLES"] ?? "") ?? 2_000

    @Test func bothBackendsAgreeOnRandomTables() throws {
        let backends = RouterBackend.available
        try #require(backends.count >= 2, "this build has both backends")
        var lookups = 0
        var matches = 0
        var throughTables = 0
        for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.tables)) {
            var generator = SeededGenerator(seed: seed)
            let table = RandomTable(using: &generator)
            let routers = backends.map { Router(options: table.options, handlerOptions: table.handling, backend: $0) }
            var registered: [RouteDefinition] = []
            for route in table.routes {
                // Some random patterns are invalid (two ** in one pattern): every backend must refuse them alike.
                var outcomes: [String] = []
                for router in routers {
                    do {
                        try router.register(contentsOf: [route])
                        outcomes.append("ok")
                    } catch {
                        outcomes.append("\(error.code)")
                    }
                }
                #expect(Set(outcomes).count == 1, "seed \(seed): \(route.pattern) registered as \(outcomes)")
                if outcomes[0] == "ok" { registered.append(route) }
            }
            var acceptedRules: [(expression: String, target: String)] = []
            for rule in table.rules {
                // Rules that could backtrack super-linearly are refused: by every backend alike.
                var outcomes: [String] = []
                for router in routers {
                    do {
                        try router.addRewriteRule(rule.expression, target: rule.target)
                        outcomes.append("ok")
                    } catch {
                        outcomes.append("\(error.code)")
                    }
                }
                #expect(Set(outcomes).count == 1, "seed \(seed): rule \(rule.expression) added as \(outcomes)")
                if outcomes[0] == "ok" { acceptedRules.append((rule.expression, rule.target)) }
            }
            // The route table's entry points over the same routes and rules, on each backend.
            let tables = try backends.map { backend in
                try TableEntryPoints(
                    routes: registered.map { route in
                        RouteTable<String>.Route(
                            table.handling.registered(route.pattern), method: route.method, host: route.host,
                            variant: route.variant, priority: route.priority, name: route.name,
                            value: route.name ?? "")
                    }, rewriteRules: acceptedRules, options: table.options, backend: backend)
            }
            let urls = table.urls(count: 24, using: &generator)
            for url in urls {
                let method = ["GET", "POST", "HEAD", nil].randomElement(using: &generator)!
                let variants = [[], [], ["A"], ["B", "A"], ["C"]].randomElement(using: &generator)!
                let kind = [RouteKind?.none, .action, .object].randomElement(using: &generator)!
                // Hosts for tables with host routes (a malformed one misses in any table).
                let routesOnHosts = table.routes.contains { $0.host != nil }
                let host = routesOnHosts ? RandomTable.hosts.randomElement(using: &generator)! : nil
                let results = routers.map {
                    Observation($0.match(url, method: method, host: host, variants: variants, kind: kind))
                }
                lookups += 1
                // A table has no kinds and none of the handler router's behaviours, and routes the
                // URL it is given: a lookup of any kind, in a table without them, of a URL the
                // router hands its table as it is, is one it can express.
                if kind == nil, !table.handling.hasBehaviours,
                    tables[0].routesAsGiven(url, under: table.handling)
                {
                    throughTables += 1
                    for (index, entryPoints) in tables.enumerated() {
                        if let (entryPoint, seen) = entryPoints.disagreement(
                            withRouter: results[index], method: method, host: host, url: url, variants: variants)
                        {
                            Issue.record(
                                """
                                seed \(seed): \(backends[index].name) router and \(entryPoint.resultName(backend: backends[index].name)) disagree on \(method ?? "-") \(url) host=\(host ?? "-") variants=\(variants)
                                router: \(results[index])
                                \(entryPoint.rawValue): \(seen)
                                table:
                                \(table)
                                """)
                            return
                        }
                    }
                }
                if results[0].route != nil { matches += 1 }
                // Exactly equal: the work bound decides `limitExceeded` the same way on every backend,
                // so one backend's limitExceeded beside anything else is a disagreement here.
                for (index, other) in results.enumerated().dropFirst() where results[0] != other {
                    Issue.record(
                        """
                        seed \(seed): backends disagree on \(method ?? "-") \(url) host=\(host ?? "-") variants=\(variants) kind=\(kind?.name ?? "any")
                        \(backends[0].name): \(results[0])
                        \(backends[index].name): \(other)
                        table:
                        \(table)
                        """)
                    return
                }
            }
        }
        // The generator must produce real matches, not only misses.
        #expect(lookups == Self.tables * 24)
        #expect(matches > lookups / 10, "\(matches) of \(lookups) lookups matched")
        // A tenth at least: a URL whose host the router reads as a segment, under a default scheme, or
        // with a behaviour of its own, is the router's alone.
        #expect(throughTables > lookups / 10, "\(throughTables) of \(lookups) lookups through the tables")
    }
}
#endif

/// The benchmark route sets (real APIs and synthetic tables up to 10,000 routes, which PCRE2 must
/// shard): every request reaches its own route on both backends.
@Suite struct RouteSetParityTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/Routes").path

    @Test(arguments: ["github-api", "static", "parse-api", "gplus-api", "synthetic-1000", "synthetic-10000"])
    func everyRequestReachesItsRouteOnEveryBackend(set name: String) throws {
        let set = try RouteSet(
            routesFile: Self.directory + "/\(name).txt", requestsFile: Self.directory + "/\(name)-requests.txt")
        for backend in RouterBackend.available {
            let table = try set.router(backend: backend).table
            #expect(set.wrongAnswers(in: table).isEmpty, "\(backend.name) on \(name)")
        }
    }
}

/// `urlrouter bench`'s runner: its figures are there and well formed (never timed here).
@Suite struct BenchmarkRunnerTests {
    @Test func theRunnerReportsEveryFieldAndTheBareCallsOnlyWherePatternsRun() throws {
        let set = RouteSet.synthetic(30)
        let runner = BenchmarkRunner(runs: 3, minimumRunTime: .milliseconds(1))
        for backend in RouterBackend.available {
            let result = try runner.measure(set, backend: backend)
            #expect(result.wrongAnswers == 0)
            #expect(result.lookups == 30 && result.routes == 30 && result.runs == 3)
            #expect(result.nsPerLookupMedian > 0)
            let json = try #require(
                JSONSerialization.jsonObject(with: Data(result.jsonLine.utf8)) as? [String: Any])
            for key in ["backend", "routes", "lookups", "ns_per_lookup_median", "compile_ms", "jit", "peak_rss_kib"] {
                #expect(json[key] != nil, "\(backend.name): \(key)")
            }
            if backend.name == "pcre2" {
                #expect(result.jit)
                let raw = try #require(result.rawMatchNsMedian)
                #expect(raw > 0)
                #expect(try #require(result.lookupToRawRatio) > 0)
                #expect(try #require(result.floorNsMedian) > 0)
                let written = try #require(json["raw_match_ns_median"] as? Double)
                #expect(abs(written - raw) <= raw * 1e-9)
                #expect(BenchmarkResult.table([result]).contains("bare engine calls"))
            } else {
                #expect(result.rawMatchNsMedian == nil && result.lookupToRawRatio == nil && result.floorNsMedian == nil)
                #expect(json["raw_match_ns_median"] == nil, "no bare calls to compare with")
            }
        }
    }

    @Test func routerLookupsFromSeveralThreadsAreTimedOnlyWhenAsked() throws {
        let set = RouteSet.synthetic(20)
        let backend = try #require(RouterBackend.available.first)
        let plain = try BenchmarkRunner(runs: 3, minimumRunTime: .milliseconds(1)).measure(set, backend: backend)
        #expect(plain.threads == nil && plain.routerNsPerLookupMedian == nil && plain.threadedNsPerLookupMedian == nil)
        let threaded = try BenchmarkRunner(runs: 3, minimumRunTime: .milliseconds(1), threads: 2).measure(
            set, backend: backend)
        #expect(threaded.threads == 2)
        #expect(try #require(threaded.routerNsPerLookupMedian) > 0)
        #expect(try #require(threaded.threadedNsPerLookupMedian) > 0)
        let json = try #require(JSONSerialization.jsonObject(with: Data(threaded.jsonLine.utf8)) as? [String: Any])
        #expect(json["threads"] as? Int == 2)
        #expect(json["threaded_ns_per_lookup_median"] != nil && json["router_ns_per_lookup_median"] != nil)
        #expect(BenchmarkResult.table([threaded]).contains("from 2 threads at once"))
    }

    @Test func wrongAnswersAreCountedNotThrown() throws {
        let set = RouteSet(
            name: "wrong", routes: [.init(method: "GET", path: "/a/:x"), .init(method: "GET", path: "/b")],
            requests: [.init(method: "GET", path: "/a/1"), .init(method: "GET", path: "/nowhere")])
        let runner = BenchmarkRunner(runs: 3, minimumRunTime: .milliseconds(1))
        for backend in RouterBackend.available {
            let result = try runner.measure(set, backend: backend)
            #expect(result.wrongAnswers == 1, "\(backend.name)")
            #expect(result.nsPerLookupMedian > 0)
        }
    }

    @Test func severalSetsAreMeasuredSideBySideAndComparedWithinTheRun() throws {
        let runner = BenchmarkRunner(runs: 3, minimumRunTime: .milliseconds(1))
        let backend = try #require(RouterBackend.available.first)
        let results = try runner.measure([RouteSet.synthetic(10), RouteSet.synthetic(40)], backend: backend)
        #expect(results.map(\.set) == ["synthetic-10", "synthetic-40"])
        #expect(results.map(\.routes) == [10, 40])
        #expect(results.allSatisfy { $0.runs == 3 && $0.wrongAnswers == 0 })
        let table = BenchmarkResult.table(results)
        #expect(table.contains("\(backend.name): synthetic-40 takes "), "\(table)")
        #expect(table.contains("the time of synthetic-10 per lookup"), "\(table)")
    }
}
