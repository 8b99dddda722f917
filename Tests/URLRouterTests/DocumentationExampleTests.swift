import Foundation
import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

// The Swift code of the README and of the DocC articles (Sources/URLRouter/URLRouter.docc), as
// written there, each followed by checks that what its comments say holds. The last suite checks
// that every Swift block of those files is here (or in the integrations' tests), so the examples
// cannot drift from compiled, tested code.

enum Endpoint: Sendable { case user, deleteUser, file }

enum Handler: Sendable { case listIssues, getIssue }

enum Screen: Sendable { case list, detail, detailA, detailB }

/// README and "Getting started".
@Suite struct GettingStartedExampleTests {
    @Test func theRouteTableExample() throws {
        let table = try RouteTable<Endpoint>([
            .init("/users/:id(\\d+)", method: "GET", name: "user", value: .user),
            .init("/users/:id(\\d+)", method: "DELETE", value: .deleteUser),
            .init("/files/**", method: "GET", value: .file),
        ])

        // The owning lookup: the value, the route, the parameters; or the miss and its reason.
        switch table.lookup(method: "GET", url: "/users/42?tab=repos") {
        case .success(let match): print(match.value, match.parameters.get("id") ?? "")  // user 42
        case .failure(let miss): print(miss.reason, miss.allowedMethods)  // for 404, 405
        }

        // The hot path: read the answer in place; nothing is allocated or reference counted until a
        // value becomes a String.
        let status = table.withMatch(method: "POST", url: "/users/42") { lookup -> Int in
            switch lookup {
            case .match(let match): return match.parameter("id")?.count ?? 0
            case .miss(.methodNotAllowed, let allowed): return allowed == ["DELETE", "GET", "HEAD"] ? 405 : 500
            case .miss: return 404
            }
        }
        // status == 405

        #expect(status == 405)
        let user = try table.lookup(method: "GET", url: "/users/42?tab=repos").get()
        #expect(user.value == .user && user.parameters.get("id") == "42")
        let miss = try #require(table.lookup(method: "PUT", url: "/users/42").failure)
        #expect(miss.reason == .methodNotAllowed && miss.allowedMethods == ["DELETE", "GET", "HEAD"])
    }

    @Test func theHandlerRouterExample() throws {
        let router = Router()

        try router.register("protocol://page/routerDetails/:id") { match in
            print("details", match.parameters.get("id") ?? "")
        }
        try router.register("/users/:id(\\d+)", method: "GET") { match in
            print("user", match.parameters.get("id", as: Int.self) ?? 0)
        }
        try router.registerObject("YF://alert", object: "an alert")
        try router.addRewriteRule(
            "(?:https://)?www.amazon.com/search/(.*)", target: "protocol://page/routerDetails/$1")
        router.setUnmatchedHandler { miss in print("no route for \(miss.url): \(miss.reason)") }

        router.route("protocol://page/routerDetails/42?nickname=x")  // runs the first handler
        router.route("/users/7", method: "GET")  // runs the second
        let alert = try router.routeObject("yf://alert").get().value(as: String.self)  // "an alert"
        router.route("https://www.amazon.com/search/Atomic_bomb")  // rewritten, then routed to the first

        #expect(alert == "an alert")
        let first = try router.route("protocol://page/routerDetails/42?nickname=x").get()
        #expect(first.route.pattern == "protocol://page/routerDetails/:id" && first.parameters.get("id") == "42")
        let second = try router.route("/users/7", method: "GET").get()
        #expect(second.route.pattern == "/users/:id(\\d+)" && second.parameters.get("id", as: Int.self) == 7)
        let rewritten = try router.route("https://www.amazon.com/search/Atomic_bomb").get()
        #expect(rewritten.route.pattern == "protocol://page/routerDetails/:id")
        #expect(rewritten.parameters.get("id") == "Atomic_bomb")
    }

    /// The `URLRouterHandlers` landing page.
    @Test func theHandlerModuleExample() throws {
        let router = Router()
        try router.register("protocol://page/routerDetails/:id") { match in
            print(match.parameters.get("id") ?? "")
        }
        router.route("protocol://page/routerDetails/42?nickname=x")

        let routed = try router.route("protocol://page/routerDetails/42?nickname=x").get()
        #expect(routed.route.pattern == "protocol://page/routerDetails/:id" && routed.parameters.get("id") == "42")
    }

