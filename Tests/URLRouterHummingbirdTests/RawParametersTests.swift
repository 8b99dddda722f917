#if Hummingbird
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHummingbird

/// `context.parameters` and `getCatchAll()` hold what Hummingbird's own `Router` holds for the same
/// request: the path's text as written. Packages built on Hummingbird decode the values themselves
/// (the OpenAPI runtime decodes each once), so a value the router had decoded would be decoded twice
/// (`%252e%252e` would reach a handler as `..`).
@Suite struct RawParametersTests {
    /// Registers the same routes on either router: each answers with its parameters and catch-all.
    static func register<Router: RouterMethods>(on router: Router) where Router.Context == BasicRequestContext {
        @Sendable func describe(_ context: BasicRequestContext) -> String {
            // The catch-all is stored as a parameter too, under a key of Hummingbird's.
            let parameters = context.parameters.filter { !$0.key.hasPrefix(":") }.map { "\($0.key)=\($0.value)" }
                .sorted().joined(separator: "&")
            return parameters + " | " + context.parameters.getCatchAll().joined(separator: "/")
        }
        router.get("/greet/:name") { _, context in describe(context) }
        router.get("/files/{name}.zip") { _, context in describe(context) }
        router.get("/pair/:first/:second") { _, context in describe(context) }
        router.get("/static/**") { _, context in describe(context) }
    }

    /// The inputs of the report that found the double decoding, and others of their kind: every
    /// escape a value may hold, in a whole segment, a mixed one and a catch-all.
    static let paths = [
        "/greet/100%25", "/greet/a%2525b", "/greet/%252e%252e", "/greet/%252F", "/greet/%2500",
        "/greet/%41%42c", "/greet/caf%C3%A9", "/greet/caf%c3%a9", "/greet/a%2Fb", "/greet/a%2fb", "/greet/a+b",
        "/greet/%7e", "/greet/plain", "/greet/a%20b?x=%20", "/files/re%20port.zip", "/files/100%25.zip",
        "/files/%252e%252e.zip", "/files/report.zip", "/pair/%25/%2F", "/pair/x%41/y%2525",
        "/static/a%20b/c%252Fd/%2500", "/static/one",
    ]

    @Test func parametersEqualHummingbirdsRouterForEveryEncodedInput() async throws {
        let hummingbird = Router()
        Self.register(on: hummingbird)
        let urlRouter = URLRouterBuilder()
        Self.register(on: urlRouter)
        try urlRouter.validate()
        let expected = try await Self.answers(Application(router: hummingbird))
        let answered = try await Self.answers(Application(router: urlRouter))
        for path in Self.paths {
            #expect(answered[path] == expected[path], "\(path)")
        }
        // The report's values, as written.
        #expect(answered["/greet/%252e%252e"] == "name=%252e%252e | ")
        #expect(answered["/files/report.zip"] == "name=report | ")
        #expect(answered["/static/a%20b/c%252Fd/%2500"] == " | a%20b/c%252Fd/%2500")
    }

    /// After one decoding, as the OpenAPI runtime does, no value is `..` and none holds a NUL: the
    /// strict profile refused, before any handler, every path whose decoded segments are.
    @Test func oneDecodingGivesNoTraversalAndNoControlCharacter() async throws {
        let router = URLRouterBuilder()
        router.get("/greet/:name") { _, context in context.parameters.get("name") ?? "" }
        let app = Application(router: router)
        try await app.test(.router) { client in
            for path in ["/greet/%252e%252e", "/greet/%2500", "/greet/%252F", "/greet/100%25"] {
                let value = try await client.execute(uri: path, method: .get) { String(buffer: $0.body) }
                let decoded = try #require(value.removingPercentEncoding, "\(path)")
                #expect(decoded != ".." && decoded != "." && !decoded.contains("\0"), "\(path)")
            }
            for path in ["/greet/%2e%2e", "/greet/%00", "/greet/%2E.", "/greet/a%5Cb"] {
                let status = try await client.execute(uri: path, method: .get) { $0.status }
                #expect(status == .badRequest, "\(path)")
            }
        }
    }

    /// Every path's answer: the handler's description of its parameters, or the status of a miss.
    static func answers(_ app: some ApplicationProtocol) async throws -> [String: String] {
        try await app.test(.router) { client in
            var answers: [String: String] = [:]
            for path in paths {
                answers[path] = try await client.execute(uri: path, method: .get) { response in
                    response.status == .ok ? String(buffer: response.body) : "\(response.status.code)"
                }
            }
            return answers
        }
    }
}
#endif
