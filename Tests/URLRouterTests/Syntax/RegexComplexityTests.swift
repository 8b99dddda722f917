import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

@Suite struct RegexComplexityTests {
    /// Shapes a backtracking engine runs in linear time: accepted as constraints and as rules.
    @Test(arguments: [
        "\\d+", "[a-z]+-\\d+", "\\d{3}\\d{4}", "\\d{4}-\\d{2}-\\d{2}", "[0-9a-f]{8}-[0-9a-f]{4}", "(?:ab)+", "a*b*c*",
        "(?:https://)?www.amazon.com/search/(.*)", "^/old/(.*)/edit$", ".*foo", "(?:a|b)+", "x(?:ab?)*y",
        "[^/]+\\.json", "\\w+(?:-\\w+)*", "(?=\\d{2})\\d+", "\\bword\\b", "[\\W\\S]+x", "a{2,5}b", "(?:a|bc){3}",
        "", "a?", "é+è+", "\\d{1,3}(?:\\.\\d{1,3}){3}", "\\D+\\d+", "\\S+\\s+\\S+",
    ])
    func acceptsLinearShapes(source: String) throws {
        let regex = try SharedRegex(source)
        #expect(
            regex.complexity.anchoredFinding == nil,
            "\(regex.complexity.anchoredFinding.map(String.init(describing:)) ?? "")")
        #expect(regex.complexity.workPerByte > 0)
    }

    typealias Refusal = SharedRegexTests.Refusal

    /// The classic ReDoS shapes, refused as constraints with the part that makes them so.
    @Test(arguments: [
        Refusal(source: "(?:a+)+b", offset: 3, message: "two different ways"),
        Refusal(source: "(a|a)*", offset: 1, message: "two different ways"),
        Refusal(source: "(?:a|aa)+c", offset: 3, message: "two different ways"),
        Refusal(source: "\\d+\\d+", offset: 0, message: "two different ways"),
        Refusal(source: "\\d+\\d*x", offset: 0, message: "two different ways"),
        Refusal(source: ".*.*x", offset: 0, message: "two different ways"),
        Refusal(source: "(?:\\w+\\s?)*", offset: 3, message: "two different ways"),
        Refusal(source: "(a*)*", offset: 4, message: "empty text"),
        Refusal(source: "(?:a?)+", offset: 6, message: "empty text"),
        Refusal(source: "(?=.*x)a", offset: 0, message: "lookaround with an unbounded"),
        Refusal(source: "(?:x+x+)+y", offset: 3, message: "two different ways"),
        Refusal(source: "[a-z]*\\d?[a-z]*", offset: 0, message: "two different ways"),
        // Outside ASCII the check is conservative: these ranges are disjoint, but taken as overlapping.
        Refusal(source: "[à-ä]+[é-ë]+", offset: 0, message: "two different ways"),
    ])
    func refusesSuperLinearShapes(refusal: Refusal) throws {
        let regex = try SharedRegex(refusal.source)
        guard let finding = regex.complexity.anchoredFinding else {
            Issue.record("\(refusal.source) was accepted")
            return
        }
        #expect(finding.message.contains(refusal.message), "\(finding)")
        #expect(finding.offset == refusal.offset, "\(finding)")
        #expect(regex.complexity.searchFinding != nil)
    }

    /// Rules are searched for at every position: a rule two attempts can both be working on is
    /// quadratic, unless anchored or decided once it has started.
    @Test(arguments: [
        ("a+b", false), ("(\\w+)\\.example\\.com", false), (".*foo", false), ("\\d+", true),
        ("^(\\w+)\\.example\\.com", true), ("//(\\w+)\\.example", true),
        ("(?:https://)?www.amazon.com/search/(.*)", true),
        ("abc", true), ("x.*y$", false), ("/users/(\\d+)", true),
    ])
    func rulesMustSearchInLinearTime(source: String, accepted: Bool) throws {
        let regex = try SharedRegex(source)
        #expect(
            (regex.complexity.searchFinding == nil) == accepted,
            "\(regex.complexity.searchFinding.map(String.init(describing:)) ?? "accepted")")
    }
}
