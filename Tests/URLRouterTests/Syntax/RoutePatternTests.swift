import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

@Suite struct RoutePatternTests {
    @Test func parsesEverySegmentKind() throws {
        let pattern = try RoutePattern("Protocol://page/:id/:n(\\d+)/{name}.jpg/*/x-*/**")
        #expect(pattern.scheme == "protocol")
        #expect(
            pattern.segments == [
                .literal("page"), .parameter("id"), .parameter("n", constraint: try SharedRegex("\\d+")),
                .composite([.capture("name"), .literal(".jpg")]), .star, .composite([.literal("x-"), .star]),
                .doubleStar,
            ])
        #expect(pattern.parameterNames == ["id", "n", "name"])
        #expect(pattern.constraints.map(\.source) == ["\\d+"])
    }

    @Test func descriptionIsCanonical() throws {
        #expect(try RoutePattern("YF:///feed//detail/").description == "yf://feed/detail")
        #expect(try RoutePattern("users/{id}").description == "/users/:id")
        #expect(try RoutePattern("/lit/%2A/%7Bx%7D/%3Aa").description == "/lit/%2A/%7Bx%7D/%3Aa")
        #expect(try RoutePattern("/caf%C3%A9/a%2Fb").description == "/café/a%2Fb")
        for source in ["/img/{w}x{h}/:id(a|b)", "x://%7B/{a}%2A*/:b/**", "/a/%3Ab/c:d"] {
            let pattern = try RoutePattern(source)
            #expect(try RoutePattern(pattern.description).segments == pattern.segments, "\(pattern.description)")
        }
    }

    @Test func literalsAreDecodedAfterTheSyntaxIsRead() throws {
        #expect(try RoutePattern("/%2A").segments == [.literal("*")])
        #expect(try RoutePattern("/a%7Bb").segments == [.literal("a{b")])
        #expect(try RoutePattern("/a}b").segments == [.literal("a}b")])
        #expect(try RoutePattern("/{a}%2A").segments == [.composite([.capture("a"), .literal("*")])])
    }

    @Test func theCanonicalTextParsesBackToThePattern() throws {
        // Found by FuzzParsers: `***` (an in-segment star alone) rendered as `*`, the catch-all.
        for source in ["***", "/ds/s/****//*", "/a/*.jpg/{x}*", "app://h/**/:id(\\d+)/x%2Fy", "/%2A/caf%C3%A9"] {
            let pattern = try RoutePattern(source)
            let again = try RoutePattern(pattern.description)
            #expect(again.segments == pattern.segments, "\(source) -> \(pattern.description)")
            #expect(again.scheme == pattern.scheme)
        }
        #expect(try RoutePattern("/a/***").description == "/a/***")
    }

    @Test func aConstraintMayHoldSlashesBracesAndParentheses() throws {
        let pattern = try RoutePattern("/a/:x((?:[/(]|\\)){2,3})/b")
        #expect(pattern.segments.count == 3)
        #expect(pattern.constraints.first?.source == "(?:[/(]|\\)){2,3}")
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var pattern: String
        var code: RouterError.Code
        var offset: Int
        var testDescription: String { pattern }
    }

    @Test(arguments: [
        Refusal(pattern: "/a/:id.json", code: .invalidPattern, offset: 6),
        Refusal(pattern: "/a/:", code: .invalidPattern, offset: 3),
        Refusal(pattern: "/a/{id", code: .invalidPattern, offset: 3),
        Refusal(pattern: "/a/{1x}", code: .invalidPattern, offset: 4),
        Refusal(pattern: "/a/**/**", code: .invalidPattern, offset: 6),
        Refusal(pattern: "/a/b%zz", code: .invalidPattern, offset: 3),
        Refusal(pattern: "/a?x", code: .invalidPattern, offset: 2),
        Refusal(pattern: "/:a/:a", code: .duplicateParameter, offset: 4),
        Refusal(pattern: "/a/:x(\\d+", code: .invalidConstraint, offset: 5),
        Refusal(pattern: "/a/:x((\\d))", code: .invalidConstraint, offset: 6),
        Refusal(pattern: "/a/:x(a\\1)", code: .invalidConstraint, offset: 7),
        Refusal(pattern: "/a/:x()", code: .invalidConstraint, offset: 6),
    ])
    func refusalsNameThePatternAndThePosition(refusal: Refusal) {
        do {
            _ = try RoutePattern(refusal.pattern)
            Issue.record("\(refusal.pattern) was accepted")
        } catch {
            #expect(error.code == refusal.code)
            #expect(error.input == refusal.pattern)
            #expect(error.offset == refusal.offset, "\(error)")
            #expect(error.description.hasPrefix("\(refusal.code): '\(refusal.pattern)' at offset \(refusal.offset): "))
        }
    }

    @Test func colonParameterSuggestsTheBraceForm() throws {
        #expect(try #require(throws: RouterError.self) { _ = try RoutePattern("/a/:id.json") }.code == .invalidPattern)
        do {
            _ = try RoutePattern("/a/:id.json")
        } catch {
            #expect(error.message.contains("write '{id}.json'"))
        }
    }
}