    @Test func theURLBuildingExample() throws {
        let links = try RouteTable<Int>([.init("/users/:id(\\d+)/files/**", name: "file", value: 1)])
        let link = try links.url(forRouteNamed: "file", parameters: ["id": "42"], catchAll: ["a b", "c"])
        // link == "/users/42/files/a%20b/c"

        #expect(link == "/users/42/files/a%20b/c")
        #expect(try links.lookup(method: nil, url: link).get().details.catchall == "a b/c")
    }
}

/// "Pattern syntax and precedence", "Rewrite rules", "Options", "Backends and parity".
@Suite struct ArticleExampleTests {
    @Test func thePrecedenceExample() throws {
        let files = try RouteTable<String>([
            .init("/files/**", value: "catch-all"),
            .init("/files/:name", value: "parameter"),
            .init("/files/:name(\\d+)", value: "constraint"),
            .init("/files/readme", value: "literal"),
            .init("/files/{name}.txt", value: "in-segment"),
        ])
        let literal = try files.lookup(method: nil, url: "/files/readme").get().value  // "literal"
        let number = try files.lookup(method: nil, url: "/files/42").get().value  // "constraint"
        let text = try files.lookup(method: nil, url: "/files/notes.txt").get().value  // "in-segment"
        let name = try files.lookup(method: nil, url: "/files/notes").get().value  // "parameter"
        let rest = try files.lookup(method: nil, url: "/files/a/b").get().value  // "catch-all"

        #expect(
            [literal, number, text, name, rest] == ["literal", "constraint", "in-segment", "parameter", "catch-all"])
    }

    @Test func theReadmesHostExample() throws {
        let tenants = try RouteTable<String>([
            .init("/users/:id", method: "GET", host: "{tenant}.example.com", name: "user", value: "tenant user"),
            .init("/users/:id", method: "GET", value: "user"),
        ])
        let tenantUser = try tenants.lookup(method: "GET", host: "acme.example.com", url: "/users/7").get()
        // tenantUser.value == "tenant user", tenantUser.parameters.get("tenant") == "acme"
        let anyHost = try tenants.lookup(method: "GET", url: "/users/7").get()  // anyHost.value == "user"
        let userURL = try tenants.url(forRouteNamed: "user", parameters: ["tenant": "acme", "id": "7"])  // "/users/7"
        let listed = tenants.routes.map { "\($0.method ?? "any") \($0.host ?? "")\($0.pattern)" }
        // ["GET {tenant}.example.com/users/:id", "GET /users/:id"]

        #expect(tenantUser.value == "tenant user" && tenantUser.parameters.get("tenant") == "acme")
        #expect(anyHost.value == "user")
        #expect(userURL == "/users/7")
        #expect(listed == ["GET {tenant}.example.com/users/:id", "GET /users/:id"])
    }

    @Test func theHostsExample() throws {
        let tenants = try RouteTable<String>([
            .init("/users/:id", method: "GET", host: "{tenant}.example.com", name: "user", value: "tenant"),
            .init("/users/:id", method: "GET", value: "any host"),
            .init("/docs/:version?", method: "GET", value: "docs"),
            .init("/files/{*path}", method: "GET", value: "files"),
        ])
        let match = try tenants.lookup(method: "GET", host: "acme.example.com:8080", url: "/users/7").get()
        let tenant = match.parameters.get("tenant")  // "acme"
        let plain = try tenants.lookup(method: "GET", url: "/users/7").get()  // "any host"
        let docs = try tenants.lookup(method: "GET", url: "/docs").get()  // version: nil
        let file = try tenants.lookup(method: "GET", url: "/files/css/a.css").get()
        let path = file.parameters.get("path")  // "css/a.css"

        #expect(match.value == "tenant" && tenant == "acme" && match.parameters.get("id") == "7")
        #expect(plain.value == "any host")
        #expect(docs.value == "docs" && docs.parameters.get("version") == nil)
        #expect(file.value == "files" && path == "css/a.css")
    }

    @Test func theRewriteRulesExample() throws {
        let web = Router()
        try web.register("app://search") { match in
            print("search for", match.parameters.get("q") ?? "")
        }
        try web.register("app://open") { match in
            print("open", match.parameters.get("url") ?? "")
        }
        try web.addRewriteRule("^https://www\\.example\\.com/search/([^/?#]+)$", target: "app://search?q=$1")
        try web.addRewriteRule("^legacy:", target: "app://open?url=$$url")
        let rewritten = web.rewrite("https://www.example.com/search/red%20shoes")  // "app://search?q=red%20shoes"
        web.route("https://www.example.com/search/red%20shoes")  // search for red shoes
        web.route("legacy:page/1?a=b")  // open legacy:page/1?a=b

        #expect(rewritten == "app://search?q=red%20shoes")
        let search = try web.route("https://www.example.com/search/red%20shoes").get()
        #expect(search.route.pattern == "app://search" && search.parameters.get("q") == "red shoes")
        let open = try web.route("legacy:page/1?a=b").get()
        #expect(open.route.pattern == "app://open" && open.parameters.get("url") == "legacy:page/1?a=b")

        do throws(RouterError) {
            try web.addRewriteRule("(a+)+b", target: "app://x")
        } catch {
            print(error.code)  // invalidRewriteRule
        }

        let refused = try #require(throws: RouterError.self) { try web.addRewriteRule("(a+)+b", target: "app://x") }
        #expect("\(refused.code)" == "invalidRewriteRule")
        #expect(web.rewriteRules.count == 2)
    }

    @Test func theOptionsExamples() throws {
        var options = RouterOptions()
        options.caseInsensitive = true
        options.decodePlus = true
        let pages = try RouteTable<String>([.init("/Search", value: "search")], options: options)
        let found = try pages.lookup(method: "GET", url: "https://www.example.com/search?q=red+shoes").get()
        // found.value == "search", found.parameters.get("q") == "red shoes"

        #expect(found.value == "search" && found.parameters.get("q") == "red shoes")

        var strict = RouterOptions()
        strict.duplicateRoutes = .refuse
        do throws(RouteValidationError) {
            _ = try RouteTable<String>([.init("/a/:x", value: "1"), .init("/a/:y", value: "2")], options: strict)
        } catch {
            print(error.problems[0].error.code)  // duplicateRoute
        }

        let refused = try #require(throws: RouteValidationError.self) {
            try RouteTable<String>([.init("/a/:x", value: "1"), .init("/a/:y", value: "2")], options: strict)
        }
        #expect(refused.problems.map { "\($0.error.code)" } == ["duplicateRoute"])
    }

    @Test func theBackendsExample() throws {
        let reference = try RouteTable<Int>([.init("/a/:x", value: 1)], backend: .foundation)
        let name = RouterBackend.default.name  // "pcre2" with the PCRE2 trait, else "foundation"

        #if PCRE2
        #expect(name == "pcre2")
        #else
        #expect(name == "foundation")
        #endif
        #expect(reference.backendName == "foundation")
    }
}

