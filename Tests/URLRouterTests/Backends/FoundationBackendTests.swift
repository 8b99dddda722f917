import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

@Suite struct CompositeMatcherTests {
    func captures(_ pattern: String, _ segment: String, caseInsensitive: Bool = false) throws -> [String]? {
        guard case .composite(let pieces) = try RoutePattern("/" + pattern).segments[0].kind else {
            Issue.record("\(pattern) is not an in-segment pattern")
            return nil
        }
        let matcher = CompositeMatcher(
            CompositePattern(
                pieces: pieces.map {
                    switch $0 {
                    case .literal(let text): return .literal(text)
                    case .capture: return .capture
                    case .star: return .star
                    }
                }),
            caseInsensitive: caseInsensitive)
        let bytes = Array(segment.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            matcher.match(buffer).map { $0.map { String(decoding: bytes[$0], as: UTF8.self) } }
        }
    }

    @Test func capturesAreGreedyFromTheLeft() throws {
        #expect(try captures("{my-file}.json", ".json.json") == [".json"])
        #expect(try captures("{a}.{b}", "x.y.z") == ["x.y", "z"])
        #expect(try captures("img-{w}x{h}", "img-1x2x3") == ["1x2", "3"])
        #expect(try captures("{a}{b}", "abc") == ["abc", ""])
        #expect(try captures("{a}-{b}-{c}.tar", "x-y-z-w.tar") == ["x-y", "z", "w"])
        #expect(try captures("*.{ext}", "a.b.c") == ["c"])
        #expect(try captures("{a}*{b}", "xyz") == ["xyz", ""])
    }

    @Test func literalsMustMatch() throws {
        #expect(try captures("{a}.jpg", "cat.png") == nil)
        #expect(try captures("pre{a}", "prx") == nil)
        #expect(try captures("a{x}a", "a") == nil, "the two literals may not overlap")
        #expect(try captures("a{x}a", "aa") == [""])
        #expect(try captures("{a}.JPG", "x.jpg") == nil)
        #expect(try captures("{a}.JPG", "x.jpg", caseInsensitive: true) == ["x"])
    }

    @Test func escapesAreNeverSplit() throws {
        #expect(try captures("{a}2F{b}", "x%2Fy") == nil)
        #expect(try captures("{a}2F{b}", "x%2F2Fy") == ["x%2F", "y"])
        #expect(try captures("{a}%2F{b}", "x%2Fy") == ["x", "y"])
        #expect(try captures("{a}5{b}", "%255") == ["%25", ""])
    }

    @Test func longSegmentsStayFast() throws {
        // Linear-ish work: a 10,000-byte segment with three captures and no match.
        let segment = String(repeating: "-", count: 10_000)
        #expect(try captures("{a}-{b}-{c}.tar", segment) == nil)
    }
}

@Suite struct FoundationBackendTests {
    let backend = FoundationBackend()

    @Test func constraintsCompileAlone() throws {
        #expect(backend.compileError(constraint: try SharedRegex("\\d+")) == nil)
        #expect(backend.compileError(rewriteExpression: try SharedRegex("(?<=a|bc)\\bx.\\W")) == nil)
    }

    @Test func runawayRegexReportsLimitExceeded() throws {
        let regex = try BoundedRegex(pattern: #"\A(?:(?:a+)+b)\z"#)
        var budget = WorkBudget()
        let outcome = regex.firstMatch(in: String(repeating: "a", count: 40) + "bc", budget: &budget)
        guard case .limitExceeded = outcome else {
            Issue.record("expected limitExceeded, got \(outcome)")
            return
        }
        #expect(budget.remainingSteps <= 0)
    }

    @Test func ordinaryRegexSpendsLittle() throws {
        let regex = try BoundedRegex(pattern: "b")
        var budget = WorkBudget()
        guard case .match = regex.firstMatch(in: String(repeating: "a", count: 8000) + "b", budget: &budget) else {
            Issue.record("expected a match")
            return
        }
        #expect(budget.remainingSteps == WorkBudget.defaultSteps, "moving the start position is free")
    }

    @Test func firstRuleInOrderWins() throws {
        let rules = try [
            RewriteRule("zzz", target: "one"), RewriteRule("aaa", target: "two"), RewriteRule("q*", target: "three"),
        ]
        let rewriter = try backend.makeRewriter(rules: rules)
        var budget = WorkBudget()
        guard case .applied(let rule, _) = rewriter.firstApplicableRule(in: "x://aaa/zzz", budget: &budget) else {
            Issue.record("a rule applies")
            return
        }
        #expect(rule == 0)
        #expect(
            rewriter.firstApplicableRule(in: "x://qq", budget: &budget) == RewriteOutcome.none, "q* first matches empty"
        )
    }

