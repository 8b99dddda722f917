import ArgumentParser
import CMallocCount
import Foundation
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterCLI
import URLRouterConformance
import URLRouterHandlers

@main
struct URLRouterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "urlrouter",
        abstract: "Check URLRouter against fixture suites and try lookups.",
        version: "0.1.0",
        subcommands: [Check.self, Match.self, Lint.self, Diff.self, Bench.self, Backends.self],
        defaultSubcommand: Check.self)
}

/// The `--backend` option of every subcommand.
struct BackendOption: ParsableArguments {
    @Option(
        name: .long,
        help:
            "pcre2, foundation or both (every backend this build has). Default: both; for match, this build's default backend."
    )
    var backend: String?

    /// The backends asked for, or `absent` when the option was not given.
    func resolve(absent: [RouterBackend] = RouterBackend.available) throws -> [RouterBackend] {
        guard let backend else { return absent }
        do {
            return try BackendChoice.backends(backend)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

extension URLRouterCommand {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run fixture suites (Docs/FIXTURES.md) on each backend.",
            discussion: """
                Prints PASS or FAIL per suite, each failing case with what every backend returned, and \
                'N passed, N failed' last. Exits 0 only when nothing failed and at least one case ran.
                """)

        @OptionGroup var backendOption: BackendOption

        @Option(name: .long, help: "Run only suites whose name contains this.")
        var filter: String?

        @Flag(name: .long, help: "Print a machine-readable JSON report.")
        var json = false

        @Argument(help: "Fixture files, or folders searched recursively for *.json (default: Fixtures).")
        var paths: [String] = ["Fixtures"]

        func run() throws {
            let report = ConformanceCheck(paths: paths, backends: try backendOption.resolve(), filter: filter).run()
            print(json ? report.json : report.text)
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }
    }

    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Look URLs up in a route file, or in a fixture's routes, rules and options.",
            discussion: """
                With --routes: a file of 'METHOD /pattern' lines (as Benchmarks/Routes holds) or a JSON \
                route table in FTRouter's format ({"pattern": "Target"} or {"scheme": {"pattern": "Target"}}). \
                For each URL it prints the winner (pattern, file and line), its parameters and catch-all, or \
                the miss and why; --explain adds every route whose pattern matches the path and why the winner \
                beat it. With --fixture: a fixture's routes, rewrite rules and options (Docs/FIXTURES.md), one \
                answer per backend. Exits 1 when a URL finds no route.
                """)

        @Option(name: .long, help: "A route file: 'METHOD /pattern' lines, or a JSON route table.")
        var routes: String?

        @Option(name: .long, help: "Instead, a fixture file whose routes, rewrite rules and options to load.")
        var fixture: String?

        @Argument(help: "The URLs to look up.")
        var urls: [String]

        @Option(name: .long, help: "The request's HTTP method (with --routes, GET when not given, as curl sends).")
        var method: String?

        @Option(name: .long, help: "With --routes: the request's host, as a Host header holds it (for host routes).")
        var host: String?

        @Flag(name: .long, help: "With --routes: list the routes matching each path and why the winner beat each.")
        var explain = false

        @Option(
            name: .long,
            help: """
                With --routes: router options as a fixture's options object, e.g. '{"trailingSlash": "strict"}'.
                """)
        var options: String?

        @Option(name: .long, help: "With --fixture: acceptable variants, in preference order, separated by commas.")
        var variants: String?

        @Option(name: .long, help: "With --fixture: the entry point, action, object or callback.")
        var kind: String = "action"

        @OptionGroup var backendOption: BackendOption

        @Flag(name: .long, help: "Print JSON: one object per URL (per backend, with --fixture).")
        var json = false

        func validate() throws {
            guard (routes == nil) != (fixture == nil) else {
                throw ValidationError("give --routes FILE or --fixture FILE")
            }
            guard !urls.isEmpty else { throw ValidationError("give at least one URL to look up") }
            if fixture != nil, explain || options != nil || host != nil {
                throw ValidationError("--explain, --options and --host go with --routes")
            }
        }