/// "Server integration": a SwiftNIO server of your own.
@Suite struct ServerIntegrationExampleTests {
    @Test func theOwnServerExample() throws {
        let api = try RouteTable<Handler>([
            .init("/repos/:owner/:repo/issues", method: "GET", value: .listIssues),
            .init("/repos/:owner/:repo/issues/:number(\\d+)", method: "GET", value: .getIssue),
        ])

        func respond(method: String, uri: String) -> (status: Int, body: String) {
            api.withMatch(method: method, url: uri) { lookup in
                switch lookup {
                case .match(let match):
                    return (200, "\(match.value) \(match.parameter("number")?.string ?? "")")
                case .miss(let reason, let allowed):
                    // 404, 405 with `Allow`, OPTIONS 204, 400 with a reason, 414: the integrations' rule.
                    let answer = MissAnswer(reason, method: method, allowedMethods: allowed)
                    return (answer.status, answer.allow ?? answer.reason ?? "")
                }
            }
        }
        // In a ChannelInboundHandler: respond(method: head.method.rawValue, uri: head.uri)

        #expect(respond(method: "GET", uri: "/repos/apple/swift/issues/12") == (200, "getIssue 12"))
        #expect(respond(method: "GET", uri: "/repos/apple/swift/issues") == (200, "listIssues "))
        #expect(respond(method: "POST", uri: "/repos/apple/swift/issues") == (405, "GET, HEAD"))
        #expect(respond(method: "OPTIONS", uri: "/repos/apple/swift/issues") == (204, "GET, HEAD, OPTIONS"))
        #expect(
            respond(method: "GET", uri: "/repos/apple/swift/issues/%zz")
                == (400, "malformed URL: a '%' not followed by two hex digits, or not UTF-8"))
        #expect(respond(method: "GET", uri: "/" + String(repeating: "a", count: 9000)) == (414, ""))
        #expect(respond(method: "GET", uri: "/repos/apple/swift/issues/twelve") == (404, ""))
    }
}

