/// The work a lookup's user regexes can do, bounded before any of them runs, the same way on
/// every backend.
///
/// Every accepted constraint and rule backtracks in linear time (``RegexComplexity``): running it
/// on `n` bytes costs at most `(n + 1) * workPerByte` steps, and an anchored attempt (a constraint,
/// a rule starting with `^`) that every way has left after `k` bytes, `(k + 1) * workPerByte`
/// (``probedBytes`` are probed to find `k`). A lookup adds up that bound for every
/// regex it may run: each rewrite rule on the URL, then, for each call to the route matcher, each
/// constraint of each route the backend may reach with the request's segments (every route whose
/// literal positions before the constraint equal the request's segments; the bound counts a
/// constraint even when a position before it would fail). When the sum passes the lookup's
/// ``WorkBudget``, the lookup answers `limitExceeded` before the regexes run. The sum depends
/// only on the table and the URL, never on the engine, so both backends give that answer at the
/// same URLs, and no engine's own count decides it.
///
/// Each run of a regex is also charged ``stepsPerRun``, the fixed cost of an engine call, so that
/// many tiny runs (10,000 constraints on one-byte segments, in every call of the fallback) are
/// bounded too.
///
/// Nearly every lookup skips the sum: when even the crude bound (every rule and every constraint
/// of the table on the whole URL, in every matcher call) fits the budget (``fits(urlLength:rewritable:calls:)``),
/// nothing can pass it, and nothing is charged. A table whose crude bound fits at
/// ``RouterOptions/maxURLLength`` never charges at all.
struct RegexWork: Sendable {
    /// What one run of a regex costs besides its bytes: starting a search costs something of its
    /// own, however short the text.
    static let stepsPerRun = 200
    /// How many bytes the bound reads to see whether an attempt dies early (most attempts that
    /// fail do so in a few bytes); an attempt still going after that is charged the whole text.
    static let probedBytes = 16

    /// The bound for one anchored attempt on `text`.
    static func anchoredSteps(_ regex: RegexComplexity, _ text: UnsafeBufferPointer<UInt8>) -> Int {
        let probed = regex.readableBytes(text, limit: probedBytes)
        let readable = probed < probedBytes ? probed : text.count
        return (readable + 1) * regex.workPerByte + stepsPerRun
    }

    /// One route with constraints, as the bound sees it.
    struct Route: Sendable {
        /// Where the route's positions fall among a request's segments.
        var layout: SegmentLayout
        /// Literal positions (comparison form, folded when the router folds case) before the last constraint.
        var literals: [(position: Int, bytes: [UInt8])]
        /// Constraint positions and their regexes.
        var constraints: [(position: Int, complexity: RegexComplexity)]
    }

    /// Steps per byte of URL of the rules searched for at every position.
    let ruleWorkPerByte: Int
    /// How many rules there are (each is one run).
    let ruleRuns: Int
    /// The rules anchored with `^`: one attempt, charged for the bytes it can read.
    let anchoredRules: [RegexComplexity]
    /// Constrained routes by their first literal; `nil` key: routes not starting with a literal.
    let byFirstLiteral: [[UInt8]: [Route]]
    let unbucketed: [Route]
    let caseInsensitive: Bool
    /// Whether a lookup can reach the budget at all; when not, nothing is ever charged.
    private(set) var mayExceedBudget: Bool
    /// Steps per byte of every rule, and of every constraint of the table.
    let allRulesWorkPerByte: Int
    let allConstraintsWorkPerByte: Int
    /// How many constraints the table has (each is one run per matcher call).
    let constraintRuns: Int
    let maxURLLength: Int

    init(routes: [CompiledRoute], rules: [RewriteRule], options: RouterOptions) {
        caseInsensitive = options.caseInsensitive
        let anchored = rules.map(\.regex.complexity).filter(\.isStartAnchored)
        anchoredRules = anchored
        ruleWorkPerByte = rules.map(\.regex.complexity).filter { !$0.isStartAnchored }.reduce(0) { $0 + $1.workPerByte }
        ruleRuns = rules.count
        var byFirstLiteral: [[UInt8]: [Route]] = [:]
        var unbucketed: [Route] = []
        var constraintWorkPerByte = 0
        var constraintRuns = 0
        for route in routes {
            var constraints: [(Int, RegexComplexity)] = []
            for (position, element) in route.elements.enumerated() {
                if case .constrained(let regex) = element {
                    constraints.append((position, regex.complexity))
                    constraintWorkPerByte += regex.complexity.workPerByte
                    constraintRuns += 1
                }
            }
            guard let lastConstraint = constraints.last?.0 else { continue }
            var literals: [(Int, [UInt8])] = []
            for (position, element) in route.elements.enumerated().prefix(lastConstraint) {
                if case .literal(let text) = element {
                    literals.append((position, caseFoldedBytes(text.utf8, folding: options.caseInsensitive)))
                }
            }
            let entry = Route(layout: route.layout, literals: literals, constraints: constraints)
            if let first = literals.first, first.0 == 0 {
                byFirstLiteral[first.1, default: []].append(entry)
            } else {
                unbucketed.append(entry)
            }
        }
        self.byFirstLiteral = byFirstLiteral
        self.unbucketed = unbucketed
        allRulesWorkPerByte = rules.reduce(0) { $0 + $1.regex.complexity.workPerByte }
        allConstraintsWorkPerByte = constraintWorkPerByte
        self.constraintRuns = constraintRuns
        maxURLLength = options.maxURLLength
        mayExceedBudget = false
        // The worst lookup: every rule and constraint on the longest URL, in every matcher call.
        mayExceedBudget = !fits(
            urlLength: options.maxURLLength, rewritable: !rules.isEmpty, calls: RegexWork.matcherCallsPerLookup)
    }

