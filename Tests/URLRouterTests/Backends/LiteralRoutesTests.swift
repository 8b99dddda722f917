import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

#if PCRE2

/// The PCRE2 backend answers wholly literal paths from a hash map before any regex
/// (`LiteralRoutes`): it must give exactly the alternation's answer, and make no engine call
/// when it answers.
@Suite struct LiteralRoutesTests {
    /// Each route's name is its own: the answer names the winner by it.
    func routes(_ routes: [(pattern: String, variant: String?, priority: Int, name: String)]) throws
        -> [RouteRegistration]
    {
        try routes.enumerated().map { handle, route in
            RouteRegistration(
                pattern: try RoutePattern(route.pattern), variant: route.variant, priority: route.priority,
                name: route.name, handle: handle)
        }
    }

    /// How many engine calls the PCRE2 table makes for one lookup of `url`.
    func engineCalls(_ table: CompiledTable, _ url: String, method: String? = nil) throws -> Int {
        let replay = try #require(
            table.recordRawMatches(lookups: 1) { table, _ in _ = table.lookup(url, method: method) })
        return replay.callCount
    }

    @Test func aLiteralPathIsAnsweredWithoutTheEngineAndOtherPathsStillUseIt() throws {
        let tables = try TablePair([("/user/repos", "GET"), ("/user/:name", "GET"), ("/", nil)])
        #expect(tables.answer("/user/repos", method: "GET") == "r0 ")
        #expect(try engineCalls(tables.pcre2, "/user/repos", method: "GET") == 0)
        #expect(tables.answer("/user/octocat", method: "GET") == "r1 octocat")
        #expect(try engineCalls(tables.pcre2, "/user/octocat", method: "GET") == 1)
        #expect(tables.answer("/") == "r2 ")
        #expect(tables.answer("") == "r2 ")
        #expect(try engineCalls(tables.pcre2, "/") == 0)
    }

    @Test func aPathWhoseLiteralRoutesDoNotAnswerTheMethodGoesOnToTheAlternation() throws {
        let tables = try TablePair([("/a/b", "GET"), ("/a/:x", "POST"), ("/a/c", "PUT")])
        #expect(tables.answer("/a/b", method: "GET") == "r0 ")
        #expect(tables.answer("/a/b", method: "HEAD") == "r0 ", "GET answers HEAD, by the table's one rule")
        #expect(tables.answer("/a/b", method: "POST") == "r1 b")
        #expect(tables.answer("/a/b", method: "DELETE") == "methodNotAllowed")
        #expect(try engineCalls(tables.pcre2, "/a/b", method: "POST") == 1)
        let miss = try #require(tables.pcre2.lookup("/a/c", method: "GET").failure)
        #expect(miss.allowedMethods == ["POST", "PUT"])
    }

    @Test func aRouteOfHigherPriorityKeepsWinningOverALiteralPath() throws {
        let tables = try TablePair(
            registrations: try routes([
                ("/p/q", nil, 0, "literal"), ("/p/:x", nil, 1, "param"), ("/p/r", nil, 1, "high literal"),
            ]))
        #expect(tables.answer("/p/q") == "param q")
        #expect(tables.answer("/p/r") == "high literal ")
        #expect(try engineCalls(tables.pcre2, "/p/r") == 0)
        #expect(
            try engineCalls(tables.pcre2, "/p/q") == 1, "a literal route below another's priority is not in the map")
    }

    @Test func foldedCaseSchemesAndVariantsAnswerAsTheAlternationDoes() throws {
        var options = RouterOptions.handlerRouter
        options.caseInsensitive = true
        let folded = try TablePair(
            [("/Users/Me/Settings-Page", nil), ("/users/:id/settings-page", nil)], options: options)
        #expect(folded.answer("/USERS/me/settings-PAGE") == "r0 ")
        #expect(try engineCalls(folded.pcre2, "/users/ME/settings-page") == 0)
        #expect(folded.answer("/users/you/settings-page") == "r1 you")

        options = RouterOptions.handlerRouter
        options.strictVariants = true
        let tables = try TablePair(
            registrations: try routes([
                ("app://home/page", nil, 0, "app"), ("/home/page", "beta", 0, "beta"), ("/home/:p", nil, 0, "any"),
            ]), options: options)
        #expect(tables.answer("app:///home/page") == "app ")
        #expect(
            tables.answer("web:///home/page") == "any page", "strict variants: no untagged target without a variant")
        #expect(tables.answer("/home/page") == "any page")
        // Strict variants: the scheme-bound route has no `beta` target, so the next literal route answers.
        for (url, variants, expected) in [("/home/page", ["beta"], "beta"), ("app:///home/page", ["beta"], "beta")] {
            let pcre2 = tables.pcre2.lookup(url, variants: variants).success?.route.name
            let foundation = tables.foundation.lookup(url, variants: variants).success?.route.name
            #expect(pcre2 == expected, "\(url) \(variants)")
            #expect(foundation == expected, "\(url) \(variants)")
        }
    }

    @Test func literalRoutesAreLeftOutOfTheAlternationAndStillDecideMissesAnd405() throws {
        // Every route literal: the alternation holds none of them, and every answer still agrees.
        let literal = try TablePair([("/a", "GET"), ("/a/b", "PUT"), ("/a/b", "POST"), ("/c", nil)])
        #expect(literal.answer("/a/b", method: "POST") == "r2 ")
        #expect(literal.answer("/a/b", method: "GET") == "methodNotAllowed")
        #expect(literal.pcre2.lookup("/a/b", method: "GET").failure?.allowedMethods == ["POST", "PUT"])
        #expect(literal.answer("/a/x", method: "GET") == "noMatch")
        #expect(literal.answer("/c", method: "DELETE") == "r3 ")
        // The compiled pattern's bytes, not its JIT code's: JIT code holds addresses and calls, which sljit
        // encodes shorter when they are near, so the same pattern's JIT size depends on where memory lies.
        let literalBytes = try #require(literal.pcre2.routePatternFacts).patternBytes
        // The same table with one route that takes a parameter: only that route is compiled.
        let mixed = try TablePair([("/a", "GET"), ("/a/b", "PUT"), ("/a/b", "POST"), ("/c", nil), ("/a/:x", "GET")])
        #expect(mixed.answer("/a/b", method: "GET") == "r4 b")
        #expect(mixed.answer("/a/b", method: "PUT") == "r1 ")
        let mixedBytes = try #require(mixed.pcre2.routePatternFacts).patternBytes
        let alone = try #require(TablePair([("/a/:x", "GET")]).pcre2.routePatternFacts).patternBytes
        #expect(literalBytes < alone, "an alternation of no route is smaller than one of a route")
        #expect(mixedBytes == alone, "the literal routes add nothing to the compiled pattern")
    }

    /// The handler router's fallback matches shorter runs of a URL's segments: the literal map
    /// answers each run as the alternation would.
    @Test func theFallbackLooksUpEachShorterPath() throws {
        var handling = HandlerOptions()
        handling.fallbackToLastHandler = true
        let answers = try RouterBackend.available.map { backend -> [String] in
            let router = Router(handlerOptions: handling, backend: backend)
            try router.register(
                contentsOf: [
                    RouteDefinition("/docs", name: "r0", handler: .value(0)),
                    RouteDefinition("/docs/:page/:section", name: "r1", handler: .value(1)),
                ])
            return ["/docs/intro/a/b", "/docs/intro", "/docs/intro/a"].map { url in
                switch router.match(url) {
                case .success(let match):
                    (match.route.name ?? "?") + " "
                        + (0..<match.parameterCount).map { String(match.parameter(at: $0)) }.joined(separator: ",")
                case .failure(let miss): miss.reason.name
                }
            }
        }
        // No route of two segments: for /docs/intro the fallback finds /docs.
        #expect(answers.allSatisfy { $0 == ["r1 intro,a", "r0 ", "r1 intro,a"] }, "\(answers)")
    }

    @Test func theWordHashAndComparisonFoldLikeTheByteFold() {
        // Every byte in every lane of a word lowers as asciiLower does.
        for byte in 0...255 {
            for lane in 0..<8 {
                let word = UInt64(byte) << (8 * lane) | 0x4142_4344_4546_4748 & ~(0xFF << (8 * UInt64(lane)))
                let expected = withUnsafeBytes(of: word) { bytes in
                    bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64(asciiLower($1.element)) << (8 * $1.offset) }
                }
                #expect(ByteHash.lowered(word) == expected, "byte \(byte) in lane \(lane)")
            }
        }
        // Keys of every length up to 40: the folded hash of a mixed-case key is the plain hash of
        // its lowered bytes, equal keys compare equal, and a key differing in one byte does not.
        let text = Array("AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/-_.".utf8)
        for length in 0...text.count {
            let key = Array(text[..<length])
            let lowered = key.map(asciiLower)
            key.withUnsafeBufferPointer { key in
                lowered.withUnsafeBufferPointer { lowered in
                    #expect(ByteHash.words(key, folding: true) == ByteHash.words(lowered, folding: false))
                    #expect(ByteHash.equal(key, lowered.baseAddress ?? UnsafePointer(bitPattern: 1)!, folding: true))
                    if length > 0 {
                        var other = Array(lowered)
                        other[length - 1] ^= 0x01
                        #expect(!ByteHash.equal(key, other, folding: true), "length \(length)")
                        #expect(
                            ByteHash.words(lowered, folding: false)
                                != other.withUnsafeBufferPointer {
                                    ByteHash.words($0, folding: false)
                                })
                    }
                }
            }
        }
    }
}
#endif
