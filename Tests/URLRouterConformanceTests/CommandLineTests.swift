import Foundation
import Testing

@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// Runs a built executable of the package (`urlrouter` unless named), which sits beside the test bundle.
enum URLRouterExecutable {
    struct MissingExecutable: Error, CustomStringConvertible {
        var name: String
        var description: String { "the \(name) executable is not built beside the tests" }
    }

    static func url(named name: String) -> URL? {
        var candidates: [URL] = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        candidates += candidates.map { $0.deletingLastPathComponent() }
        return candidates.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String], executable name: String = "urlrouter", in directory: String? = nil) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        guard let url = url(named: name) else { throw MissingExecutable(name: name) }
        process.executableURL = url
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

@Suite struct CommandLineTests {
    /// With no argument, the command checks the `Fixtures` folder of the current directory: every
    /// bundled fixture file passes. (A folder given as an argument is read the same way:
    /// ``checkIsTheDefaultSubcommandAndTakesAFilter()``.)
    @Test func withNoArgumentTheCheckRunsTheFixturesFolderAndEveryBundledFixturePasses() throws {
        let root = URL(fileURLWithPath: BundledFixtures.directory).deletingLastPathComponent().path
        let (status, output) = try URLRouterExecutable.run([], in: root)
        #expect(status == 0, "\(output.suffix(2000))")
        let suites = output.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count
        #expect(suites == BundledFixtures.files.count, "\(output.suffix(2000))")
        let last = output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"))
        #expect(!output.contains("FAIL"))
        let (missingStatus, missingOutput) = try URLRouterExecutable.run(["check"], in: NSTemporaryDirectory())
        #expect(missingStatus != 0)
        #expect(missingOutput.contains("Fixtures"), "\(missingOutput)")
    }

