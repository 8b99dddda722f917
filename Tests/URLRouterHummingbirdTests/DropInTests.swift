#if Hummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter
@testable import URLRouterHummingbird

/// What Hummingbird's own `Router` does and `URLRouterBuilder` must do the same after the
/// one-line switch: validation before serving, middleware around every answer, Hummingbird's
/// router options, the list of routes.
@Suite struct DropInTests {
    /// Answers with the endpoint path the context had when the router answered, also for a miss.
    struct EndpointRecorder<Context: RequestContext>: RouterMiddleware {
        func handle(_ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response)
            async throws
            -> Response
        {
            do {
                var response = try await next(request, context)
                response.headers[.endpoint] = context.endpointPath ?? "none"
                return response
            } catch let error as HTTPError {
                var response = try error.response(from: request, context: context)
                response.headers[.endpoint] = context.endpointPath ?? "none"
                return response
            }
        }
    }

    @Test func validateThrowsOnAMalformedPatternNamingItsMethodAndPath() throws {
        let router = URLRouterBuilder()
        router.get("/hello/:name") { _, context in context.parameters.get("name") ?? "" }
        router.group("/api").get("/items/:bad name") { _, _ in "" }
        let error = try #require(throws: RouteValidationError.self) { try router.validate() }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].isRefusal)
        #expect(error.problems[0].description.hasPrefix("GET /api/items/{bad name}: "))
        #expect(error.description.hasPrefix("URLRouter found 1 problem in the routes:"))
    }