        func run() throws {
            if let routes { return try runRoutes(routes) }
            guard let routeKind = RouteKind(name: kind) else {
                throw ValidationError("--kind must be action, object or callback")
            }
            let backends = try backendOption.resolve(absent: [.default])
            let suite = try FixtureSuite(contentsOf: fixture ?? "")
            let variantList = variants.map { $0.split(separator: ",").map(String.init) } ?? []
            var matched = true
            for url in urls {
                for backend in backends {
                    let report = try MatchCommandReport(
                        fixture: suite, backend: backend, url: url, method: method, variants: variantList,
                        kind: routeKind)
                    print(json ? report.json : report.text)
                    if report.observation.route == nil { matched = false }
                }
            }
            if !matched { throw ExitCode(1) }
        }

        func runRoutes(_ path: String) throws {
            let routerOptions = try options.map { try FixtureSuite.options(json: $0) } ?? RouterOptions()
            let backend = try backendOption.resolve(absent: [.default])[0]
            let table = RouteFileTable(
                file: try RouteFile.lenient(contentsOf: path), options: routerOptions, backend: backend)
            let problems = table.file.lineProblems.map { "\($0.file):\($0.line):\($0.column): error: \($0.message)" }
            if !problems.isEmpty || !table.refused.isEmpty || !table.refusedRules.isEmpty {
                printToStandardError(problems + table.refusalDiagnostics)
                throw ExitCode(1)
            }
            var matched = true
            for url in urls {
                // A request always has a method: without --method, the one curl sends.
                let report = MatchRoutesReport(
                    table: table, url: url, method: method ?? "GET", host: host, explain: explain)
                print(json ? report.json(table) : report.text(table))
                if report.winner == nil { matched = false }
            }
            if !matched { throw ExitCode(1) }
        }
    }
}

extension URLRouterCommand {
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Find refused, duplicate, never-winning and order-decided routes in route files and OpenAPI documents.",
            discussion: """
                Reads 'METHOD /pattern' files and JSON route tables (as match --routes does) and prints \
                'file:line:column: error|warning: message' per finding: a line or pattern the router \
                refuses; an exact duplicate (same pattern, host, method and variant), or a pattern that an \
                earlier route's optional-segment expansion equals; a route that never wins, because every URL \
                it matches (on each kind of host its host pattern takes) goes to a \
                route ranked above (decided exactly without constraint regexes and in-segment patterns; with \
                them, 'possibly', from sampled URLs), with an example URL; two routes only the registration \
                order decides between, with an example URL. Exits 1 when there is an error.

                An OpenAPI document (3.0, 3.1 or 3.2; a .yaml or .yml file, or JSON with an 'openapi' \
                field) is linted as the OpenAPI transports route it: the same findings for its operations, \
                named by operationId, and also templates a transport cannot serve or registers escaped, \
                operations that overlap where routers disagree and precedence decides ('/{name}' beside \
                '/{name}.zip', '/{a}/b' beside '/a/{b}'), and servers whose base paths differ.
                """)

        @Argument(help: "Route files ('METHOD /pattern' lines, or JSON route tables) or OpenAPI documents.")
        var files: [String]

        @Option(name: .long, help: "Router options as a fixture's options object, e.g. '{\"caseInsensitive\": true}'.")
        var options: String?

        @Option(
            name: .long,
            help:
                "The trailing-slash policy to route under: ignore (the default), redirect or strict (overrides --options)."
        )
        var trailingSlash: String?

        @Flag(name: .long, help: "Print one JSON array of findings.")
        var json = false

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("give at least one route file") }
        }

        func run() throws {
            var routerOptions = try options.map { try FixtureSuite.options(json: $0) } ?? RouterOptions()
            if let trailingSlash {
                guard let policy = RouterOptions.TrailingSlash(name: trailingSlash) else {
                    throw ValidationError("--trailing-slash: '\(trailingSlash)' is not ignore, redirect or strict")
                }
                routerOptions.trailingSlash = policy
            }
            var findings: [LintDiagnostic] = []
            for path in files {
                if OpenAPIDocument.isOpenAPI(path: path) {
                    do {
                        let document = try OpenAPIDocument(contentsOf: path)
                        findings += OpenAPILinter(document: document, options: routerOptions).diagnostics()
                    } catch {
                        findings.append(
                            LintDiagnostic(
                                file: error.file, line: error.line, column: error.column, severity: .error,
                                message: error.message))
                    }
                    continue
                }
                do {
                    let file = try RouteFile.lenient(contentsOf: path)
                    let table = RouteFileTable(file: file, options: routerOptions, backend: .default)
                    findings += RouteLinter(table: table).diagnostics()
                } catch {
                    findings += error.problems.map { problem in
                        let place = problem.place ?? RouteFile.Problem(file: path, line: 0, message: "\(problem.error)")
                        return LintDiagnostic(
                            file: place.file, line: place.line, column: place.column, severity: .error,
                            message: place.message)
                    }
                }
            }
            if json {
                let data = try JSONSerialization.data(
                    withJSONObject: findings.map(\.jsonObject), options: [.sortedKeys, .withoutEscapingSlashes])
                print(String(decoding: data, as: UTF8.self))
            } else {
                for finding in findings { print(finding.text) }
                let errors = findings.filter { $0.severity == .error }.count
                print(
                    "\(errors) error\(errors == 1 ? "" : "s"), \(findings.count - errors) warning\(findings.count - errors == 1 ? "" : "s")"
                )
            }
            if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
        }
    }
}