    @Test func checkIsTheDefaultSubcommandAndTakesAFilter() throws {
        let (status, output) = try URLRouterExecutable.run([BundledFixtures.directory, "--filter", "seed-abrouter"])
        #expect(status == 0)
        let backends = "backends: " + RouterBackend.available.map(\.name).joined(separator: ", ")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(backends) == true, "\(output)")
        #expect(
            Array(lines.dropFirst()) == [
                "entry points: router, lookup, withMatch, live", "PASS seed-abrouter (9 cases)", "9 passed, 0 failed",
            ])
    }

    @Test func helpListsTheSubcommandsAndOptions() throws {
        let (status, output) = try URLRouterExecutable.run(["--help"])
        #expect(status == 0)
        #expect(output.contains("OVERVIEW: Check URLRouter against fixture suites and try lookups."))
        #expect(output.contains("check (default)"))
        #expect(output.contains("match"))
        let (_, checkHelp) = try URLRouterExecutable.run(["check", "--help"])
        #expect(checkHelp.contains("--backend <backend>"))
        #expect(checkHelp.contains("--filter <filter>"))
        #expect(checkHelp.contains("--json"))
    }

    @Test func benchRefusesIncompleteOrMixedSetsWithAMessage() throws {
        for arguments in [
            ["bench"], ["bench", "--routes", "r.txt"], ["bench", "--synthetic", "0"],
            ["bench", "--synthetic", "10", "--routes", "r.txt", "--requests", "q.txt"],
            ["bench", "--synthetic", "10", "--threads", "0"],
        ] {
            let (status, output) = try URLRouterExecutable.run(arguments)
            #expect(status != 0, "\(arguments)")
            #expect(output.contains("--synthetic") || output.contains("--threads"), "\(arguments): \(output)")
        }
    }

    /// The build time and what the table holds per route are in the JSON (never judged here: only
    /// their shape), on one backend.
    @Test func benchReportsTheBuildTimeAndTheBytesPerRoute() throws {
        let (status, output) = try URLRouterExecutable.run([
            "bench", "--synthetic", "200", "--backend", "foundation", "--min-run-ms", "100", "--json",
        ])
        #expect(status == 0, "\(output)")
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("{") || $0.hasPrefix("[") })
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
        let result = try #require(((parsed as? [[String: Any]])?.first) ?? (parsed as? [String: Any]))
        let build = try #require(result["build_ms"] as? Double)
        let register = try #require(result["register_ms"] as? Double)
        let compile = try #require(result["compile_ms"] as? Double)
        #expect(abs(build - (register + compile)) < 1e-6)
        // Where the allocator can be counted (not under a sanitizer, whose allocator replaces
        // glibc's), a table holds more than its patterns' text and less than a page per route.
        if result["borrowed_mallocs_per_lookup"] != nil {
            let bytes = try #require(result["bytes_per_route"] as? Double)
            #expect(bytes > 50 && bytes < 4096, "\(bytes)")
            // The Foundation backend compiles no patterns: none of those bytes are PCRE2's.
            #expect(result["pattern_bytes_per_route"] as? Double == 0)
            #expect(result["jit_bytes_per_route"] as? Double == 0)
        } else {
            #expect(result["bytes_per_route"] == nil)
        }
    }

    @Test func benchNamesTheLineOfABadRouteAndListsWrongAnswers() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let bad = try write("bad.txt", "# routes\nGET /a/:id\nGET /b/:x(\\d+\nGET /c\n")
        let requests = try write("requests.txt", "GET /a/1\nGET /a/2\nGET /d\n")
        let (status, output) = try URLRouterExecutable.run([
            "bench", "--routes", bad, "--requests", requests, "--backend", "foundation",
        ])
        #expect(status != 0)
        #expect(output.contains("\(bad):3: invalidConstraint: '/b/:x(\\d+'"), "\(output)")
        #expect(!output.contains("USAGE"), "a bad route is not a usage error: \(output)")

        let routes = try write("routes.txt", "GET /a/:id\nGET /a/*\nGET /c\n")
        let (wrongStatus, wrongOutput) = try URLRouterExecutable.run([
            "bench", "--routes", routes, "--requests", requests, "--backend", "foundation", "--runs", "11",
            "--min-run-ms", "100",
        ])
        #expect(wrongStatus == 1)
        #expect(wrongOutput.contains("foundation on routes: 2 requests not answered by their own route:"))
        #expect(wrongOutput.contains("  GET /a/2: expected GET /a/* (\(routes):2), got GET /a/:id"), "\(wrongOutput)")
        #expect(wrongOutput.contains("  GET /d: expected GET /c (\(routes):3), got noMatch"))
    }

    @Test func unknownBackendExitsNonZeroWithAMessage() throws {
        let (status, output) = try URLRouterExecutable.run(["check", "--backend", "sqlite", BundledFixtures.directory])
        #expect(status != 0)
        #expect(output.contains("unknown backend 'sqlite'"))
    }

    @Test func matchPrintsTheWinnerAndExitsOneOnAMiss() throws {
        let fixture = BundledFixtures.directory + "/seed-yfrouter.json"
        let (status, output) = try URLRouterExecutable.run([
            "match", "--fixture", fixture, "--backend", "foundation", "YF:///feed/detail?id=001",
        ])
        #expect(status == 0)
        #expect(output.contains("route: feedDetail (YF:///feed/detail)"))
        #expect(output.contains("params: id=001"))
        let (missStatus, missOutput) = try URLRouterExecutable.run([
            "match", "--fixture", fixture, "--backend", "foundation", "--json", "other:///x",
        ])
        #expect(missStatus == 1)
        #expect(missOutput.contains(#""error":"noMatch""#))
    }

    @Test func matchWithAMalformedFixtureNamesTheField() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"suite": "s", "routes": [{"id": 1, "pattern": "/a"}], "cases": []}"#.write(
            to: file, atomically: true, encoding: .utf8)
        let (status, output) = try URLRouterExecutable.run(["match", "--fixture", file.path, "/a"])
        #expect(status != 0)
        #expect(output.contains("routes[0].id: must be a string"))
    }
}
