import ArgumentParser

/// Serves a route file on 127.0.0.1 with one of the four routers `Benchmarks/http/run` compares,
/// until SIGINT or SIGTERM.
@main
struct HTTPBenchServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a route file with Hummingbird's or Vapor's router, or URLRouter in either.")

    @Option(help: "hummingbird, urlrouter-hummingbird, vapor or urlrouter-vapor")
    var server: String

    @Option(help: "The port on 127.0.0.1.")
    var port: Int = 8080

    @Option(help: "A route file: one `METHOD /path` per line.")
    var routes: String

    func run() async throws {
        let routes = try BenchRoute.load(self.routes)
        switch server {
        case "hummingbird": try await HummingbirdServer.run(routes: routes, urlRouter: false, port: port)
        case "urlrouter-hummingbird": try await HummingbirdServer.run(routes: routes, urlRouter: true, port: port)
        case "vapor": try await VaporServer.run(routes: routes, urlRouter: false, port: port)
        case "urlrouter-vapor": try await VaporServer.run(routes: routes, urlRouter: true, port: port)
        default:
            throw ValidationError("--server: expected hummingbird, urlrouter-hummingbird, vapor or urlrouter-vapor, got \(server)")
        }
    }
}
