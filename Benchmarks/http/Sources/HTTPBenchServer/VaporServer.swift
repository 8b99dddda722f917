import URLRouterVapor
import Vapor

/// The routes behind Vapor's own responder, or behind URLRouter's: the same registrations, one
/// line apart.
enum VaporServer {
    static func run(routes: [BenchRoute], urlRouter: Bool, port: Int) async throws {
        let environment = Environment(
            name: "production", arguments: ["bench", "serve", "--hostname", "127.0.0.1", "--port", "\(port)"])
        let app = try await Application.make(environment)
        app.logger.logLevel = .warning
        if urlRouter { app.responder.use(.urlRouter) }
        for route in routes {
            app.on(HTTPMethod(rawValue: route.method), route.path.pathComponents) { request in
                route.answer { request.parameters.get($0) }
            }
        }
        do {
            try await app.execute()
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}
