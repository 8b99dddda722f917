import Foundation
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterCLI
import URLRouterConformance
import URLRouterHandlers

/// The repository's folders the route-file tools are tried on.
enum RepositoryFolders {
    static let root = URL(fileURLWithPath: BundledFixtures.directory).deletingLastPathComponent().path
    static let lintFixtures = root + "/Tests/LintFixtures"
    static let routes = root + "/Benchmarks/Routes"
    /// The bundled route sets small enough to lint in a test.
    static let routeSets = ["github-api", "gplus-api", "parse-api", "static", "synthetic-10", "synthetic-100"]
}

@Suite struct LintTests {
    /// Lint's findings for a file, as it prints them, with the folder left out.
    static func findings(_ path: String, options: RouterOptions = RouterOptions()) throws -> [String] {
        let table = RouteFileTable(file: try RouteFile(contentsOf: path), options: options, backend: .default)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path + "/"
        let name = URL(fileURLWithPath: path).lastPathComponent
        return RouteLinter(table: table).diagnostics().map {
            $0.text.replacingOccurrences(of: folder, with: "").replacingOccurrences(
                of: name + ":", with: "", options: .anchored)
        }
    }

    @Test(arguments: ["shadowed.txt", "ambiguous.txt", "table.json", "hosts.txt"])
    func lintFixturesGiveTheirExpectedFindings(name: String) throws {
        let path = RepositoryFolders.lintFixtures + "/" + name
        let expectFile = path.replacingOccurrences(of: #"\.(txt|json)$"#, with: ".expect", options: .regularExpression)
        let expected = try String(contentsOfFile: expectFile, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!expected.isEmpty)
        #expect(try Self.findings(path) == expected)
    }

    /// Under `trailingSlash` `.strict`, `/items` and `/items/` are two routes, each winning its own
    /// path; a route ending in `/` is looked up with one. Ignoring trailing slashes, the second
    /// of them is a duplicate.
    @Test func trailingSlashRoutesAreLintedUnderTheTablesPolicy() throws {
        let path = RepositoryFolders.lintFixtures + "/trailing-slash.txt"
        var options = RouterOptions()
        options.trailingSlash = .strict
        #expect(
            try Self.findings(path, options: options) == [
                "4:5: error: duplicate of line 3 ('/files/**'): the same pattern, host, method and variant; this route replaces it"
            ])
        let ignoring = try Self.findings(path)
        #expect(ignoring.contains { $0.hasPrefix("2:5: error: duplicate of line 1 ('/items')") }, "\(ignoring)")
    }

    @Test(arguments: RepositoryFolders.routeSets)
    func theBundledRouteSetsAreClean(name: String) throws {
        // Request i of each set is answered by route i, so every route wins somewhere.
        #expect(try Self.findings(RepositoryFolders.routes + "/\(name).txt") == [])
    }

    @Test func aShadowedRouteFoundExactlyIsReallyNeverTheWinner() throws {
        // The never-winning routes of shadowed.txt, checked against lookups of many URLs.
        let file = try RouteFile(contentsOf: RepositoryFolders.lintFixtures + "/shadowed.txt")
        let table = RouteFileTable(file: file, options: RouterOptions(), backend: .default)
        let never = RouteLinter(table: table).diagnostics().filter { $0.message.hasPrefix("never wins") }.map(\.line)
        #expect(never == [4, 7, 12])
        let words = ["me", "users", "docs", "api", "v1", "v2", "status", "profile", "x", "1"]
        var won: Set<Int> = []
        for count in 1...4 {
            var paths = [[String]()]
            for _ in 0..<count { paths = paths.flatMap { path in words.map { path + [$0] } } }
            for path in paths {
                for method in ["GET", "POST"] {
                    if case .success(let match) = table.router.match("/" + path.joined(separator: "/"), method: method)
                    {
                        won.insert(file.routes[Int(match.route.name!)!].line)
                    }
                }
            }
        }
        #expect(won.isDisjoint(with: never), "\(won)")
        #expect(won.isSuperset(of: [2, 3, 5, 6, 8, 11]), "\(won)")
    }

    @Test func theCommandPrintsFindingsLikeACompilerAndExitsOneOnErrors() throws {
        let (status, output) = try URLRouterExecutable.run(["lint", RepositoryFolders.lintFixtures + "/shadowed.txt"])
        #expect(status == 1)
        #expect(output.contains(RepositoryFolders.lintFixtures + "/shadowed.txt:4:5: error: never wins"), "\(output)")
        #expect(output.hasSuffix("4 errors, 0 warnings\n"), "\(output)")
        let (cleanStatus, clean) = try URLRouterExecutable.run([
            "lint", RepositoryFolders.routes + "/github-api.txt", RepositoryFolders.routes + "/static.txt",
        ])
        #expect(cleanStatus == 0)
        #expect(clean == "0 errors, 0 warnings\n")
        let (jsonStatus, json) = try URLRouterExecutable.run([
            "lint", "--json", RepositoryFolders.lintFixtures + "/ambiguous.txt",
        ])
        #expect(jsonStatus == 1)
        let findings = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(findings.map { $0["severity"] as? String } == ["warning", "warning", "error"])
        #expect(findings.first?["example"] as? String == "/items/0")
        let (missingStatus, missing) = try URLRouterExecutable.run(["lint", "/no/such/routes.txt"])
        #expect(missingStatus == 1)
        #expect(missing.contains("/no/such/routes.txt: error: cannot read the file"), "\(missing)")
    }
}