@Suite struct RouteRegistryTests {
    func registration(_ pattern: String, method: String? = nil, variant: String? = nil, priority: Int = 0, name: String)
        throws -> RouteRegistration
    {
        RouteRegistration(
            pattern: try RoutePattern(pattern), method: method, variant: variant, priority: priority, name: name)
    }

    @Test func samePatternReplacesInPlace() throws {
        var registry = RouteRegistry(options: RouterOptions.handlerRouter)
        try registry.add(registration("/a/:x(\\d+)", name: "first"))
        try registry.add(registration("/a/:y([0-9]+)", name: "second"))
        let replaced = try registry.add(registration("/a/:z(\\d+)", name: "third"))
        #expect(replaced?.name == "first")
        #expect(registry.registrations.map(\.name) == ["third", "second"])
        #expect(registry.compile().map { $0.targets[0].name } == ["third", "second"])
    }

    @Test func methodsAndVariantsAreDifferentRegistrations() throws {
        var registry = RouteRegistry(options: RouterOptions.handlerRouter)
        try registry.add(registration("/a", name: "plain"))
        try registry.add(registration("/a", method: "GET", name: "get"))
        try registry.add(registration("/a", variant: "B", name: "b"))
        #expect(registry.count == 3)
        let routes = registry.compile()
        #expect(routes.count == 2, "the variant joins the untagged route as a second target")
        #expect(routes.map(\.method) == ["GET", nil])
        #expect(routes[1].targets.map(\.name) == ["plain", "b"])
    }

    @Test func sameIgnoresNamesAndKnowsTheCatchAll() throws {
        var registry = RouteRegistry(options: RouterOptions.handlerRouter)
        // In a table a final `*` is one segment; read as the catch-all (the handler router's
        // `trailingStar`), it is `**`, and still shown as written.
        try registry.add(registration("/t/*", name: "star"))
        #expect(try registry.add(registration("/t/**", name: "double")) == nil)
        let catchAll = try RoutePattern("/t/*").endingWithCatchAll()
        #expect(catchAll.endsWithLoneStar == false && catchAll.catchAllName == nil && "\(catchAll)" == "/t/**")
        #expect(registry.add(RouteRegistration(pattern: catchAll, name: "read", handle: 9))?.name == "double")
        #expect(registry.registrations.last?.pattern == "/t/*")
        try registry.add(registration("/c/caf%C3%A9", name: "encoded"))
        #expect(try registry.add(registration("/c/café", name: "decoded"))?.name == "encoded")
        #expect(try registry.remove(pattern: RoutePattern("/t/*"), method: nil, variant: nil)?.name == "star")
        #expect(try registry.remove(pattern: RoutePattern("/t/*"), method: nil, variant: nil) == nil)
        #expect(try registry.remove(pattern: RoutePattern("/t/{*rest}"), method: nil, variant: nil)?.name == "read")
    }