extension URLRouterCommand {
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what serving one route file instead of another changes, before a reload does it.",
            discussion: """
                Reads two route files (as match --routes does) and prints the routes and rewrite rules \
                added ('+') and removed ('-'), then each request whose answer changes: another winning \
                route, other parameters, or a miss for another reason, as 'METHOD URL: old -> new'. \
                The requests are those of --requests FILE ('METHOD /path' per line, as bench reads), or \
                one example URL made from each route of either file. Exits 0 when nothing changes, 1 \
                when something does, 2 when a file cannot be read or holds a route the router refuses.

                Two OpenAPI documents (as lint reads them) are compared by operation: the operations \
                added ('+'), removed ('-') and changed ('~': the same operationId at another method or \
                template), then each request that reaches another operation, or none, as \
                'METHOD URL: oldOperation -> newOperation'.
                """)

        @Argument(help: "The route file (or OpenAPI document) serving now.")
        var old: String

        @Argument(help: "The route file (or OpenAPI document) that would replace it.")
        var new: String

        @Option(name: .long, help: "Requests to compare, 'METHOD /path' per line (default: an example of each route).")
        var requests: String?

        @Option(name: .long, help: "Router options as a fixture's options object, e.g. '{\"caseInsensitive\": true}'.")
        var options: String?

        @OptionGroup var backendOption: BackendOption

        @Flag(name: .long, help: "Print one JSON object.")
        var json = false

        func run() throws {
            let routerOptions = try options.map { try FixtureSuite.options(json: $0) } ?? RouterOptions()
            let backend = try backendOption.resolve(absent: [.default])[0]
            var problems: [String] = []
            func table(_ path: String) -> RouteFileTable? {
                do {
                    let table = RouteFileTable(
                        file: try RouteFile.lenient(contentsOf: path), options: routerOptions, backend: backend)
                    problems += table.file.lineProblems.map {
                        "\($0.file):\($0.line):\($0.column): error: \($0.message)"
                    }
                    problems += table.refusalDiagnostics
                    return table
                } catch {
                    problems += error.problems.map {
                        "\($0.place?.file ?? path): error: \($0.place?.message ?? "\($0.error)")"
                    }
                    return nil
                }
            }
            var asked: [(method: String, url: String)]?
            if let requests {
                do {
                    asked = try RouteSet.lines(inFile: requests).map { ($0.line.method, $0.line.path) }
                } catch {
                    problems.append("\(error)")
                }
            }
            switch (OpenAPIDocument.isOpenAPI(path: old), OpenAPIDocument.isOpenAPI(path: new)) {
            case (true, true):
                return try diffDocuments(routerOptions, asked, problems)
            case (true, false), (false, true):
                printToStandardError([
                    "compare two OpenAPI documents, or two route files: \(old) and \(new) are one of each"
                ])
                throw ExitCode(2)
            case (false, false): break
            }
            let oldTable = table(old)
            let newTable = table(new)
            guard problems.isEmpty, let oldTable, let newTable else {
                printToStandardError(problems)
                throw ExitCode(2)
            }
            let diff = RouteFileDiff(old: oldTable, new: newTable, requests: asked)
            print(json ? diff.json : diff.text)
            if !diff.isEmpty { throw ExitCode(1) }
        }

        /// `diff` of two OpenAPI documents (``OpenAPIDiff``).
        func diffDocuments(
            _ options: RouterOptions, _ asked: [(method: String, url: String)]?, _ problems: [String]
        ) throws {
            var problems = problems
            func document(_ path: String) -> OpenAPIDocument? {
                do {
                    return try OpenAPIDocument(contentsOf: path)
                } catch {
                    problems.append("\(error.file):\(error.line):\(error.column): error: \(error.message)")
                    return nil
                }
            }
            let oldDocument = document(old)
            let newDocument = document(new)
            guard problems.isEmpty, let oldDocument, let newDocument else {
                printToStandardError(problems)
                throw ExitCode(2)
            }
            let diff = OpenAPIDiff(old: oldDocument, new: newDocument, options: options, requests: asked)
            print(json ? diff.json : diff.text)
            if !diff.isEmpty { throw ExitCode(1) }
        }
    }
}

