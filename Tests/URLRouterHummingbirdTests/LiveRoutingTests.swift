#if Hummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHummingbird

/// The same routes registered on a router: Hummingbird's own and URLRouter's take this unchanged.
func addRoutes<Router: RouterMethods>(to router: Router) where Router.Context == BasicRequestContext {
    router.get("/users/:id") { _, context in "user \(try context.parameters.require("id", as: Int.self))" }
    router.get("/users/me") { _, _ in "me" }
    router.post("/users") { _, _ in "created" }
    router.delete("/users/:id") { _, context in "deleted \(context.parameters.get("id") ?? "")" }
    router.get("/files/**") { _, context in "file \(context.parameters.getCatchAll().joined(separator: "/"))" }
    router.get("/images/{name}.jpg") { _, context in "image \(context.parameters.get("name") ?? "")" }
    router.group("/api").get("/status") { _, _ in "ok" }
}

/// The status and body of `uri` on a running server.
func fetch(_ client: some TestClientProtocol, _ uri: String, _ method: HTTPRequest.Method = .get) async throws
    -> (status: Int, body: String, allow: String?)
{
    try await client.execute(uri: uri, method: method) { response in
        (Int(response.status.code), String(buffer: response.body), response.headers[.allow])
    }
}

@Suite struct LiveRoutingTests {
    /// Requests both routers can express, with the answers each must give.
    static let shared: [(String, HTTPRequest.Method, Int, String)] = [
        ("/users/42", .get, 200, "user 42"),
        ("/users/me", .get, 200, "me"),
        ("/users", .post, 200, "created"),
        ("/users/7", .delete, 200, "deleted 7"),
        ("/files/a/b/c.txt", .get, 200, "file a/b/c.txt"),
        ("/images/cat.jpg", .get, 200, "image cat"),
        ("/api/status", .get, 200, "ok"),
        ("/nowhere", .get, 404, ""),
        ("/users/42?x=1", .get, 200, "user 42"),
        // A path routes of other methods take: 404 from both, as Hummingbird's router answers;
        // HEAD only through `.autoGenerateHeadEndpoints`.
        ("/users/42", .put, 404, ""),
        ("/users/42", .options, 404, ""),
        ("/users/42", .head, 404, ""),
    ]

    @Test func sameAnswersAsHummingbirdsRouterOverRealSockets() async throws {
        let theirs = Router()
        addRoutes(to: theirs)
        let ours = URLRouterBuilder()
        addRoutes(to: ours)
        var answers: [[String]] = []
        for responder in [AnyResponder(theirs.buildResponder()), AnyResponder(ours.buildResponder())] {
            let app = Application(responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            let seen = try await app.test(.live) { client in
                var seen: [String] = []
                for (uri, method, status, body) in Self.shared {
                    let answer = try await fetch(client, uri, method)
                    #expect(answer.status == status, "\(method) \(uri)")
                    if status == 200 { #expect(answer.body == body, "\(method) \(uri)") }
                    seen.append("\(answer.status) \(status == 200 ? answer.body : "")")
                }
                return seen
            }
            answers.append(seen)
        }
        #expect(answers[0] == answers[1])
    }

    @Test func methodNotAllowedListsTheMethodsAndOptionsAndHeadAnswerFromTheTable() async throws {
        let router = URLRouterBuilder()
        router.answersMethodNotAllowed = true
        addRoutes(to: router)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let put = try await fetch(client, "/users/42", .put)
            #expect(put.status == 405)
            #expect(put.allow == "DELETE, GET, HEAD")
            let options = try await fetch(client, "/users/42", .options)
            #expect(options.status == 204)
            #expect(options.allow == "DELETE, GET, HEAD, OPTIONS")
            let head = try await fetch(client, "/users/42", .head)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
        }
    }

    @Test func urlRouterSyntaxPrecedenceRewriteAndBadURLs() async throws {
        var options = URLRouterBuilder<BasicRequestContext>.hummingbirdOptions
        options.maxURLLength = 64
        let router = URLRouterBuilder(options: options)
        addRoutes(to: router)
        try router.on(pattern: "/orders/:id(\\d+)", method: .get) { _, context in
            "order \(context.parameters.get("id") ?? "")"
        }
        try router.on(pattern: "/orders/:slug", method: .get) { _, context in
            "slug \(context.parameters.get("slug") ?? "")"
        }
        try router.addRewriteRule("^/u/(\\d+)$", target: "/users/$1")
        #expect(throws: RouterError.self) { _ = try router.on(pattern: "/bad/:id(", method: .get, use: { _, _ in "" }) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let answer1 = try await fetch(client, "/orders/12")
            #expect(answer1.body == "order 12")
            let answer2 = try await fetch(client, "/orders/latest")
            #expect(answer2.body == "slug latest")
            let answer3 = try await fetch(client, "/u/5")
            #expect(answer3.body == "user 5")
            // A percent-encoded segment matches decoded; its parameter is the text as written, as
            // under Hummingbird's router.
            let answer4 = try await fetch(client, "/images/caf%C3%A9.jpg")
            #expect(answer4.body == "image caf%C3%A9")
            let answer5 = try await fetch(client, "/users/%zz")
            #expect(answer5.status == 400)
            let answer6 = try await fetch(client, "/files/" + String(repeating: "a", count: 80))
            #expect(answer6.status == 414)
        }
    }