@Suite struct MatchRoutesTests {
    /// Runs `body` with the path of a file called `name` holding `text`, in a folder of its own,
    /// removed afterwards.
    func withFile(_ name: String, _ text: String, _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("match-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try body(path)
    }

    @Test func matchOnARouteFileNamesTheWinnerItsLineAndParameters() throws {
        let file = RepositoryFolders.routes + "/github-api.txt"
        let (status, output) = try URLRouterExecutable.run([
            "match", "--routes", file, "--method", "GET", "/repos/octo/hello/issues/3", "/nothing/here",
        ])
        #expect(status == 1, "one URL misses")
        let line = try #require(
            String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0 == "GET /repos/:owner/:repo/issues/:number" })
        #expect(output.contains("  route: GET /repos/:owner/:repo/issues/:number (\(file):\(line + 1))"), "\(output)")
        #expect(output.contains("  params: owner=octo, repo=hello, number=3"))
        #expect(output.contains("/nothing/here\n  no route: noMatch"))
        let (deleteStatus, json) = try URLRouterExecutable.run([
            "match", "--routes", file, "--method", "PATCH", "--json", "/user/keys/5",
        ])
        #expect(deleteStatus == 1)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["error"] as? String == "methodNotAllowed")
        #expect(object["allowed"] as? [String] == ["DELETE", "GET", "HEAD"])
        // Without --method, a URL is looked up as a GET request, as curl sends it (a file of GET
        // routes used to answer methodNotAllowed).
        let (plainStatus, plain) = try URLRouterExecutable.run([
            "match", "--routes", file, "/repos/octo/hello/issues/3",
        ])
        #expect(plainStatus == 0, "\(plain)")
        #expect(plain.contains("  route: GET /repos/:owner/:repo/issues/:number (\(file):\(line + 1))"), "\(plain)")
    }

    @Test func explainListsTheCandidatesAndWhyTheWinnerBeatEach() throws {
        let file = """
            GET /v1/counter/:a/:b
            GET /v1/counter/fixed/x
            GET /**
            POST /v1/counter/fixed/:c
            GET /v1/*/fixed/:d
            """
        try withFile("trap.txt", file) { routes in
            let (status, output) = try URLRouterExecutable.run([
                "match", "--routes", routes, "--method", "GET", "--explain", "/v1/counter/fixed/y",
            ])
            #expect(status == 0)
            let expected = """
                GET /v1/counter/fixed/y
                  route: GET /v1/counter/:a/:b (\(routes):1)
                  params: a=fixed, b=y
                  routes whose pattern matches the path, in precedence order:
                    skipped POST /v1/counter/fixed/:c (\(routes):4): answers POST, not GET
                    winner  GET /v1/counter/:a/:b (\(routes):1)
                    loses   GET /v1/*/fixed/:d (\(routes):5): segment 2: literal 'counter' is more specific than wildcard '*'
                    loses   GET /** (\(routes):3): segment 1: literal 'v1' is more specific than catch-all '**'

                """
            #expect(output == expected)
        }
    }

    /// A route with optional segments is ranked by its expansion that takes the URL: `/docs` is
    /// `/docs/:version?` without its parameter, a literal segment above `/*`'s wildcard.
    @Test func explainRanksAnOptionalRouteByItsExpansion() throws {
        try withFile("docs.txt", "GET /*\nGET /docs/:version?\n") { routes in
            let (status, output) = try URLRouterExecutable.run([
                "match", "--routes", routes, "--method", "GET", "--explain", "/docs", "/docs/3",
            ])
            #expect(status == 0)
            let expected = """
                GET /docs
                  route: GET /docs/:version? (\(routes):2)
                  routes whose pattern matches the path, in precedence order:
                    winner  GET /docs/:version? (\(routes):2)
                    loses   GET /* (\(routes):1): segment 1: literal 'docs' is more specific than wildcard '*'
                GET /docs/3
                  route: GET /docs/:version? (\(routes):2)
                  params: version=3
                  routes whose pattern matches the path, in precedence order:
                    winner  GET /docs/:version? (\(routes):2)

                """
            #expect(output == expected)
        }
    }

    @Test func matchReadsAJSONRouteTableAndNamesTheColumnOfABadPattern() throws {
        let table = RepositoryFolders.lintFixtures + "/table.json"
        let (status, output) = try URLRouterExecutable.run(["match", "--routes", table, "ft://order/42"])
        #expect(status == 1)
        #expect(output.contains("\(table):7:18: error: invalidConstraint"), "\(output)")
        try withFile("routes.json", #"{ "account/setting": "Settings", "ft": { "order/:id": "Order" } }"#) { good in
            let (goodStatus, answer) = try URLRouterExecutable.run([
                // `--options` are read over a table's defaults, a server's: the host is not a segment.
                "match", "--routes", good, "FT:///Order/42", "--options", #"{"caseInsensitive": true}"#,
            ])
            #expect(goodStatus == 0)
            #expect(answer.contains("route: ft://order/:id (\(good):1)\n  params: id=42"), "\(answer)")
            // A route file is served by a table, which reads URLs as they are.
            let (refusedStatus, refusal) = try URLRouterExecutable.run([
                "match", "--routes", good, "ft://order/42", "--options", #"{"hostAsSegment": "always"}"#,
            ])
            #expect(refusedStatus != 0)
            #expect(refusal.contains("hostAsSegment") && refusal.contains("the handler router's"), "\(refusal)")
        }
    }
}
