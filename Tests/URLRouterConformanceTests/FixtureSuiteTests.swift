import Foundation
import Testing

@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterConformance

/// The bundled fixtures, located from this file (they sit outside any target).
enum BundledFixtures {
    static let directory: String = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
    }()

    static let files: [String] = ConformanceCheck.files(in: [directory]).files

    static func suite(_ name: String) throws -> FixtureSuite {
        try FixtureSuite(contentsOf: directory + "/" + name)
    }
}

@Suite struct FixtureSuiteTests {
    @Test func bundledFixturesHaveAtLeastThreeHundredCases() throws {
        let suites = try BundledFixtures.files.map { try FixtureSuite(contentsOf: $0) }
        let cases = suites.reduce(0) { $0 + $1.cases.count + $1.invalid.count }
        #expect(suites.count >= 20)
        #expect(cases >= 300)
        #expect(Set(suites.map(\.name)).count == suites.count, "suite names are unique")
    }

    /// Every case of every fixture, on every backend this build has, compared with the
    /// expectation and across backends.
    @Test(arguments: BundledFixtures.files.map { URL(fileURLWithPath: $0).lastPathComponent })
    func fixturePasses(file: String) throws {
        let suite = try BundledFixtures.suite(file)
        let result = ConformanceRunner(backends: RouterBackend.available).run(suite)
        #expect(result.brokenReason == nil)
        for failure in result.cases where !failure.passed {
            let observed = failure.results.map { "\($0.backend): \($0.observation)" }.joined(separator: "; ")
            Issue.record(
                "\(suite.name) \(failure.location) \(failure.id ?? "") \(failure.summary) — expected \(failure.expected); \(observed); \(failure.failure ?? "")"
            )
        }
        #expect(result.cases.count == suite.cases.count + suite.invalid.count)
    }
}