/// The four migration articles.
@Suite struct MigrationExampleTests {
    @Test func theFFRouterExample() async throws {
        let ff = Router()
        try ff.register("protocol://page/routerDetails/:id") { match in
            print("details", match.parameters.get("id") ?? "", match.parameters.get("nickname") ?? "")
            if let image = match.parameters["img"] as? [UInt8] { print("image of", image.count, "bytes") }
        }
        try ff.register("protocol://page/routerDetails") { match in
            print("product", match.parameters.get("product") ?? "")
        }
        try ff.registerObject("protocol://page/routerObjectDetails") { _ in
            "According to the need to return the necessary Object"
        }
        try ff.registerCallback("protocol://page/RouterCallbackDetails") { _ in
            "Any Object"
        }
        try ff.addRewriteRule(
            "(?:https://)?www.amazon.com/search/(.*)", target: "protocol://page/routerDetails?product=$1")
        ff.setUnmatchedHandler { miss in print("unregistered:", miss.url) }

        ff.route("protocol://page/routerDetails/666?nickname=imlifengfeng")  // details 666 imlifengfeng
        // details 1, image of 4 bytes
        ff.route("protocol://page/routerDetails/1", extra: ["img": [UInt8](repeating: 0, count: 4)])
        let object = try ff.routeObject("protocol://page/routerObjectDetails").get().value(as: String.self)
        let callback = try await ff.routeCallback("protocol://page/RouterCallbackDetails").get().value
        ff.route("https://www.amazon.com/search/Atomic_bomb")  // product Atomic_bomb
        ff.route("protocol://nowhere")  // unregistered: protocol://nowhere

        #expect(object == "According to the need to return the necessary Object")
        #expect(callback as? String == "Any Object")
        let details = try ff.route("protocol://page/routerDetails/666?nickname=imlifengfeng").get()
        #expect(details.parameters.get("id") == "666" && details.parameters.get("nickname") == "imlifengfeng")
        let extra = try ff.route("protocol://page/routerDetails/1", extra: ["img": [UInt8](repeating: 0, count: 4)])
            .get()
        #expect((extra.parameters["img"] as? [UInt8])?.count == 4)
        let product = try ff.route("https://www.amazon.com/search/Atomic_bomb").get()
        #expect(product.route.pattern == "protocol://page/routerDetails")
        #expect(product.parameters.get("product") == "Atomic_bomb")
        #expect(ff.route("protocol://nowhere").failure?.miss?.reason == .noMatch)
    }

    @Test func theYFRouterExample() throws {
        var yfHandling = HandlerOptions()
        yfHandling.defaultScheme = "app"
        yfHandling.fallbackToLastHandler = true
        let yf = Router(handlerOptions: yfHandling)

        try yf.register("YF:///feed/detail/:id") { match in
            print("detail", match.parameters.get("id") ?? "", match.parameters.get("city") ?? "")
        }
        try yf.register("YF:///feed") { match in print("feed", match.path) }
        try yf.registerObject("YF://alert") { match in
            "\(match.parameters.get("title") ?? ""): \(match.parameters.get("message") ?? "")"
        }
        try yf.register("/:target/:action") { match in
            print(match.parameters.get("target") ?? "", match.parameters.get("action") ?? "")
        }
        yf.setUnmatchedHandler { miss in print("uncaught", miss.url) }

        yf.route("YF:///feed/detail/001", extra: ["city": "shanghai"])  // detail 001 shanghai
        yf.route("YF:///feed/more/news")  // feed /feed/more/news (the fallback)
        let alert = try yf.routeObject("YF://alert?title=Hello&message=World").get().value(as: String.self)
        yf.route("/user/login")  // user login (the default scheme)
        yf.route("other://user/login")  // uncaught other://user/login

        #expect(alert == "Hello: World")
        let detail = try yf.route("YF:///feed/detail/001", extra: ["city": "shanghai"]).get()
        #expect(detail.parameters.get("id") == "001" && detail.parameters.get("city") == "shanghai")
        let fallback = try yf.route("YF:///feed/more/news").get()
        #expect(fallback.route.pattern == "YF:///feed" && fallback.path == "/feed/more/news")
        let login = try yf.route("/user/login").get()
        #expect(login.parameters.get("target") == "user" && login.parameters.get("action") == "login")
        #expect(yf.route("other://user/login").failure?.miss?.reason == .noMatch)
    }