    @Test func middlewareRunsAndTheEndpointPathIsThePattern() async throws {
        struct EndpointEcho<Context: RequestContext>: RouterMiddleware {
            func handle(
                _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
            ) async throws
                -> Response
            {
                var response = try await next(request, context)
                response.headers[HTTPField.Name("X-Endpoint")!] = context.endpointPath ?? "none"
                return response
            }
        }
        let router = URLRouterBuilder()
        router.add(middleware: EndpointEcho())
        addRoutes(to: router)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await client.execute(uri: "/users/9", method: .get) { response in
                #expect(response.headers[HTTPField.Name("X-Endpoint")!] == "/users/{id}")
            }
        }
    }
}

/// Either router's responder, as one type for the loop above.
struct AnyResponder: HTTPResponder {
    let wrapped: any HTTPResponder<BasicRequestContext>
    init(_ wrapped: any HTTPResponder<BasicRequestContext>) { self.wrapped = wrapped }
    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        try await wrapped.respond(to: request, context: context)
    }
}

/// The README's "Server integration" lines for Hummingbird 2, as written there.
// swift-format-ignore
func buildRouter() throws -> URLRouterBuilder<BasicRequestContext> {
    let router = URLRouterBuilder(context: BasicRequestContext.self)  // was: Router(context: …)
    router.get("/users/:id") { _, context in "user \(try context.parameters.require("id", as: Int.self))" }
    router.group("/api").get("/files/**") { _, context in context.parameters.getCatchAll().joined(separator: "/") }
    // URLRouter's own syntax (constraints, in-segment captures, priorities) through the pattern string:
    try router.on(pattern: "/orders/:id(\\d+)", method: .get) { _, context in "order \(context.parameters.get("id") ?? "")" }
    try router.addRewriteRule("^/u/(\\d+)$", target: "/users/$1")
    return router
}

@Suite struct ReadmeExampleTests {
    /// The README's router, served over a real socket.
    @Test func theReadmeExampleServes() async throws {
        var app = Application(router: try buildRouter())
        app.configuration = .init(address: .hostname("127.0.0.1", port: 0))
        try await app.test(.live) { client in
            let user = try await fetch(client, "/u/3")
            #expect(user.body == "user 3")
            let files = try await fetch(client, "/api/files/a/b")
            #expect(files.body == "a/b")
            let order = try await fetch(client, "/orders/8")
            #expect(order.body == "order 8")
            let notAnOrder = try await fetch(client, "/orders/x")
            #expect(notAnOrder.status == 404)
        }
    }
}
#endif