    /// The most matcher calls a table's own lookup makes: the full match and the
    /// `methodNotAllowed` probe. (A layer that matches more often, as the handler router's
    /// fallback does, has every call charged: ``hasWork``.)
    static let matcherCallsPerLookup = 2

    /// Whether any rule or constraint does regex work a lookup could be charged for.
    var hasWork: Bool { allRulesWorkPerByte > 0 || allConstraintsWorkPerByte > 0 }

    /// Whether the crude bound of a lookup fits the budget: every rule on a URL of `length`
    /// bytes, then every constraint of the table on the whole URL (on the longest URL the router
    /// accepts when a rule may rewrite it), in each of `calls` matcher calls.
    func fits(urlLength length: Int, rewritable: Bool, calls: Int) -> Bool {
        let routed = rewritable ? maxURLLength : length
        let rules = (length + 1).multipliedReportingOverflow(by: allRulesWorkPerByte)
        let constraints = (routed + 1).multipliedReportingOverflow(by: calls * allConstraintsWorkPerByte)
        let runs = (ruleRuns + calls * constraintRuns) * RegexWork.stepsPerRun
        guard !rules.overflow, !constraints.overflow else { return false }
        return rules.partialValue + constraints.partialValue + runs <= WorkBudget.defaultSteps
    }

    /// Charges the rules' bound for `url`; `false` when it passes the budget.
    func chargeRules(_ url: String, to budget: inout WorkBudget) -> Bool {
        guard ruleRuns > 0 else { return true }
        var url = url
        let steps = url.withUTF8 { bytes in
            var steps = (bytes.count + 1) * ruleWorkPerByte + (ruleRuns - anchoredRules.count) * RegexWork.stepsPerRun
            for rule in anchoredRules where steps <= budget.remainingSteps {
                steps += RegexWork.anchoredSteps(rule, bytes)
            }
            return steps
        }
        return budget.charge(steps)
    }

    /// Charges the constraints' bound for one matcher call on the first `segmentCount` of
    /// `segments` (ranges of `bytes`); `false` when it passes the budget.
    func chargeConstraints(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: RangeBuffer, segmentCount: Int, to budget: inout WorkBudget
    ) -> Bool {
        var steps = 0
        let available = budget.remainingSteps
        func charge(_ routes: [Route]) {
            for route in routes where steps <= available {
                guard route.layout.fits(segmentCount: segmentCount) else { continue }
                func segment(_ position: Int) -> Int { route.layout.segment(at: position, segmentCount: segmentCount) }
                var reached = route.literals.count
                for (index, literal) in route.literals.enumerated() {
                    let range = segments[segment(literal.position)]
                    if !equal(UnsafeBufferPointer(rebasing: bytes[range]), literal.bytes) {
                        reached = index
                        break
                    }
                }
                // Constraints before the first literal that fails can run.
                let limit = reached < route.literals.count ? route.literals[reached].position : Int.max
                for constraint in route.constraints where constraint.position < limit && steps <= available {
                    let text = UnsafeBufferPointer(rebasing: bytes[segments[segment(constraint.position)]])
                    steps += RegexWork.anchoredSteps(constraint.complexity, text)
                }
            }
        }
        if segmentCount > 0 {
            let first = UnsafeBufferPointer(rebasing: bytes[segments[0]])
            let key = caseFoldedBytes(first, folding: caseInsensitive)
            if let routes = byFirstLiteral[key] { charge(routes) }
        }
        charge(unbucketed)
        return budget.charge(steps)
    }

    func equal(_ segment: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]) -> Bool {
        caseInsensitive ? asciiCaseInsensitiveEqual(segment, literal) : segment.elementsEqual(literal)
    }
}
