#if Vapor
import Synchronization
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import Vapor

/// The lifecycle of `.urlRouter(routeFile:)`: reads the route file when the application boots (a
/// bad file stops the boot with every problem), starts its ``URLRouter/RouteFileWatcher`` once the
/// application has booted, and cancels it at shutdown.
final class RouteFileBoot: LifecycleHandler {
    struct Settings: Sendable {
        let path: String
        let defaultHandler: String?
        let options: RouterOptions
        let backend: RouterBackend
        let answersMethodNotAllowed: Bool
        let pollInterval: Duration
        let reloadsOnHangup: Bool
        let trial: TrialPolicy?
        let onOutcome: @Sendable (ReloadOutcome) -> Void
    }

    let settings: Settings
    /// The responder and the watcher made at boot, and the watcher's task once started.
    let state = Mutex<(responder: URLRouterResponder, watcher: RouteFileWatcher<URLRouterResponder.Target>)?>(nil)
    let task = Mutex<Task<Void, Never>?>(nil)

    init(_ settings: Settings) { self.settings = settings }

    /// The application's boot, for ``Vapor/Application/routeFileTrial``.
    struct Key: StorageKey {
        typealias Value = RouteFileBoot
    }

    /// Reads the route file and compiles it beside the application's routes.
    ///
    /// - Throws: `RouteValidationError` with every problem of the file (and of the application's routes),
    ///   each with its line.
    func willBoot(_ application: Application) throws {
        let middleware = application.middleware.resolve()
        let handlers = application.routeFileHandlers.all
        let defaultHandler = settings.defaultHandler
        let value: @Sendable (RouteFile.Route) -> URLRouterResponder.Target? = { route in
            guard let name = route.handler ?? defaultHandler, let handler = handlers[name] else { return nil }
            let responder = middleware.makeResponder(chainingTo: AsyncBasicResponder(closure: handler))
            let path = route.pattern.split(separator: "/").map { PathComponent(stringLiteral: String($0)) }
            let vaporRoute = Route(
                method: HTTPMethod(rawValue: route.method ?? "ANY"), path: path, responder: responder,
                requestType: Request.self, responseType: Response.self)
            return URLRouterResponder.Target(route: vaporRoute, responder: responder, wantsRawParameters: false)
        }
        let table = try LiveRouteTable(
            contentsOf: settings.path,
            options: URLRouterResponder.options(
                settings.options, for: application.routes, answersMethodNotAllowed: settings.answersMethodNotAllowed),
            backend: settings.backend,
            fixedRoutes: URLRouterResponder.tableRoutes(application.routes.all, middleware: middleware),
            name: settings.path, logger: application.logger, valueOfRoute: value)
        let responder = URLRouterResponder(
            // A file may bring rewrite rules, which may read the query.
            serving: .live(table), middleware: middleware, readsQuery: true,
            reportMetrics: application.http.server.configuration.reportMetrics)
        let watcher = RouteFileWatcher(
            table: table, path: settings.path, pollInterval: settings.pollInterval,
            reloadsOnHangup: settings.reloadsOnHangup, trial: settings.trial, valueOfRoute: value,
            onOutcome: settings.onOutcome)
        state.withLock { $0 = (responder, watcher) }
    }

    /// Starts watching the file.
    func didBoot(_ application: Application) throws {
        guard let watcher = state.withLock({ $0?.watcher }) else { return }
        let started = Task { _ = try? await watcher.run() }
        task.withLock { $0 = started }
    }

    /// Stops watching the file.
    func shutdown(_ application: Application) {
        task.withLock { $0 }?.cancel()
    }

    /// Stops watching the file, and waits until the watcher has stopped.
    func shutdownAsync(_ application: Application) async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
    }

    /// The table made at boot; `nil` before the boot.
    var table: LiveRouteTable<URLRouterResponder.Target>? { state.withLock { $0?.watcher.table } }

    /// The responder made at boot; before the boot, one that answers 503.
    func responder(for application: Application) -> any Responder {
        state.withLock { $0?.responder } ?? NotBootedResponder()
    }
}

/// Answers every request 503 when the application serves before it has booted.
struct NotBootedResponder: Responder {
    func respond(to request: Request) -> EventLoopFuture<Response> {
        request.eventLoop.makeFailedFuture(Abort(.serviceUnavailable, reason: "the route file is not read yet"))
    }
}
#endif
