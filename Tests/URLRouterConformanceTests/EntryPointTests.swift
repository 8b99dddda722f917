import Foundation
import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter
@testable import URLRouterConformance

/// Every fixture runs through the handler router and the route table's owning lookup, borrowed
/// lookup and live table, on each backend; a disagreement between entry points fails the case.
@Suite struct EntryPointTests {
    static func suite(_ json: String) throws -> FixtureSuite {
        try FixtureSuite(json: Data(json.utf8), file: "entry-points.json")
    }

    @Test func mostLookupsOfTheBundledFixturesRunThroughEveryEntryPoint() throws {
        var lookups = 0
        var throughTables = 0
        for file in BundledFixtures.files {
            let suite = try FixtureSuite(contentsOf: file)
            let result = ConformanceRunner(backends: RouterBackend.available).run(suite)
            let tables = try TableEntryPoints(suite, backend: .foundation)
            for (testCase, outcome) in zip(suite.cases, result.cases.dropFirst(suite.invalid.count)) {
                guard case .lookup(let lookup) = testCase.action else { continue }
                lookups += 1
                let names = Set(outcome.results.map(\.backend))
                let expressed = EntryPoint.withMatch.expresses(
                    lookup, in: suite, routedAsGiven: tables.routesAsGiven(lookup.url, under: suite.handlerOptions))
                for backend in RouterBackend.available.map(\.name) {
                    for entryPoint in [EntryPoint.lookup, .withMatch, .live] {
                        #expect(
                            names.contains(entryPoint.resultName(backend: backend)) == expressed,
                            "\(suite.name) \(outcome.location)")
                    }
                }
                if expressed { throughTables += 1 }
            }
        }
        // Kinds, extra values, transitions and callback URLs are the handler router's alone.
        #expect(lookups >= 400 && throughTables * 10 >= lookups * 7, "\(throughTables) of \(lookups) lookups")
    }

    @Test func theCheckNamesItsEntryPointsOnALineBeforeTheSuites() {
        let report = ConformanceReport(entries: [], backends: ["foundation"])
        #expect(report.text.split(separator: "\n").dropFirst().first == "entry points: router, lookup, withMatch, live")
    }

    @Test func aDisagreementBetweenEntryPointsFailsNamingBoth() throws {
        let suite = try Self.suite(
            """
            {"suite": "s", "routes": [{"id": "a", "pattern": "/x"}, {"id": "b", "pattern": "/y"}],
             "cases": [{"url": "/x", "expect": {}}, {"url": "/x", "expect": {"route": "a"}}]}
            """)
        // Tables that route /x elsewhere than the router: what a wrong entry point would do.
        let other = try Self.suite(
            """
            {"suite": "s", "routes": [{"id": "b", "pattern": "/x"}], "cases": []}
            """)
        let runner = ConformanceRunner(backends: [.foundation])
        let (router, _) = runner.makeRouter(suite, .foundation)
        let run = ConformanceRunner.BackendRun(
            backend: "foundation", router: try #require(router),
            tables: try TableEntryPoints(other, backend: .foundation))
        let agreeing = runner.runCase(suite.cases[0], location: "cases[0]", suite: suite, routers: [run])
        #expect(agreeing.failure == "foundation and foundation lookup disagree")
        let expected = runner.runCase(suite.cases[1], location: "cases[1]", suite: suite, routers: [run])
        #expect(expected.failure == "foundation lookup: route is 'b', expected 'a'")
    }

    @Test func theBorrowedLookupReadsPathParametersQueryValuesAndTheCatchAll() throws {
        let suite = try Self.suite(
            """
            {"suite": "s", "routes": [{"id": "a", "pattern": "/x/:id/**"}],
             "cases": [{"url": "/x/caf%C3%A9/a/b%20c?q=1&r=%20", "expect": {"route": "a",
               "params": {"id": "café", "q": "1", "r": " "}, "catchall": "a/b c"}}]}
            """)
        let result = ConformanceRunner(backends: [.foundation]).run(suite)
        let seen = try #require(result.cases.first?.results.first { $0.backend == "foundation withMatch" })
        #expect(seen.observation.params == ["id": "café", "q": "1", "r": " "])
        #expect(seen.observation.catchall == "a/b c")
        #expect(result.cases.first?.passed == true)
    }
}
