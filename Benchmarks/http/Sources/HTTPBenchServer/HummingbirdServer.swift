import Hummingbird
import URLRouterHummingbird

/// The routes behind Hummingbird's own `Router`, or behind URLRouter's builder: the same calls.
enum HummingbirdServer {
    static func run(routes: [BenchRoute], urlRouter: Bool, port: Int) async throws {
        let configuration = ApplicationConfiguration(address: .hostname("127.0.0.1", port: port))
        if urlRouter {
            let router = URLRouterBuilder()
            try add(routes, to: router)
            try await Application(router: router, configuration: configuration).runService()
        } else {
            let router = Router()
            try add(routes, to: router)
            try await Application(router: router, configuration: configuration).runService()
        }
    }

    static func add<Router: RouterMethods>(_ routes: [BenchRoute], to router: Router)
    throws where Router.Context == BasicRequestContext {
        for route in routes {
            guard let method = HTTPRequest.Method(route.method) else {
                throw BenchError("not an HTTP method: \(route.method.debugDescription)")
            }
            router.on(RouterPath(route.path), method: method) { _, context in
                route.answer { context.parameters.get($0) }
            }
        }
    }
}