    /// The portable rendering gives ICU the meanings SharedRegex documents.
    @Test(arguments: [
        ("\\w", "\u{301}", true), ("\\w", "Ⅷ", true), ("\\w", "²", false), ("\\w", "_", true), ("\\d", "٣", true),
        ("\\d", "²", false), ("\\s", "\u{3000}", true), ("\\s", "\u{0B}", true), ("\\s", "\u{200B}", false),
        ("\\v", "\u{2028}", true), ("\\v", " ", false), (".", "\r", false), (".", "\u{85}", false), (".", "é", true),
        ("[^a\\D]", "5", true), ("[^a\\D]", "a", false), ("[a\\W]", "!", true), ("[a\\W]", "b", false),
        ("a\\b", "a", true), ("\\Ba", "a", false), ("^a$", "a", true),
    ])
    func renderedSemantics(source: String, subject: String, matches: Bool) throws {
        let regex = try BoundedRegex(pattern: #"\A(?:"# + (try SharedRegex(source)).portablePattern + #")\z"#)
        var budget = WorkBudget()
        let outcome = regex.firstMatch(in: subject, budget: &budget)
        if case .match = outcome { #expect(matches) } else { #expect(!matches) }
    }

    @Test func anEmptyRuleCompilesAndNeverApplies() throws {
        // ICU on Linux refuses an empty pattern; PCRE2 accepts it. Both see `(?:)` now.
        #expect(backend.compileError(rewriteExpression: try SharedRegex("")) == nil)
        let rewriter = try backend.makeRewriter(rules: [try RewriteRule("", target: "$0")])
        var budget = WorkBudget()
        #expect(
            rewriter.firstApplicableRule(in: "x://a", budget: &budget) == RewriteOutcome.none,
            "its first match is empty")
    }

    @Test func aSearchICUWouldAbandonIsStoppedFirstAndReported() throws {
        // ICU's own time limit ends a long search as if nothing matched; the net stops it before.
        let regex = try BoundedRegex(pattern: #"\A(?:(?:a+)+b)\z"#)
        var budget = WorkBudget()
        let outcome = regex.firstMatch(in: String(repeating: "a", count: 6000) + "c", budget: &budget)
        guard case .limitExceeded = outcome else {
            Issue.record("expected limitExceeded, got \(outcome)")
            return
        }
        #expect(budget.remainingSteps == 0)
    }

    @Test func theCacheHoldsOnlyWhatTheLastTableUses() throws {
        let backend = FoundationBackend()
        for round in 0..<3 {
            var registry = RouteRegistry(options: RouterOptions())
            for index in 0..<200 {
                let pattern = try RoutePattern("/r/:x(\\d{\(round + 1)}z\(index))")
                registry.add(RouteRegistration(pattern: pattern, handle: index))
            }
            let rules = try (0..<5).map { try RewriteRule("^r\(round)x\($0)", target: "/a") }
            _ = try CompiledTable(engine: backend, registry: registry, rules: rules)
            #expect(backend.cachedRegexCount == 205, "round \(round)")
        }
        _ = try CompiledTable(engine: backend, registry: RouteRegistry(options: RouterOptions()), rules: [])
        #expect(backend.cachedRegexCount == 0)
    }
}
