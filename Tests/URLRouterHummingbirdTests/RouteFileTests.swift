#if Hummingbird
import Foundation
import ReloadTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHummingbird

/// A route file served by the builder: named handlers, routes in code beside it, middleware, the
/// router's own answers, and reloads while the server runs.
@Suite struct RouteFileTests {
    /// Adds a header to every answer, misses included.
    struct MarkMiddleware<Context: RequestContext>: RouterMiddleware {
        func handle(
            _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
        ) async throws -> Response {
            var response: Response
            do {
                response = try await next(request, context)
            } catch let error as HTTPError {
                response = try error.response(from: request, context: context)
            }
            response.headers[HTTPField.Name("X-Mark")!] = "marked"
            return response
        }
    }

    /// A router with middleware, a route in code and three named handlers.
    static func router() -> URLRouterBuilder<BasicRequestContext> {
        let router = URLRouterBuilder()
        router.answersMethodNotAllowed = true
        router.add(middleware: MarkMiddleware())
        router.get("/health") { _, _ in "ok" }
        router.handler("showUser") { _, context in
            "user \(context.parameters.get("id") ?? "-") at \(context.endpointPath ?? "-")"
        }
        router.handler("listUsers") { _, _ in "users" }
        router.handler("showOrder") { _, context in "order \(context.parameters.get("id") ?? "-")" }
        return router
    }