    @Test func removesByScheme() throws {
        var registry = RouteRegistry(options: RouterOptions.handlerRouter)
        try registry.add(registration("ft:///a", name: "a"))
        try registry.add(registration("FT://b", name: "b"))
        try registry.add(registration("x://c", name: "c"))
        #expect(registry.removeAll(scheme: "Ft") == 2)
        #expect(registry.registrations.map(\.name) == ["c"])
    }

    @Test func precedenceOrder() throws {
        var registry = RouteRegistry(options: RouterOptions.handlerRouter)
        for (pattern, name) in [
            ("/s/**", "catchAll"), ("/s/*/e", "wildcard"), ("/s/:x/e", "param"), ("/s/:x(a)/e", "constrained"),
            ("/s/*.j/e", "noCapture"), ("/s/{n}.j/e", "capture"), ("/s/a.j/e", "literal"),
        ] {
            try registry.add(registration(pattern, name: name))
        }
        try registry.add(registration("/z/*", priority: 1, name: "priority"))
        #expect(
            registry.compile().map { $0.targets[0].name } == [
                "priority", "literal", "capture", "noCapture", "constrained", "param", "wildcard", "catchAll",
            ])
    }

    @Test func methodList() throws {
        var registry = RouteRegistry(options: RouterOptions.handlerRouter)
        for method in ["POST", "GET", "DELETE", "BASELINE-CONTROL"] {
            try registry.add(registration("/\(method.lowercased())", method: method, name: method))
        }
        try registry.add(registration("/any", name: "any"))
        let methods = MethodList(routes: registry.compile(), headMatchesGet: true)
        #expect(methods.names == ["BASELINE-CONTROL", "DELETE", "GET", "HEAD", "POST"])
        let get = methods.index(ofRouteMethod: "GET")
        // Any case; HEAD is answered by GET routes; a method no route has, or none, only by routes without one.
        #expect(methods.filter(for: "get") == .lookup(get))
        #expect(methods.filter(for: "Baseline-Control") == methods.filter(for: "BASELINE-CONTROL"))
        #expect(methods.filter(for: "BASELINE-CONTROL") == .lookup(0))
        #expect(methods.allows(methods.filter(for: "HEAD"), routeMethod: get))
        #expect(methods.allows(methods.filter(for: "HEAD"), routeMethod: nil))
        #expect(!methods.allows(methods.filter(for: "GET"), routeMethod: methods.index(ofRouteMethod: "HEAD")))
        let none = MethodFilter.lookup(nil)
        #expect(
            methods.filter(for: "PATCH") == none && methods.filter(for: "G T") == none
                && methods.filter(for: nil) == none)
        #expect(!methods.allows(none, routeMethod: get))
        #expect(methods.allows(none, routeMethod: nil))
        #expect(methods.allows(MethodFilter.any, routeMethod: methods.index(ofRouteMethod: "DELETE")))
        #expect(HTTPMethodName.normalized("get") == "GET")
        #expect(HTTPMethodName.normalized("G T") == nil)
        // Without HEAD through GET: no HEAD method unless a route has it, and a GET route answers GET only.
        let strict = MethodList(routes: registry.compile(), headMatchesGet: false)
        #expect(strict.names == ["BASELINE-CONTROL", "DELETE", "GET", "POST"])
        #expect(strict.filter(for: "HEAD") == none)
        #expect(!strict.allows(strict.filter(for: "HEAD"), routeMethod: strict.index(ofRouteMethod: "GET")))
        #expect(strict.allows(strict.filter(for: "HEAD"), routeMethod: nil))
        #expect(strict.allows(strict.filter(for: "GET"), routeMethod: strict.index(ofRouteMethod: "GET")))
    }
}
