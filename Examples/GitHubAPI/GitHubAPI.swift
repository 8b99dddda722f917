#if Hummingbird
import ArgumentParser
import Foundation
import Hummingbird
import Logging
import URLRouterHummingbird

/// Serves every route of a route file on 127.0.0.1; each answers JSON with its method, pattern and
/// parameters. Stops on SIGINT or SIGTERM, after the requests in flight.
@main
struct GitHubAPI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The GitHub REST API's routes, served by Hummingbird 2 with URLRouter.")

    @Option(help: "The port on 127.0.0.1.")
    var port: Int = 8080

    @Option(help: "A route file, one `METHOD /path` per line (default: the repository's GitHub API routes).")
    var routes: String = GitHubAPI.bundledRoutes

    /// `Benchmarks/Routes/github-api.txt` of the clone this example was built from.
    static var bundledRoutes: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Routes/github-api.txt").path
    }

    func run() async throws {
        let router = URLRouterBuilder()
        router.answersMethodNotAllowed = true
        let count = try RouteFile(path: routes).register(on: router)
        try router.validate()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "GitHubAPI"))
        app.logger.info("\(count) routes from \(routes)")
        try await app.runService()
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