/// Prints `lines` to standard error, where a command's diagnostics go.
func printToStandardError(_ lines: [String]) {
    FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
}

extension URLRouterCommand {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time full lookups (match and params) on a route set, per backend.",
            discussion: """
                Route files hold 'METHOD /path/:param' per line; request files 'METHOD /path' per line, \
                request i best matched by route i (checked, and wrong answers reported). Benchmarks/Routes \
                holds real and synthetic route sets with their requests. Each backend runs in its own process, so \
                its peak RSS is its own. The PCRE2 backend's runs also replay, alone, the PCRE2 calls its \
                lookups made (the bare calls), and those calls plus a match object and Substring \
                parameters (the floor), so lookups are compared with both in the same runs.
                """)

        @Option(name: .long, help: "A route file (METHOD /path/:param per line).")
        var routes: String?

        @Option(name: .long, help: "The matching request file (METHOD /path per line).")
        var requests: String?

        @Option(
            name: .long,
            help: """
                Instead of files, a generated table of this many routes. Repeat it to time several \
                tables side by side (each run times every table in turn).
                """)
        var synthetic: [Int] = []

        @OptionGroup var backendOption: BackendOption

        @Option(name: .long, help: "Timed runs; the median is reported (at least 11).")
        var runs: Int = 11

        @Option(name: .long, help: "The least duration of one run, in milliseconds (at least 100).")
        var minRunMs: Int = 100

        @Option(
            name: .long,
            help: """
                Also time Router.match on one thread and from this many threads at once, in the same \
                runs (lookups through the router, which take its snapshot; 1: not timed).
                """)
        var threads: Int = 1

        @Flag(name: .long, help: "Print one JSON object per backend and route set, one per line.")
        var json = false

        @Flag(
            name: .long,
            help: """
                Instead, the worst lookups hostile tables and URLs (up to maxURLLength) can provoke, per \
                shape and backend: the slowest lookup's time and answer.
                """)
        var hostile = false

        func validate() throws {
            if hostile {
                guard routes == nil, requests == nil, synthetic.isEmpty, threads == 1 else {
                    throw ValidationError("--hostile takes no route set and no --threads")
                }
                return
            }
            guard (routes != nil && requests != nil) != !synthetic.isEmpty,
                (routes == nil) == (requests == nil)
            else {
                throw ValidationError("give --routes and --requests, or --synthetic N (one or more)")
            }
            guard runs >= 11 else { throw ValidationError("--runs must be at least 11") }
            guard minRunMs >= 100 else { throw ValidationError("--min-run-ms must be at least 100") }
            guard (1...256).contains(threads) else { throw ValidationError("--threads must be from 1 to 256") }
            if synthetic.contains(where: { $0 < 1 }) { throw ValidationError("--synthetic must be positive") }
        }

        func run() throws {
            let backends = try backendOption.resolve()
            if hostile {
                let results = HostileBench(repeats: 3).run(backends: backends)
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = .sortedKeys
                    for result in results { print(String(decoding: try encoder.encode(result), as: UTF8.self)) }
                } else {
                    print(HostileBench.table(results))
                }
                return
            }
            var results: [BenchmarkResult] = []
            if backends.count > 1 {
                for backend in backends { results += try runChild(backend: backend.name) }
            } else {
                var sets = synthetic.map { RouteSet.synthetic($0) }
                if let routes, let requests {
                    sets.append(try RouteSet(routesFile: routes, requestsFile: requests))
                }
                let progress = ProgressLine.standardError
                var report: (@Sendable (String) -> Void)?
                if let progress { report = { progress.show($0) } }
                let runner = BenchmarkRunner(
                    runs: runs, minimumRunTime: .milliseconds(minRunMs), threads: threads,
                    mallocCount: {
                        let count = urlrouter_thread_malloc_count()
                        return count < 0 ? nil : count
                    },
                    heapBytes: {
                        let bytes = urlrouter_heap_bytes_in_use()
                        return bytes < 0 ? nil : bytes
                    }, progress: report)
                defer { progress?.clear() }
                results += try runner.measure(sets, backend: backends[0])
            }
            if json {
                for result in results { print(result.jsonLine) }
            } else {
                print(BenchmarkResult.table(results))
            }
            if results.contains(where: { $0.wrongAnswers > 0 }) { throw ExitCode(1) }
        }

        /// Runs this command again for one backend in a fresh process, for an honest peak RSS.
        func runChild(backend: String) throws -> [BenchmarkResult] {
            var arguments = [
                "bench", "--backend", backend, "--json", "--runs", "\(runs)", "--min-run-ms", "\(minRunMs)",
                "--threads", "\(threads)",
            ]
            for size in synthetic { arguments += ["--synthetic", "\(size)"] }
            if let routes, let requests { arguments += ["--routes", routes, "--requests", requests] }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let decoder = JSONDecoder()
            let results = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
                try? decoder.decode(BenchmarkResult.self, from: Data($0.utf8))
            }
            guard !results.isEmpty else {
                throw ValidationError("the \(backend) benchmark failed (exit \(process.terminationStatus))")
            }
            return results
        }
    }

    struct Backends: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List this build's backends, the PCRE2 version and whether its JIT is active.")

        func run() throws {
            for backend in RouterBackend.available {
                var line = backend.name
                if backend.name == "pcre2" {
                    let router = Router(backend: backend)
                    try router.register("/probe/:id") { _ in }
                    try router.addRewriteRule("^probe:", target: "/probe/1")
                    let table = router.table
                    let routesJIT = table.routePatternFacts?.isJITCompiled ?? false
                    let rulesJIT = table.rulePatternFacts?.isJITCompiled ?? false
                    line +=
                        ": PCRE2 \(RouterBackend.pcre2Version ?? "?"), JIT \(RouterBackend.pcre2JITAvailable ? "available" : "unavailable")"
                    line += ", route patterns JIT-compiled: \(routesJIT), rewrite patterns JIT-compiled: \(rulesJIT)"
                } else {
                    line += ": Swift matching, NSRegularExpression (ICU) for constraints and rewrite rules"
                }
                print(line)
            }
        }
    }
}
