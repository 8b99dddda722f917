#if Hummingbird
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHummingbird

/// `URLRouterBuilder` refuses traversal shapes and control characters by default (the strict
/// profile), answering 400 with a short reason that never quotes the request, through the
/// router's middleware; one switch turns each check off.
@Suite struct StrictProfileTests {
    static func addRoutes(to router: URLRouterBuilder<BasicRequestContext>) {
        router.get("/files/**") { _, context in "file \(context.parameters.getCatchAll().joined(separator: "/"))" }
        router.get("/admin/:page") { _, context in "admin \(context.parameters.get("page") ?? "")" }
    }

    /// Traversal and control-character targets, percent-encoded and in mixed case.
    static let refused = [
        "/files/..%2F..%2Fetc%2Fpasswd", "/files/%2e%2e/etc", "/files/%2E%2e/etc", "/files/.%2E/etc",
        "/admin/x%00.json", "/admin/x%0a", "/admin/x%7F", "/admin/a%5Cb", "/files/a%2F..%2Fb",
    ]

    @Test func theStrictProfileAnswers400WithAShortReason() async throws {
        let router = URLRouterBuilder()
        Self.addRoutes(to: router)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            for uri in Self.refused {
                let answer = try await fetch(client, uri)
                #expect(answer.status == 400, "\(uri)")
                #expect(answer.body.contains("refused: "), "\(uri): \(answer.body)")
                #expect(!answer.body.contains("passwd") && !answer.body.contains("%00"), "\(answer.body)")
            }
            let ok = try await fetch(client, "/files/a/b.txt")
            #expect(ok.body == "file a/b.txt")
            // A parameter is the path's text as written, as under Hummingbird's router.
            let slash = try await fetch(client, "/admin/group%2Fproject")
            #expect(slash.body == "admin group%2Fproject")
        }
    }

    /// The "Security" article's switch, as written there; then another check off.
    @Test func theChecksCanBeTurnedOff() async throws {
        var options = URLRouterBuilder<BasicRequestContext>.hummingbirdOptions
        options.requestChecks.remove(.dotSegments)  // one check off
        let router = URLRouterBuilder(context: BasicRequestContext.self, options: options)

        Self.addRoutes(to: router)
        options.requestChecks.remove(.encodedTraversal)
        let open = URLRouterBuilder(options: options)
        Self.addRoutes(to: open)
        for (builder, traversalStatus) in [(router, 400), (open, 200)] {
            let app = Application(router: builder, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            try await app.test(.live) { client in
                let dots = try await fetch(client, "/files/%2e%2e/x")
                #expect(dots.status == 200)
                #expect(dots.body == "file %2e%2e/x")
                let traversal = try await fetch(client, "/files/..%2Fx")
                #expect(traversal.status == traversalStatus)
                let control = try await fetch(client, "/admin/x%00")
                #expect(control.status == 400)
            }
        }
    }
}
#endif
