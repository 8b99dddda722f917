import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// The one rule a miss is answered by, in both integrations and the Server integration article.
@Suite struct MissAnswerTests {
    @Test func everyReasonHasItsStatus() {
        let allowed = ["GET", "HEAD"]
        func answer(_ reason: RouteMiss.Reason, _ method: String = "GET") -> MissAnswer {
            MissAnswer(reason, method: method, allowedMethods: allowed)
        }
        #expect(answer(.noMatch).status == 404 && answer(.noMatch).allow == nil && answer(.noMatch).reason == nil)
        #expect(answer(.methodNotAllowed, "DELETE").status == 405)
        #expect(answer(.methodNotAllowed, "DELETE").allow == "GET, HEAD")
        #expect(answer(.methodNotAllowed, "OPTIONS").status == 204)
        #expect(answer(.methodNotAllowed, "OPTIONS").allow == "GET, HEAD, OPTIONS")
        // Methods are case-sensitive: `options` is not OPTIONS.
        #expect(answer(.methodNotAllowed, "options").status == 405)
        #expect(answer(.urlTooLong).status == 414 && answer(.urlTooLong).reason == nil)
        #expect(answer(.malformedURL).status == 400)
        #expect(answer(.malformedURL).reason == "malformed URL: a '%' not followed by two hex digits, or not UTF-8")
        #expect(answer(.limitExceeded).status == 400)
        #expect(answer(.noMatch).location == nil && answer(.methodNotAllowed).location == nil)
        let redirect = answer(.redirect(location: "/items?page=2"))
        #expect(redirect.status == 308 && redirect.location == "/items?page=2" && redirect.allow == nil)
        for reason in RequestChecks.each.map({ RouteMiss.Reason.refused($0.check) }) {
            #expect(answer(reason).status == 400, "\(reason)")
            #expect(answer(reason).reason == "refused: \(reason.refusal ?? "")", "\(reason)")
            #expect(answer(reason).allow == nil, "\(reason)")
        }
    }

    /// As Hummingbird's and Vapor's own routers: a table that does not report `methodNotAllowed`
    /// misses such a path with `noMatch`, which is answered 404 with no `Allow`.
    @Test(arguments: RouterBackend.available.map(\.name))
    func aTableThatDoesNotReportMethodNotAllowedAnswers404(backend name: String) throws {
        let backend = try #require(RouterBackend.named(name))
        var options = RouterOptions()
        options.reportsMethodNotAllowed = false
        let table = try RouteTable<Int>([.init("/a", method: "GET", value: 1)], options: options, backend: backend)
        for method in ["DELETE", "OPTIONS"] {
            let (reason, allowed) = table.withMatch(method: method, url: "/a") {
                lookup -> (RouteMiss.Reason?, [String]) in
                switch lookup {
                case .match: return (nil, [])
                case .miss(let reason, let allowed): return (reason, allowed)
                }
            }
            #expect(reason == .noMatch && allowed.isEmpty, "\(method)")
            let answer = MissAnswer(reason ?? .noMatch, method: method, allowedMethods: allowed)
            #expect(answer.status == 404 && answer.allow == nil, "\(method)")
        }
        options.reportsMethodNotAllowed = true
        let reporting = try RouteTable<Int>([.init("/a", method: "GET", value: 1)], options: options, backend: backend)
        guard case .failure(let miss) = reporting.lookup(method: "DELETE", url: "/a") else {
            Issue.record("DELETE /a matched")
            return
        }
        #expect(miss.reason == .methodNotAllowed && miss.allowedMethods == ["GET", "HEAD"])
    }

    /// A table that redirects trailing slashes: the borrowed lookup's miss carries the location,
    /// and the answer is a 308 to it; under `strict` the same lookup is a 404.
    @Test(arguments: RouterBackend.available.map(\.name))
    func aRedirectMissIsA308WithItsLocation(backend name: String) throws {
        let backend = try #require(RouterBackend.named(name))
        var options = RouterOptions()
        options.trailingSlash = .redirect
        let routes: [RouteTable<Int>.Route] = [.init("/items", method: "GET", value: 1), .init("/docs/", value: 2)]
        let table = try RouteTable<Int>(routes, options: options, backend: backend)
        func answer(_ table: RouteTable<Int>, _ url: String) -> MissAnswer? {
            table.withMatch(method: "GET", url: url) { lookup -> MissAnswer? in
                switch lookup {
                case .match: return nil
                case .miss(let reason, let allowed): return MissAnswer(reason, method: "GET", allowedMethods: allowed)
                }
            }
        }
        #expect(answer(table, "/items/?q=1")?.status == 308)
        #expect(answer(table, "/items/?q=1")?.location == "/items?q=1")
        #expect(answer(table, "/docs")?.location == "/docs/")
        #expect(answer(table, "/items") == nil && answer(table, "/docs/") == nil)
        guard case .failure(let miss) = table.lookup(method: "GET", url: "/items/") else {
            Issue.record("GET /items/ matched under redirect")
            return
        }
        #expect(miss.reason == .redirect(location: "/items"))
        options.trailingSlash = .strict
        let strict = try RouteTable<Int>(routes, options: options, backend: backend)
        #expect(answer(strict, "/items/")?.status == 404 && answer(strict, "/items/")?.location == nil)
    }
}
