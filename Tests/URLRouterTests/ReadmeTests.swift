import Testing
@testable import URLRouter

/// The README's example, line for line.
@Suite struct ReadmeTests {
    @Test func theReadmeExampleRuns() throws {
        let seen = Recorder<String>()
        let router = Router()

        try router.register("protocol://page/routerDetails/:id") { match in
            seen.record("details \(match.parameters.get("id") ?? "")")
        }
        try router.register("/users/:id(\\d+)", method: "GET") { match in
            seen.record("user \(match.parameters.get("id", as: Int.self) ?? 0)")
        }
        try router.registerObject("YF://alert", object: "an alert")
        try router.addRewriteRule(
            "(?:https://)?www.amazon.com/search/(.*)", target: "protocol://page/routerDetails/$1")
        router.setUnmatchedHandler { miss in seen.record("no route for \(miss.url): \(miss.reason)") }

        router.route("protocol://page/routerDetails/42?nickname=x")
        router.route("/users/7", method: "GET")
        let alert = try router.routeObject("yf://alert").get().value
        router.route("https://www.amazon.com/search/Atomic_bomb")
        router.route("/nowhere")

        #expect(alert as? String == "an alert")
        #expect(seen.all == ["details 42", "user 7", "details Atomic_bomb", "no route for /nowhere: noMatch"])
    }
}
