import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

@Suite struct SharedRegexTests {
    @Test(arguments: [
        "abc", "a|b|", "(a)(?:b)", "[a-z0-9_.-]+", "[^\\W\\d]", "\\d\\D\\w\\W\\s\\S\\b\\B\\n\\r\\t\\f\\v",
        "\\x41\\.\\-\\/",
        "a*?b+?c??d{2}e{2,}f{2,3}?", "^(?=a)(?!b)(?<=c)(?<!d)$", "(?<=ab|c)x", "(?<=(?:a|b)c)x", "]", "é+", "[\\]\\[]",
        "(?:https://)?www.amazon.com/search/(.*)",
    ])
    func acceptsTheSharedSyntax(source: String) throws {
        let regex = try SharedRegex(source)
        #expect(regex.source == source)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var source: String
        var offset: Int
        var message: String
        var testDescription: String { source }
    }

    @Test(arguments: [
        Refusal(source: "a(?i)b", offset: 1, message: "inline options"),
        Refusal(source: "(?<n>a)", offset: 0, message: "named groups"),
        Refusal(source: "(a)\\1", offset: 3, message: "backreferences"),
        Refusal(source: "\\Qa\\E", offset: 0, message: "\\Q...\\E"),
        Refusal(source: "(?#c)", offset: 0, message: "comments"),
        Refusal(source: "(?R)", offset: 0, message: "recursion"),
        Refusal(source: "x(*COMMIT)", offset: 1, message: "backtracking verbs"),
        Refusal(source: "[[:alpha:]]", offset: 1, message: "POSIX classes"),
        Refusal(source: "[a&&b]", offset: 2, message: "(&&)"),
        Refusal(source: "[a--b]", offset: 2, message: "(--)"),
        Refusal(source: "a*+", offset: 2, message: "possessive"),
        Refusal(source: "a{", offset: 1, message: "write \\{"),
        Refusal(source: "a}", offset: 1, message: "\\}"),
        Refusal(source: "a{5,2}", offset: 1, message: "out of order"),
        Refusal(source: "a{1001}", offset: 1, message: "above 1000"),
        Refusal(source: "\\p{L}", offset: 0, message: "Unicode properties"),
        Refusal(source: "\\z", offset: 0, message: "the escape \\z"),
        Refusal(source: "(?<=a+)b", offset: 0, message: "fixed number"),
        Refusal(source: "(?<=x(?:a|bc))b", offset: 0, message: "fixed number"),
        Refusal(source: "((a)", offset: 0, message: "missing ')'"),
        Refusal(source: "a)", offset: 1, message: "unmatched ')'"),
        Refusal(source: "[]", offset: 1, message: "empty class"),
        Refusal(source: "é\\é", offset: 2, message: "the escape"),
    ])
    func refusesEverythingElseWithTheOffset(refusal: Refusal) {
        do {
            _ = try SharedRegex(refusal.source)
            Issue.record("\(refusal.source) was accepted")
        } catch {
            #expect(error.offset == refusal.offset, "\(error)")
            #expect(error.message.contains(refusal.message), "\(error)")
        }
    }

    @Test func countsCapturingGroups() throws {
        #expect(try SharedRegex("(a)(?:b)((c)|(?=d))").captureCount == 3)
        #expect(try SharedRegex("[(]\\(").captureCount == 0)
    }

    @Test func rendersPortableConstructs() throws {
        #expect(try SharedRegex("ab1").portablePattern == "ab1")
        #expect(try SharedRegex("a.b").portablePattern == #"a[^\x{A}-\x{D}\x{85}\x{2028}\x{2029}]b"#)
        #expect(try SharedRegex("^\\d$").portablePattern == #"\A\p{Nd}\z"#)
        #expect(try SharedRegex("\\x41-\\x2E").portablePattern == #"A\x{2D}\x{2E}"#)
        #expect(try SharedRegex("[^a\\D]").portablePattern == #"(?:(?![a])[\p{Nd}])"#)
        // One consuming class, so that a repetition of it never chooses between overlapping branches.
        #expect(
            try SharedRegex("[a\\W]").portablePattern
                == #"(?:(?!(?:(?![a])[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\x{200C}\x{200D}]))[\x{0}-\x{10FFFF}])"#)
        #expect(try SharedRegex("(?:ab)+?").portablePattern == "(?:ab)+?")
        #expect(try SharedRegex("^a$").portablePattern(start: "S", end: "E") == "SaE")
    }

    @Test func refusesExpressionsThatExpandTooFar() {
        #expect(throws: SharedRegex.SyntaxError.self) { try SharedRegex("(?:(?:\\w{1000}){1000}){1000}") }
    }
}

@Suite struct RewriteTemplateTests {
    func expand(_ expression: String, _ target: String, _ url: String) throws -> String? {
        let rule = try RewriteRule(expression, target: target)
        // A tiny matcher for the test: the expression is a literal prefix followed by one group `(.*)`.
        let prefix = String(expression.dropLast(4))
        guard url.hasPrefix(prefix) else { return nil }
        let start = url.index(url.startIndex, offsetBy: prefix.count)
        return rule.template.expand(url: url, groups: [url.startIndex..<url.endIndex, start..<url.endIndex])
    }

    @Test func expandsGroupsVariablesAndModifiers() throws {
        #expect(try expand("x://(.*)", "y://$1", "x://abc") == "y://abc")
        #expect(try expand("x://(.*)", "y://$$1", "x://a b") == "y://a%20b")
        #expect(try expand("x://(.*)", "y://$#1", "x://a%20b") == "y://a b")
        #expect(try expand("x://(.*)", "y://$#1", "x://a%2") == "y://a%2")
        #expect(try expand("x://(.*)", "$scheme|$host|$port|$path|$query|$fragment", "x://h:1/p?q#f") == "x|h|1|/p|q|f")
        #expect(try expand("x://(.*)", "${url}!", "x://h") == "x://h!")
        #expect(try expand("x://(.*)", "$ $x $$ $#", "x://h") == "$ $x $$ $#")
        #expect(try expand("x://(.*)", "${1}0$0", "x://h") == "h0x://h")
    }

    @Test func refusesTargetsNamingMissingGroups() throws {
        #expect(
            try #require(throws: RouterError.self) { _ = try RewriteRule("(a)", target: "$2") }.code
                == .invalidRewriteRule)
        #expect(
            try #require(throws: RouterError.self) { _ = try RewriteRule("(a)", target: "$$2") }.code
                == .invalidRewriteRule)
        #expect(
            try #require(throws: RouterError.self) { _ = try RewriteRule("(a)", target: "$12") }.code
                == .invalidRewriteRule)
        #expect(
            try #require(throws: RouterError.self) { _ = try RewriteRule("a(", target: "x") }.code
                == .invalidRewriteRule)
        do {
            _ = try RewriteRule("(a)", target: "x$12")
        } catch {
            #expect(error.offset == 1)
            #expect(error.message.contains("write ${1}2"))
        }
    }
}
