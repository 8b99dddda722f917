import ArgumentParser
import Foundation
import URLRouter
import URLRouterConformance

@main
struct URLRouterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "urlrouter",
        abstract: "Check URLRouter against fixture suites and try lookups.",
        version: "0.1.0",
        subcommands: [Check.self, Match.self],
        defaultSubcommand: Check.self)
}

struct BackendOption: ParsableArguments {
    @Option(name: .long, help: "pcre2, foundation or both (every backend this build has).")
    var backend: String = "both"

    init() {}

    init(backend: String) {
        self.backend = backend
    }

    func resolve() throws -> [RouterBackend] {
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
            abstract: "Run fixture suites (../shared/FIXTURES.md) on each backend.",
            discussion: """
                Prints PASS or FAIL per suite, each failing case with what every backend returned, and \
                'N passed, N failed' last. Exits 0 only when nothing failed and at least one case ran.
                """)

        @OptionGroup var backendOption: BackendOption

        @Option(name: .long, help: "Run only suites whose name contains this.")
        var filter: String?

        @Flag(name: .long, help: "Print a machine-readable JSON report.")
        var json = false

        @Argument(help: "Fixture files, or folders searched recursively for *.json.")
        var paths: [String]

        func validate() throws {
            guard !paths.isEmpty else { throw ValidationError("give at least one fixture file or folder") }
        }

        func run() throws {
            let report = ConformanceCheck(paths: paths, backends: try backendOption.resolve(), filter: filter).run()
            print(json ? report.json : report.text)
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }
    }

    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load a fixture's routes, rules and options, and look one URL up.")

        @Option(name: .long, help: "The fixture file whose routes, rewrite rules and options to load.")
        var fixture: String

        @Argument(help: "The URL to look up.")
        var url: String

        @Option(name: .long, help: "The request's HTTP method.")
        var method: String?

        @Option(name: .long, help: "Acceptable variants, in preference order, separated by commas.")
        var variants: String?

        @Option(name: .long, help: "The entry point: action, object or callback.")
        var kind: String = "action"

        @Option(name: .long, help: "pcre2, foundation or both; the build's default backend if absent.")
        var backend: String?

        @Flag(name: .long, help: "Print JSON, one object per backend.")
        var json = false

        func run() throws {
            guard let routeKind = RouteKind(rawValue: kind) else {
                throw ValidationError("--kind must be action, object or callback")
            }
            let backends = try backend.map { try BackendOption(backend: $0).resolve() } ?? [.default]
            let suite: FixtureSuite
            do {
                suite = try FixtureSuite(contentsOf: fixture)
            } catch {
                throw ValidationError(error.description)
            }
            let variantList = variants.map { $0.split(separator: ",").map(String.init) } ?? []
            var matched = true
            for backend in backends {
                let report: MatchCommandReport
                do {
                    report = try MatchCommandReport(
                        fixture: suite, backend: backend, url: url, method: method, variants: variantList, kind: routeKind)
                } catch {
                    throw ValidationError(error.description)
                }
                print(json ? report.json : report.text)
                if report.observation.route == nil { matched = false }
            }
            if !matched { throw ExitCode(1) }
        }
    }
}
