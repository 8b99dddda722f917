import Testing

@_spi(HandlerRouter) @_spi(Tools) import URLRouter
@testable import URLRouterHandlers

/// The iOS routers' reading of URLs and patterns is the handler router's: it hands its table the
/// URL with the default scheme and the host segment inserted, and the pattern with the default
/// scheme and the catch-all, and reports what the caller gave.
@Suite struct HandlerOptionsTests {
    static func router(_ configure: (inout HandlerOptions) -> Void = { _ in }) -> Router {
        var handling = HandlerOptions()
        configure(&handling)
        return Router(handlerOptions: handling)
    }

    static func miss(_ result: Result<RouterMatch, RouteMiss>) -> RouteMiss? {
        if case .failure(let miss) = result { return miss }
        return nil
    }

    @Test func hostAsSegmentRules() throws {
        func segments(_ url: String, _ rule: HandlerOptions.HostAsSegment) throws -> String {
            let router = Self.router { $0.hostAsSegment = rule }
            try router.register("/**") { _ in }
            return try router.match(url).get().catchall ?? ""
        }
        #expect(try segments("http://www.x.com/a", .always) == "www.x.com/a")
        #expect(try segments("http://www.x.com/a", .unlessDotted) == "a")
        #expect(try segments("http://www%2Ex.com/a", .unlessDotted) == "a", "decided on the decoded host")
        #expect(try segments("http://localhost/a", .unlessDotted) == "localhost/a")
        #expect(try segments("http://LocalHost:8080/a", .unlessDottedOrLocalhost) == "a")
        #expect(try segments("http://user@api:80/a", .unlessDottedOrLocalhost) == "api/a")
        #expect(try segments("http://api/a", .never) == "a")
        #expect(try segments("app://pa%67e", .always) == "page")
    }

    @Test func theTableIsHandedTheURLWithItsInsertionsAndTheMatchReportsTheCallers() throws {
        var handling = HandlerOptions()
        handling.defaultScheme = "FT"
        #expect(handling.defaultScheme == "ft")
        let routed = try #require(handling.routedURL(for: "//page/x?q=1#f"))
        #expect(routed.url == "ft://page/page/x?q=1#f")
        #expect(routed.insertions == [0..<3, 9..<14])
        #expect(handling.routedURL(for: "app:///page/x") == nil, "a scheme and no host: nothing to insert")
        handling.hostAsSegment = .never
        #expect(handling.routedURL(for: "app://page/x") == nil)

        let router = Self.router { $0.defaultScheme = "ft" }
        try router.register("/page/:id") { _ in }
        try router.addRewriteRule("^old/(.*)$", target: "//page/$1")
        let match = try router.match("old/7?q=1").get()
        #expect(match.url == "old/7?q=1" && match.rewrittenURL == "//page/7?q=1")
        #expect(match.scheme == "ft" && match.path == "/page/7")
        #expect(match.parameters.get("id") == "7" && match.parameters.get("q") == "1")
        let miss = try #require(Self.miss(router.match("/nowhere#f")))
        #expect(miss.url == "/nowhere#f" && miss.scheme == "ft" && miss.path == "/nowhere" && miss.fragment == "f")
    }

    @Test func aRedirectLeavesTheInsertionsOut() throws {
        var options = RouterOptions.handlerRouter
        options.trailingSlash = .redirect
        var handling = HandlerOptions()
        handling.defaultScheme = "app"
        let router = Router(options: options, handlerOptions: handling)
        try router.register("/page/items/") { _ in }
        #expect(reason(router.match("//page/items?x=1")) == .redirect(location: "//page/items/?x=1"))
        #expect(reason(router.match("app://page/items")) == .redirect(location: "app://page/items/"))
    }

    @Test func aFinalStarIsTheCatchAllAndKeepsItsSpelling() throws {
        let router = Self.router()
        try router.register("/files/*", name: "files") { _ in }
        let match = try router.match("/files/a/b").get()
        #expect(match.catchall == "a/b" && match.route.pattern == "/files/*")
        #expect(try router.url(forPattern: "/files/*", catchAll: ["a", "b"]) == "/files/a/b")
        #expect(try router.unregister("/files/*") && router.registrations.isEmpty)

        let single = Self.router { $0.trailingStar = .singleSegment }
        try single.register("/files/*") { _ in }
        #expect(reason(single.match("/files/a/b")) == .noMatch)
        #expect(try single.match("/files/a").get().catchall == nil)
    }

    @Test func aDefaultSchemeBindsSchemelessPatternsAndBuildsTheirURLs() throws {
        let router = Self.router { $0.defaultScheme = "ft" }
        try router.register("page/:id", name: "page") { _ in }
        #expect(router.registrations.map(\.pattern) == ["page/:id"])
        #expect(router.canRoute("ft://page/7") && router.canRoute("/page/7"))
        #expect(!router.canRoute("web://page/7"))
        #expect(try router.url(forRouteNamed: "page", parameters: ["id": "7"]) == "ft:///page/7")
        #expect(try router.url(forPattern: "/page/:x", parameters: ["id": "7"]) == "ft:///page/7")
    }
}
