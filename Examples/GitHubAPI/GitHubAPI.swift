#if Hummingbird
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import URLRouter
import URLRouterHummingbird

/// Serves every route of a route file on 127.0.0.1; each answers JSON with its method, pattern and
/// parameters. With `--watch`, the file is reloaded while the server runs, when it changes and on
/// SIGHUP, and each outcome is one line of output. Stops on SIGINT or SIGTERM, after the requests
/// in flight.
@main
struct GitHubAPI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The GitHub REST API's routes, served by Hummingbird 2 with URLRouter.")

    @Option(help: "The port on 127.0.0.1.")
    var port: Int = 8080

    @Option(
        help: """
            A route file: `METHOD /path` per line, optionally followed by the handler `route` \
            (default: the repository's GitHub API routes).
            """)
    var routes: String = GitHubAPI.bundledRoutes

    @Flag(help: "Reload the route file when it changes and on SIGHUP, writing one line per outcome.")
    var watch = false

    @Option(help: "With --watch: how often the route file is looked at, in milliseconds.")
    var pollMs: Int = 250

    func validate() throws {
        guard pollMs > 0 else { throw ValidationError("--poll-ms must be at least 1") }
    }

    /// `Benchmarks/Routes/github-api.txt` of the clone this example was built from.
    static var bundledRoutes: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Routes/github-api.txt").path
    }

    func run() async throws {
        let router = URLRouterBuilder()
        router.answersMethodNotAllowed = true
        var services: [any Service] = []
        // Every route of the file answers with the one handler, `route`.
        router.handler("route") { request, context in
            RouteAnswer(method: request.method.rawValue, pattern: context.endpointPath ?? "", context: context)
        }
        let watcher = try router.routeFile(
            routes, defaultHandler: "route", pollInterval: .milliseconds(pollMs),
            logger: Logger(label: "GitHubAPI", factory: { _ in SwiftLogNoOpLogHandler() }),
            onOutcome: Self.say)
        Self.say(watcher.table.lastOutcome)
        // Without --watch the file's first table serves until the server stops.
        if watch { services.append(watcher) }
        try router.validate()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "GitHubAPI"),
            services: services)
        try await app.runService()
    }

    /// Writes `outcome` as one line of output: `route table v3: 204 routes from routes.txt`.
    @Sendable static func say(_ outcome: ReloadOutcome) {
        FileHandle.standardOutput.write(Data((outcome.description + "\n").utf8))
    }
}
#else
#if canImport(Glibc)
import Glibc
#endif

/// Without the `Hummingbird` trait there is no server to run: say how to build it.
@main
enum GitHubAPI {
    static func main() {
        print("GitHubAPI needs the Hummingbird trait: swift run --traits Hummingbird GitHubAPI")
        exit(2)
    }
}
#endif
