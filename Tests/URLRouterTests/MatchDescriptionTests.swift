import Testing

@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// What `print` shows of a match: the value, the route and what it took.
@Suite struct MatchDescriptionTests {
    @Test func aMatchPrintsItsValueRouteParametersAndURL() throws {
        let table = try RouteTable<String>([
            .init("/users/:id", method: "GET", value: "user"), .init("/files/**", method: "GET", value: "file"),
        ])
        let user = try table.lookup(method: "GET", url: "/users/42?tab=repos").get()
        #expect("\(user)" == "user: GET /users/:id (id: 42) for /users/42?tab=repos")
        let file = try table.lookup(method: "GET", url: "/files/a/b%20c").get()
        #expect(file.summary == "GET /files/** catch-all a/b c for /files/a/b%20c")
    }
}
