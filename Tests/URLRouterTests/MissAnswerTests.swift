import Testing
import URLRouter

/// The one rule a miss is answered by, in both integrations and the Server integration article.
@Suite struct MissAnswerTests {
    @Test func everyReasonHasItsStatus() {
        let allowed = ["GET", "HEAD"]
        func answer(_ reason: RouteMiss.Reason, _ method: String = "GET", answers405: Bool = true) -> MissAnswer {
            MissAnswer(reason, method: method, allowedMethods: allowed, answersMethodNotAllowed: answers405)
        }
        #expect(answer(.noMatch).status == 404 && answer(.noMatch).allow == nil && answer(.noMatch).reason == nil)
        #expect(answer(.methodNotAllowed, "DELETE").status == 405)
        #expect(answer(.methodNotAllowed, "DELETE").allow == "GET, HEAD")
        #expect(answer(.methodNotAllowed, "OPTIONS").status == 204)
        #expect(answer(.methodNotAllowed, "OPTIONS").allow == "GET, HEAD, OPTIONS")
        // Methods are case-sensitive: `options` is not OPTIONS.
        #expect(answer(.methodNotAllowed, "options").status == 405)
        // As Hummingbird's and Vapor's own routers: without 405 answers, such a path is not found.
        #expect(answer(.methodNotAllowed, "DELETE", answers405: false).status == 404)
        #expect(answer(.methodNotAllowed, "DELETE", answers405: false).allow == nil)
        #expect(answer(.methodNotAllowed, "OPTIONS", answers405: false).status == 404)
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
}