    @Test func validateThrowsOnTwoRoutesThatDifferOnlyInParameterNames() throws {
        let router = URLRouterBuilder()
        router.get("/a/:id") { _, _ in "id" }
        router.get("/a/:name") { _, _ in "name" }
        let error = try #require(throws: RouteValidationError.self) { try router.validate() }
        #expect(
            error.problems.map(\.description) == [
                "GET /a/{name}: replaces GET /a/{id}, registered before it with the same pattern (parameter names aside), method and variant"
            ])
        #expect(!error.problems[0].isRefusal)
        // The same paths with different methods are two routes.
        let methods = URLRouterBuilder()
        methods.get("/a/:id") { _, _ in "id" }
        methods.put("/a/:name") { _, _ in "name" }
        try methods.validate()
    }

    @Test func validateNamesTheFileAndLineOfAnOnPatternRouteAndReportsRules() throws {
        let router = URLRouterBuilder()
        try router.on(pattern: "/orders/:id(\\d+)", method: .get) { _, _ in "first" }
        let line = #line + 1
        try router.on(pattern: "/orders/:number(\\d+)", method: .get) { _, _ in "second" }
        let error = try #require(throws: RouteValidationError.self) { try router.validate() }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].location == "URLRouterHummingbirdTests/DropInTests.swift:\(line)")
        #expect(error.description.contains("(URLRouterHummingbirdTests/DropInTests.swift:\(line))"))
        // A refused pattern or rule throws at once and is not added.
        #expect(throws: RouterError.self) { try router.on(pattern: "/bad/:id(", method: .get) { _, _ in "" } }
        #expect(throws: RouterError.self) { try router.addRewriteRule("^/(", target: "/x") }
        #expect(router.routes.count == 2)
    }

    @Test func releaseBuildsLeaveOutTheRefusedRoutesAndServeTheRest() async throws {
        let router = URLRouterBuilder()
        router.get("/hello/:name") { _, context in "hello \(context.parameters.get("name") ?? "")" }
        router.get("/broken/:a b") { _, _ in "never" }
        router.get("/a/:id") { _, _ in "id" }
        router.get("/a/:name") { _, context in "name \(context.parameters.get("name") ?? "")" }
        let responder = router.buildResponder(stoppingOnProblems: false)
        let app = Application(responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.router) { client in
            let hello = try await fetch(client, "/hello/world")
            #expect(hello.body == "hello world")
            let broken = try await fetch(client, "/broken/x")
            #expect(broken.status == 404)
            let replaced = try await fetch(client, "/a/7")
            #expect(replaced.body == "name 7")
        }
    }

    @Test func aCORSPreflightIsAnsweredByTheRoutersMiddleware() async throws {
        let router = URLRouterBuilder()
        router.answersMethodNotAllowed = true
        router.add(middleware: CORSMiddleware(allowOrigin: .originBased, allowMethods: [.get, .post]))
        router.get("/hello") { _, _ in "hello" }
        let app = Application(router: router)
        try await app.test(.router) { client in
            try await client.execute(
                uri: "/hello", method: .options,
                headers: [.origin: "https://example.com", .accessControlRequestMethod: "GET"]
            ) { response in
                #expect(response.status == .noContent || response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == "https://example.com")
                #expect(response.headers[.accessControlAllowMethods] != nil)
            }
            // Without an Origin the router's own OPTIONS answer lists the methods.
            try await client.execute(uri: "/hello", method: .options) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.allow] == "GET, HEAD, OPTIONS")
            }
        }
    }

    @Test func everyMissPassesThroughTheMiddlewareWithTheEndpointPathNotFound() async throws {
        let responders = [
            AnyResponder(Router().withRecorder().buildResponder()),
            AnyResponder(URLRouterBuilder().withRecorder().buildResponder()),
        ]
        for responder in responders {
            let app = Application(responder: responder)
            try await app.test(.router) { client in
                try await client.execute(uri: "/nowhere", method: .get) { response in
                    #expect(response.status == .notFound)
                    #expect(response.headers[.endpoint] == "NotFound")
                }
                try await client.execute(uri: "/users/3", method: .get) { response in
                    #expect(response.headers[.endpoint] == "/users/{id}")
                }
            }
        }
        let router = URLRouterBuilder().withRecorder()
        router.answersMethodNotAllowed = true
        let app = Application(responder: router.buildResponder())
        try await app.test(.router) { client in
            try await client.execute(uri: "/users/3", method: .patch) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.endpoint] == "NotFound")
                #expect(response.headers[.allow] == "GET, HEAD")
            }
        }
    }

    @Test func hummingbirdsRouterOptionsAreAccepted() async throws {
        let router = URLRouterBuilder(options: [.caseInsensitive, .autoGenerateHeadEndpoints])
        router.get("Uppercased") { _, _ in HTTPResponse.Status.ok }
        router.get("{test}cased") { _, context in try context.parameters.require("test") }
        router.get("nohead") { _, _ in "TestString" }
        let app = Application(responder: router.buildResponder())
        try await app.test(.router) { client in
            try await client.execute(uri: "/UPPERCASED", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/thisCased", method: .get) { response in
                #expect(String(buffer: response.body) == "this")
            }
            try await client.execute(uri: "/nohead", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLength] == "10")
            }
        }
        let sensitive = URLRouterBuilder(options: [])
        sensitive.get("Uppercased") { _, _ in HTTPResponse.Status.ok }
        sensitive.post("post") { _, _ in HTTPResponse.Status.ok }
        try await Application(responder: sensitive.buildResponder()).test(.router) { client in
            try await client.execute(uri: "/uppercased", method: .get) { response in
                #expect(response.status == .notFound)
            }
            // Without `.autoGenerateHeadEndpoints` a GET route does not answer HEAD, and a path
            // only routes of other methods take is not found, as in Hummingbird.
            try await client.execute(uri: "/Uppercased", method: .head) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/post", method: .head) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func routesListsEveryRouteInTheOrderOfHummingbirdsRouter() {
        func register<R: RouterMethods>(_ router: R) where R.Context == BasicRequestContext {
            router.get("test") { _, _ in "" }
            router.get("test/this") { _, _ in "" }
            router.put("test") { _, _ in "" }
            router.post("{test}/{what}") { _, _ in "" }
            router.get("wildcard/*/*") { _, _ in "" }
            router.get("recursive_wildcard/**") { _, _ in "" }
            router.patch("/test/longer/path/name") { _, _ in "" }
            router.group("api").get("status") { _, _ in "" }
        }
        let theirs = Router()
        register(theirs)
        let ours = URLRouterBuilder()
        register(ours)
        #expect(ours.routes.map(\.description) == theirs.routes.map(\.description))
        #expect(ours.routes.count == 8)
        #expect(ours.routes[0].description == "GET /test")
    }
}

extension RouterMethods where Context == BasicRequestContext {
    /// The router with ``DropInTests/EndpointRecorder`` and one route.
    func withRecorder() -> Self {
        _ = add(middleware: DropInTests.EndpointRecorder())
        get("/users/:id") { _, _ in "user" }
        return self
    }
}

extension HTTPField.Name {
    static let endpoint = Self("X-Endpoint")!
}

/// An app that names its router's type (as every `hb init` app does) switches with the README's
/// one line; here in a namespace of its own, where an app has it at its module's top level.
enum AppThatNamesItsRouter {
    typealias Router<Context: RequestContext> = URLRouterBuilder<Context>

    /// A controller's routes, added to any context's router.
    static func addRoutes(to router: Router<some RequestContext>) {
        router.get("/todos/:id") { _, context in context.parameters.get("id") ?? "" }
    }

    /// The app's router, by its type's name.
    static func buildRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        addRoutes(to: router)
        return router
    }
}

@Suite struct AppThatNamesItsRouterTests {
    @Test func theTypealiasMakesTheAppsRouterAURLRouterBuilder() async throws {
        let router: URLRouterBuilder<BasicRequestContext> = AppThatNamesItsRouter.buildRouter()
        try await Application(router: router).test(.router) { client in
            let body = try await client.execute(uri: "/todos/7", method: .get) { String(buffer: $0.body) }
            #expect(body == "7")
        }
    }
}
#endif
