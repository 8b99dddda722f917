import Foundation
import Testing
import URLRouterCLI
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter
@testable import URLRouterConformance

@Suite struct ConformanceReportTests {
    func temporaryDirectory(_ files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("urlrouter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory.path
    }

    static let passing = #"""
        { "suite": "good", "routes": [ { "id": "a", "pattern": "/a/:x" } ],
          "cases": [ { "url": "/a/1", "expect": { "route": "a", "params": { "x": "1" } } } ] }
        """#

    static let failing = #"""
        { "suite": "wrong", "routes": [ { "id": "a", "pattern": "/a/:x" } ],
          "cases": [ { "url": "/a/1", "id": "c", "comment": "deliberately wrong", "expect": { "route": null } },
                     { "url": "/b", "expect": { "route": null, "error": "noMatch" } } ] }
        """#

    @Test func reportFollowsTheFixturesFormat() throws {
        let directory = try temporaryDirectory(["1-good.json": Self.passing, "2-wrong.json": Self.failing])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = ConformanceCheck(paths: [directory], backends: [.foundation]).run()
        let pcre2Note = RouterBackend.available.count > 1 ? "pcre2 not asked for" : "pcre2 not in this build"
        let expected = """
            backends: foundation (\(pcre2Note))
            entry points: router, lookup, withMatch, live
            PASS good (1 cases)
            FAIL wrong
              cases[0] [c] (deliberately wrong): /a/1
                expected: route=null
                foundation: route=a params={x=1} path=/a/1
                foundation lookup: route=a params={x=1} path=/a/1
                foundation withMatch: route=a params={x=1}
                foundation live: route=a params={x=1} path=/a/1
                failed: foundation: route is 'a', expected absent
            2 passed, 1 failed
            """
        #expect(report.text == expected)
        #expect(report.exitCode == 1)
    }

    @Test func malformedFileIsReportedAndTheRunGoesOn() throws {
        let directory = try temporaryDirectory([
            "a.json": #"{"suite": "bad", "routes": [], "cases": [{"url": "/x", "expect": {"parms": {}}}]}"#,
            "sub/b.json": Self.passing,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = ConformanceCheck(paths: [directory], backends: [.foundation]).run()
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines[1] == "entry points: router, lookup, withMatch, live")
        #expect(lines[2].hasPrefix("FAIL \(directory)/a.json: cases[0].expect.parms: unknown field"))
        #expect(lines[3] == "PASS good (1 cases)")
        #expect(lines.last == "1 passed, 1 failed")
        #expect(report.exitCode == 1)
    }

    @Test func passingRunExitsZeroAndEmptyRunDoesNot() throws {
        let directory = try temporaryDirectory(["good.json": Self.passing])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(ConformanceCheck(paths: [directory], backends: [.foundation]).run().exitCode == 0)
        let filtered = ConformanceCheck(paths: [directory], backends: [.foundation], filter: "nothing").run()
        #expect(filtered.text.hasPrefix("backends: foundation"))
        #expect(filtered.text.hasSuffix("\n0 passed, 0 failed"))
        #expect(filtered.exitCode == 1, "no case ran")
    }

    @Test func duplicateSuiteNamesAndMissingPathsFail() throws {
        let directory = try temporaryDirectory(["a.json": Self.passing, "b.json": Self.passing])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = ConformanceCheck(paths: [directory, directory + "/missing"], backends: [.foundation]).run()
        #expect(report.text.contains("missing: no such file or folder"))
        #expect(report.text.contains("suite: the name 'good' is also used by"))
        #expect(report.failed == 2)
    }

    @Test func brokenSuiteFailsEveryCase() throws {
        let directory = try temporaryDirectory([
            "broken.json":
                #"{"suite": "broken", "routes": [{"id": "a", "pattern": "/a/:x.json"}], "cases": [{"url": "/a", "expect": {}}, {"url": "/b", "expect": {}}]}"#
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = ConformanceCheck(paths: [directory], backends: [.foundation]).run()
        #expect(report.failed == 2)
        #expect(report.text.contains("the suite is broken on foundation: a route is refused: invalidPattern"))
    }

    @Test func jsonReportIsMachineReadable() throws {
        let directory = try temporaryDirectory(["2-wrong.json": Self.failing])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = ConformanceCheck(paths: [directory], backends: [.foundation]).run()
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["passed"] as? Int == 1)
        #expect(object["failed"] as? Int == 1)
        let suites = try #require(object["suites"] as? [[String: Any]])
        #expect(suites.first?["status"] as? String == "fail")
        let failures = try #require(suites.first?["failures"] as? [[String: Any]])
        let results = try #require(failures.first?["results"] as? [String: Any])
        let foundation = try #require(results["foundation"] as? [String: Any])
        #expect(foundation["route"] as? String == "a")
    }

    @Test func limitExceededBesideNoMatchIsNotADisagreement() {
        let limit = Observation(route: nil, error: "limitExceeded")
        let noMatch = Observation(route: nil, error: "noMatch")
        var match = Observation(route: "a")
        match.params = [:]
        #expect(limit.agrees(with: noMatch))
        #expect(noMatch.agrees(with: limit))
        #expect(!limit.agrees(with: match))
        #expect(!noMatch.agrees(with: match))
    }

    @Test func unknownBackendIsRefusedWithAClearMessage() throws {
        #expect(throws: BackendChoice.Unavailable.self) { try BackendChoice.backends("sqlite") }
        #expect(try BackendChoice.backends("foundation").map(\.name) == ["foundation"])
        #expect(try BackendChoice.backends("both").map(\.name) == RouterBackend.available.map(\.name))
    }

    @Test func matchCommandPrintsTheMatchOrTheReason() throws {
        let suite = try BundledFixtures.suite("seed-ffrouter.json")
        let hit = try MatchCommandReport(
            fixture: suite, backend: .foundation, url: "protocol://page/routerDetails/42?x=1", method: nil,
            variants: [],
            kind: .action)
        #expect(
            hit.text == """
                [foundation]
                route: routerDetailsId (protocol://page/routerDetails/:id)
                params: id=42, x=1
                scheme: protocol
                path: /page/routerDetails/42
                """)
        let miss = try MatchCommandReport(
            fixture: suite, backend: .foundation, url: "protocol://page/routerObjectDetails", method: nil, variants: [],
            kind: .action)
        #expect(miss.text.hasPrefix("[foundation]\nno route: kindMismatch"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(hit.json.utf8)) as? [String: Any])
        #expect(json["route"] as? String == "routerDetailsId")
        #expect(json["backend"] as? String == "foundation")
    }
}
