import Testing
import URLRouter

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
}
