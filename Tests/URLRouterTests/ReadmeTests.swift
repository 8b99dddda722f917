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
        let alert = try router.routeObject("yf://alert").get().value(as: String.self)
        router.route("https://www.amazon.com/search/Atomic_bomb")
        router.route("/nowhere")

        #expect(alert == "an alert")
        #expect(seen.all == ["details 42", "user 7", "details Atomic_bomb", "no route for /nowhere: noMatch"])
    }
}

enum Endpoint: Sendable, Equatable { case user, deleteUser, file }

/// The README's route table example, line for line.
@Suite struct ReadmeRouteTableTests {
    @Test func theReadmeRouteTableExampleRuns() throws {
        let table = try RouteTable<Endpoint>([
            .init("/users/:id(\\d+)", method: "GET", name: "user", value: .user),
            .init("/users/:id(\\d+)", method: "DELETE", value: .deleteUser),
            .init("/files/**", method: "GET", value: .file),
        ])

        switch table.lookup(method: "GET", url: "/users/42?tab=repos") {
        case .success(let match):
            #expect(match.value == .user && match.parameters.get("id") == "42")
        case .failure(let miss):
            Issue.record("missed: \(miss)")
        }

        let status = table.withMatch(method: "POST", url: "/users/42") { lookup -> Int in
            switch lookup {
            case .match(let match): return match.parameter("id")?.bytes.count ?? 0
            case .miss(.methodNotAllowed, let allowed): return allowed == ["DELETE", "GET", "HEAD"] ? 405 : 500
            case .miss: return 404
            }
        }
        #expect(status == 405)
    }

    /// The README's URL-building example, line for line.
    @Test func theReadmeURLBuildingExampleRuns() throws {
        let links = try RouteTable<Int>([.init("/users/:id(\\d+)/files/**", name: "file", value: 1)])
        #expect(
            try links.url(forRouteNamed: "file", parameters: ["id": "42"], catchAll: ["a b", "c"])
                == "/users/42/files/a%20b/c")
    }
}
