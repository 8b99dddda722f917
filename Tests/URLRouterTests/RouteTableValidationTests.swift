import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// `RouteTable.validate`: every problem of a set of routes and rules in one pass, on the backend
/// and options that serve them, and the table of what passed.
@Suite struct RouteTableValidationTests {
    static let backends = RouterBackend.available.map(\.name)

    static let routes: [RouteTable<Int>.Route] = [
        .init("/a/:id", method: "GET", value: 0),
        .init("/bad/:id(", method: "GET", value: 1),
        .init("/a/:name", method: "GET", value: 2),
        .init("/ok", method: "get", value: 3),
        .init("/x/:id/:id", method: "GET", value: 4),
        .init("/m", method: "NOT A METHOD", value: 5),
        .init("/v", method: "GET", variant: "", value: 6),
    ]
    static let rules = [(expression: "^/old/(\\d+)$", target: "/ok"), (expression: "^/broken/(", target: "/ok")]

    @Test(arguments: backends) func everyProblemIsReportedWithItsRouteOrRule(backend: String) throws {
        let validation = RouteTable.validate(
            Self.routes, rewriteRules: Self.rules, backend: RouterBackend.named(backend)!)
        #expect(validation.problems.map(\.route) == [1, 2, 4, 5, 6, nil])
        #expect(validation.problems.map(\.rewriteRule) == [nil, nil, nil, nil, nil, 1])
        let codes = validation.problems.map(\.error.code)
        #expect(
            codes == [
                .invalidConstraint, .duplicateRoute, .duplicateParameter, .invalidPattern, .invalidPattern,
                .invalidRewriteRule,
            ])
        // The replacement names both routes and is not a refusal under `.replace`.
        let replacement = validation.problems[1]
        #expect(replacement.replacedRoute == 0)
        #expect(!replacement.isRefusal)
        #expect(
            replacement.description.hasPrefix(
                "route 2 (GET /a/:name): duplicateRoute: '/a/:name': replaces route 0 (GET /a/:id)"))
        #expect(validation.problems.filter(\.isRefusal).count == 5)
        #expect(validation.problems[0].description.hasPrefix("route 1 (GET /bad/:id(): invalidConstraint: '/bad/:id('"))
        #expect(validation.problems[5].description.hasPrefix("rewrite rule 1 (^/broken/( -> /ok): invalidRewriteRule"))
    }

    @Test(arguments: backends) func theTableServesWhatPassedWithTheLaterOfTwoSameRoutes(backend: String) throws {
        let validation = RouteTable.validate(
            Self.routes, rewriteRules: Self.rules, backend: RouterBackend.named(backend)!)
        let table = try #require(validation.table)
        #expect(table.count == 2)
        #expect(validation.problems.compactMap(\.replacedRoute) == [0])
        let a = try table.lookup(method: "GET", url: "/a/7").get()
        #expect(a.value == 2)
        #expect(a.parameters.get("name") == "7")
        #expect(try table.lookup(method: "GET", url: "/old/12").get().value == 3)
        #expect(throws: RouteMiss.self) { try table.lookup(method: "GET", url: "/bad/1").get() }
    }

    @Test(arguments: backends) func underRefuseTheDuplicateIsLeftOutAndNamesTheEarlierRoute(backend: String) throws {
        var options = RouterOptions()
        options.duplicateRoutes = .refuse
        let validation = RouteTable.validate(
            [.init("/a/:id", method: "GET", value: 0), .init("/a/:name", method: "GET", value: 1)], options: options,
            backend: RouterBackend.named(backend)!)
        #expect(validation.problems.count == 1)
        #expect(validation.problems[0].isRefusal && validation.problems[0].replacedRoute == 0)
        let table = try #require(validation.table)
        #expect(try table.lookup(method: "GET", url: "/a/1").get().value == 0)
        // `init` throws the same refusal.
        #expect(throws: RouteValidationError.self) {
            try RouteTable<Int>(
                [.init("/a/:id", method: "GET", value: 0), .init("/a/:name", method: "GET", value: 1)],
                options: options,
                backend: RouterBackend.named(backend)!)
        }
    }

    @Test(arguments: backends) func aValidSetHasNoProblemAndTheSameTableAsInit(backend: String) throws {
        let routes: [RouteTable<Int>.Route] = [
            .init("/users/:id(\\d+)", method: "GET", value: 1), .init("/files/**", method: "GET", value: 2),
        ]
        let validation = RouteTable.validate(routes, backend: RouterBackend.named(backend)!)
        #expect(validation.problems.isEmpty)
        let validated = try #require(validation.table)
        let initialized = try RouteTable(routes, backend: RouterBackend.named(backend)!)
        for url in ["/users/12", "/users/x", "/files/a/b", "/nothing"] {
            let left = validated.lookup(method: "GET", url: url).map(\.value)
            let right = initialized.lookup(method: "GET", url: url).map(\.value)
            #expect(String(describing: left) == String(describing: right), "\(url)")
        }
    }

    @Test func theRouteThatPassesTheMethodLimitIsRefusedAndNamed() throws {
        let routes = (0..<101).map { RouteTable<Int>.Route("/r\($0)", method: "M\($0)", value: $0) }
        let validation = RouteTable.validate(routes, backend: .foundation)
        #expect(validation.problems.map(\.route) == [100])
        #expect(validation.problems[0].error.message.contains("at most 100 distinct HTTP methods"))
        #expect(validation.table?.count == 100)
    }
}