    @Test func theABRouterExample() throws {
        let screens = try RouteTable<Screen>(
            [
                .init("/list", value: .list),
                .init("/detail/:detailId", value: .detail),
                .init("/detail/:detailId", variant: "A", value: .detailA),
                .init("/detail/:detailId", variant: "B", value: .detailB),
            ], options: .handlerRouter)
        let detail = try screens.lookup(method: nil, url: "/detail/1?optionalParam=2").get()
        // detail.value == .detail, detailId "1", optionalParam "2"
        let a = try screens.lookup(method: nil, url: "/detail/1", variants: ["A", "B"]).get().value  // .detailA
        let b = try screens.lookup(method: nil, url: "/detail/2", variants: ["B"]).get().value  // .detailB
        let list = try screens.lookup(method: nil, url: "abrouter:///list").get().value  // .list

        let actions = Router()
        try actions.register("/alert/:msg") { match in
            print(match.parameters.get("title") ?? "", match.parameters.get("msg") ?? "")
        }
        actions.route("/alert/test%20message?title=test%20title")  // test title test message

        #expect(detail.value == .detail && detail.parameters.get("detailId") == "1")
        #expect(detail.parameters.get("optionalParam") == "2")
        #expect(a == .detailA && b == .detailB && list == .list)
        let alert = try actions.route("/alert/test%20message?title=test%20title").get()
        #expect(alert.parameters.get("msg") == "test message" && alert.parameters.get("title") == "test title")
    }

    @Test func theFTRouterExample() throws {
        var ftHandling = HandlerOptions()
        ftHandling.defaultScheme = "ft"
        ftHandling.transitionPrefixes = ["push", "present", "back", "root"]
        ftHandling.fragmentAsCallbackURL = true
        let ft = Router(handlerOptions: ftHandling)

        let classes = Data(
            """
            {
              "account/setting": "SettingViewController",
              "contract/list": "ContractsListViewController",
              "ft://order/flash": "FlashOrderViewController",
              "ft://contract/edit": "GroupEditViewController"
            }
            """.utf8)
        try ft.registerRoutes(json: classes)

        let routed = try ft.routeObject("FT://present/contract/edit#other://done", extra: ["datas": [1, 2]]).get()
        let destination = routed.value(as: String.self)  // "GroupEditViewController"
        let transition = routed.match.transition  // "present"
        let callback = routed.match.callbackURL  // "other://done"
        let setting = try ft.routeObject("/push/account/setting").get().value(as: String.self)

        #expect(destination == "GroupEditViewController")
        #expect(transition == "present" && callback == "other://done")
        #expect(setting == "SettingViewController")
        #expect((routed.match.parameters["datas"] as? [Int]) == [1, 2])
    }
}

/// Every Swift block of the README and of the DocC articles is compiled and run by a test.
@Suite struct DocumentationCodeIsTestedTests {
    @Test func everySwiftBlockOfTheDocumentationIsInATest() throws {
        let blocks = try DocumentationBlocks.swiftBlocks()
        let sources = try DocumentationBlocks.compiledSources()
        var checked = 0
        for block in blocks where !block.isManifestFragment {
            for chunk in block.chunks {
                checked += 1
                let found = sources.contains { DocumentationBlocks.contains($0.lines, chunk) }
                #expect(found, "\(block.file):\(block.line): not in any test:\n\(chunk.joined(separator: "\n"))")
            }
        }
        // The README has 6 blocks of Swift, the articles 18, in 41 chunks to check (the manifest
        // fragments aside): the check cannot pass by reading none.
        #expect(blocks.filter { $0.file == "README.md" }.count >= 6)
        #expect(blocks.count >= 24 && checked >= 41, "\(blocks.count) blocks, \(checked) chunks checked")
    }
}