    @Test func aRouteFileServesNamedHandlersBesideRoutesInCodeAndReloads() async throws {
        let path = try RouteFiles.write("GET /users listUsers\nGET /users/:id showUser\nDELETE /users/:id showUser\n")
        let router = Self.router()
        let outcomes = ReloadOutcomes()
        let watcher = try router.routeFile(
            path, pollInterval: .milliseconds(20), reloadsOnHangup: false, onOutcome: { outcomes.append($0) })
        try router.validate()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), services: [watcher])
        try await app.test(.live) { client in
            let user = try await fetch(client, "/users/7")
            #expect(user.body == "user 7 at /users/:id")
            let marked = try await client.execute(uri: "/users/7", method: .get) {
                $0.headers[HTTPField.Name("X-Mark")!]
            }
            #expect(marked == "marked")
            #expect(try await fetch(client, "/health").body == "ok")
            // The router's own answers, as for routes in code.
            let put = try await fetch(client, "/users/7", .put)
            #expect(put.status == 405)
            #expect(put.allow == "DELETE, GET, HEAD")
            let options = try await fetch(client, "/users/7", .options)
            #expect(options.status == 204)
            let head = try await fetch(client, "/users/7", .head)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            let missing = try await client.execute(uri: "/orders/1", method: .get) {
                (Int($0.status.code), $0.headers[HTTPField.Name("X-Mark")!])
            }
            #expect(missing.0 == 404)
            #expect(missing.1 == "marked")

            // A new table: its route answers once it lands; a route removed no longer does.
            try RouteFiles.replace(path, with: "GET /users/:id showUser\nGET /orders/:id showOrder\n")
            #expect(try await outcomes.wait(for: 1).map(\.kind) == [.success])
            #expect(try await fetch(client, "/orders/12").body == "order 12")
            #expect(try await fetch(client, "/users").status == 404)
            #expect(try await fetch(client, "/health").body == "ok")

            // A table naming a handler the server lacks is rejected; the last good one serves on.
            try RouteFiles.replace(path, with: "GET /users/:id showUser\nGET /orders/:id nosuchHandler\n")
            let rejected = try await outcomes.wait(for: 2)
            #expect(rejected.last?.kind == .rejected)
            #expect(rejected.last?.problems.map(\.place?.line) == [2])
            #expect(try await fetch(client, "/orders/12").body == "order 12")
            #expect(watcher.table.version == 2)
        }
    }

    /// With a trial policy, a changed file goes on trial beside the serving table, which answers
    /// until the policy has seen enough sampled requests: too many changed answers discard the
    /// candidate, and the next one, which changes none, is promoted.
    @Test func aChangedFileGoesOnTrialAndThePolicyDecides() async throws {
        let path = try RouteFiles.write("GET /users listUsers\nGET /users/:id showUser\n")
        let router = Self.router()
        let routes = try router.routeFile(
            path, pollInterval: .milliseconds(20), reloadsOnHangup: false,
            trial: TrialPolicy(sampleEvery: 1, decideAfter: 3, promoteAtMostChanged: 0.4))
        try router.validate()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), services: [routes])
        try await app.test(.live) { client in
            // A candidate that drops `/users`: two of three sampled requests change; discarded.
            try RouteFiles.replace(path, with: "GET /users/:id showUser\n")
            try await Patience.wait { routes.table.trialReport != nil }
            #expect(try await fetch(client, "/users").body == "users")
            #expect(try await fetch(client, "/users").body == "users")
            #expect(try await fetch(client, "/users/7").body == "user 7 at /users/:id")
            let discarded = routes.table.trialReport
            #expect(discarded?.ending == .discarded)
            #expect(discarded?.changed == 2)
            #expect(discarded?.examples.first?.description == "GET localhost /users: GET /users -> noMatch")
            #expect(try await fetch(client, "/users").body == "users")
            #expect(routes.table.version == 1)

            // A candidate that adds `/orders/:id`: no sampled request changes; promoted.
            try RouteFiles.replace(
                path, with: "GET /users listUsers\nGET /users/:id showUser\nGET /orders/:id showOrder\n")
            try await Patience.wait { routes.table.trialReport?.ending == nil }
            for _ in 0..<3 { #expect(try await fetch(client, "/users").body == "users") }
            #expect(routes.table.trialReport?.ending == .promoted(version: 2))
            #expect(try await fetch(client, "/orders/12").body == "order 12")
        }
    }

    @Test func aBadFileIsRefusedBeforeServingWithItsLines() throws {
        let router = Self.router()
        let path = try RouteFiles.write("GET /users listUsers\nGET /users/:id( showUser\nGET /a nosuch\nGET /b\n")
        let error = #expect(throws: RouteValidationError.self) { _ = try router.routeFile(path) }
        #expect(error?.problems.map(\.place?.line) == [3, 4])  // handlers first; patterns once every handler is known
        #expect(error?.problems.first?.description == "\(path):3:8: no handler named 'nosuch'")
        #expect(error?.problems.last?.place?.message == "the route names no handler, and one is needed")
        // With a default handler, a line without a name is served by it.
        let served = try RouteFiles.write("GET /users\n")
        #expect(try router.routeFile(served, defaultHandler: "listUsers").table.version == 1)
    }

    @Test func routesAndHandlersAddedAfterTheRouteFileAreReported() throws {
        let router = Self.router()
        _ = try router.routeFile(try RouteFiles.write("GET /users listUsers\n"))
        router.get("/late") { _, _ in "late" }
        router.handler("lateHandler") { _, _ in "late" }
        let error = #expect(throws: RouteValidationError.self) { try router.validate() }
        #expect(error?.problems.count == 2)
        #expect(error?.description.contains("GET /late") == true)
        #expect(error?.description.contains("handler lateHandler") == true)
        // A second route file is refused.
        #expect(throws: RouteValidationError.self) {
            _ = try router.routeFile(try RouteFiles.write("GET /x listUsers\n"))
        }
    }

    /// The method policy is the table's, decided once where the lookup matches the method: with
    /// HEAD through GET off (Hummingbird's default), a `GET` route in code does not answer `HEAD`,
    /// so the route file's route of any method does (a `HEAD` winner was once turned into a 404
    /// after the lookup).
    @Test func headIsAnsweredByARouteOfAnyMethodBelowAGETRouteOverLoopback() async throws {
        let router = URLRouterBuilder(context: BasicRequestContext.self)
        router.get("/a") { _, _ in "code" }
        router.handler("h") { _, _ in Response(status: .ok, headers: [HTTPField.Name("X-Handler")!: "h"]) }
        let routes = try router.routeFile(try RouteFiles.write(#"{"/a": "h"}"#))
        try router.validate()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), services: [routes])
        try await app.test(.live) { client in
            #expect(try await fetch(client, "/a").body == "code")
            let head = try await client.execute(uri: "/a", method: .head) {
                (Int($0.status.code), $0.headers[HTTPField.Name("X-Handler")!])
            }
            #expect(head.0 == 200)
            #expect(head.1 == "h")
            // Any other method reaches the file's route too.
            let delete = try await client.execute(uri: "/a", method: .delete) {
                $0.headers[HTTPField.Name("X-Handler")!]
            }
            #expect(delete == "h")
        }
        // With HEAD through GET on, the GET route in code answers HEAD, ranked above the file's.
        let through = URLRouterBuilder(context: BasicRequestContext.self)
        through.answersHeadWithGet = true
        through.get("/a") { _, _ in Response(status: .ok, headers: [HTTPField.Name("X-Handler")!: "code"]) }
        through.handler("h") { _, _ in Response(status: .ok, headers: [HTTPField.Name("X-Handler")!: "h"]) }
        let throughRoutes = try through.routeFile(try RouteFiles.write(#"{"/a": "h"}"#))
        try await Application(router: through, services: [throughRoutes]).test(.router) { client in
            let head = try await client.execute(uri: "/a", method: .head) { $0.headers[HTTPField.Name("X-Handler")!] }
            #expect(head == "code")
        }
    }

    @Test func aMethodPolicyChangedAfterTheRouteFileIsReported() throws {
        let router = Self.router()
        _ = try router.routeFile(try RouteFiles.write("GET /users listUsers\n"))
        router.answersHeadWithGet = true
        router.answersMethodNotAllowed = false
        let error = #expect(throws: RouteValidationError.self) { try router.validate() }
        #expect(error?.description.contains("answersMethodNotAllowed and answersHeadWithGet") == true)
    }

    /// The README's and the article's router, as written there.
    @Test func theDocumentationsRouter() async throws {
        let routesPath = try RouteFiles.write("GET /users/:id showUser\n")
        // Hummingbird: handlers by name; routes in code still serve beside the file's
        let router = URLRouterBuilder(context: BasicRequestContext.self)
        router.get("/health") { _, _ in "ok" }
        router.handler("showUser") { _, context in "user \(try context.parameters.require("id"))" }
        let routes = try router.routeFile(routesPath)  // read and checked now
        let app = Application(router: router, services: [routes])  // watched while the app runs

        #expect(routes.table.version == 1)
        try await app.test(.router) { client in
            let user = try await fetch(client, "/users/7")
            #expect(user.body == "user 7")
            let health = try await fetch(client, "/health")
            #expect(health.body == "ok")
        }
    }

}
#endif
