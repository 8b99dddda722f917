#if PCRE2
internal import CURLRouterPCRE2
#endif

/// The PCRE2 JIT backend: the routes of each method in one compiled alternation, every rewrite
/// rule in another.
///
/// Routes are lowered to prefix-factored alternations (see `RouteAlternation`), one per method
/// filter (`MethodShards`), whose first matching branch is the winner, named by `(*MARK)`; one
/// `pcre2_jit_match` call on the request's path answers a lookup.
/// Rewrite rules become one anchored alternation with branch reset, where branch *i* is
/// `(*MARK:i)(?>[\s\S]*?(rule_i))` followed by a callout that refuses an empty match: the atomic
/// group keeps rule *i*'s own leftmost match, and failing it moves on to rule *i+1*, so the first
/// applicable rule in order wins, as SEMANTICS.md section 6 requires.
///
/// User regexes are checked against the shared syntax and compiled on their own when added, and
/// inlined only in their portable rendering, so no rule or constraint can change another.
/// Matching runs under PCRE2's match limit; reaching it reports `limitExceeded`.
///
/// Available only with the `PCRE2` trait (on by default).
final class PCRE2Backend: MatcherBackend {
    let name = "pcre2"

    /// Makes the backend.
    init() {}

    /// Whether this build has the PCRE2 backend (the `PCRE2` trait).
    static var isAvailable: Bool {
        #if PCRE2
        return true
        #else
        return false
        #endif
    }

    /// Whether PCRE2's JIT compiler is available on this machine.
    static var isJITAvailable: Bool {
        #if PCRE2
        return PCRE2Code.jitAvailable
        #else
        return false
        #endif
    }

    /// The PCRE2 library version, or `nil` without the trait.
    static var libraryVersion: String? {
        #if PCRE2
        return PCRE2Code.version
        #else
        return nil
        #endif
    }

    /// Start-of-pattern items that turn off PCRE2's search shortcuts (a required character missing
    /// from the subject, automatic possessive quantifiers, `.*` anchoring). ICU has none of them, so
    /// without them a runaway user regex could end in "no match" here and in `limitExceeded` on the
    /// Foundation backend. With them, both engines search the same tree and reach their work limits
    /// on the same regexes.
    static let sameSearchAsICU = "(*NO_START_OPT)(*NO_AUTO_POSSESS)(*NO_DOTSTAR_ANCHOR)"

    func compileError(constraint: SharedRegex) -> String? {
        compileError(pattern: "/(?:" + constraint.segmentConfinedPattern + ")(?=/)")
    }

    func compileError(rewriteExpression: SharedRegex) -> String? {
        compileError(pattern: rewriteExpression.portablePattern)
    }

    /// Why PCRE2 refuses to compile `pattern` on its own, or `nil` when it compiles.
    func compileError(pattern: String) -> String? {
        #if PCRE2
        do {
            _ = try PCRE2Code(pattern)
            return nil
        } catch {
            return "PCRE2 refused the expression: \(error)"
        }
        #else
        return "this build has no PCRE2 backend"
        #endif
    }

    func makeRouteMatcher(routes: [CompiledRoute], options: RouterOptions, methods: MethodList) throws
        -> any RouteMatcher
    {
        #if PCRE2
        return try PCRE2RouteMatcher(routes: routes, options: options, methods: methods)
        #else
        throw RouterError(.invalidRouteTable, input: "", message: "this build has no PCRE2 backend")
        #endif
    }

    func makeRewriter(rules: [RewriteRule]) throws -> any URLRewriter {
        #if PCRE2
        if rules.isEmpty { return NoRewriteRules() }
        return try PCRE2Rewriter(rules: rules)
        #else
        throw RouterError(.invalidRewriteRule, input: "", message: "this build has no PCRE2 backend")
        #endif
    }
}

/// The rewriter of a table without rules.
struct NoRewriteRules: URLRewriter {
    func firstApplicableRule(in url: String, budget: inout WorkBudget) -> RewriteOutcome { .none }
}

#if PCRE2
/// All rewrite rules in one anchored alternation; the first applicable rule in order wins.
struct PCRE2Rewriter: URLRewriter, CompiledPatternFacts {
    let code: PCRE2Code
    var compiledPatternCount: Int { 1 }
    var isJITCompiled: Bool { code.isJITCompiled }
    var jitCodeBytes: Int { code.jitCodeBytes }
    var patternBytes: Int { code.patternBytes }
    let ruleCount: Int
    let pairs: Int

    init(rules: [RewriteRule]) throws {
        let branches = rules.enumerated().map { index, rule in
            "(*MARK:\(index))(?>[\\s\\S]*?(" + rule.regex.portablePattern + "))(?C1)"
        }
        code = try PCRE2Code(
            PCRE2Backend.sameSearchAsICU + "(?|" + branches.joined(separator: "|") + ")",
            options: UInt32(PCRE2_ANCHORED))
        ruleCount = rules.count
        pairs = code.ovectorPairs
    }

    func firstApplicableRule(in url: String, budget: inout WorkBudget) -> RewriteOutcome {
        let state = PCRE2MatchState.current
        let length = url.utf8.count
        state.pointee.reserve(jitStackBytes: max(256 * 1024, length * 128), pairs: pairs, subjectBytes: 0)
        let context = state.pointee.context
        let matchData = state.pointee.matchData
        // The charged bound (RegexWork) decides limitExceeded; this only stops a runaway engine.
        let limit = WorkBudget.engineNetSteps + ruleCount * (length + 1) * 4
        state.pointee.setMatchLimit(UInt32(clamping: limit))
        var url = url
        let result = url.withUTF8 { bytes -> Int32 in
            pcre2_set_callout_8(context, rewriteCallout, nil)
            defer { pcre2_set_callout_8(context, nil, nil) }
            return PCRE2Code.match(
                code.pointer, jit: code.isJITCompiled, bytes.baseAddress, bytes.count, matchData, context)
        }
        guard result >= 0 else {
            if result == PCRE2_ERROR_NOMATCH { return .none }
            budget.remainingSteps = 0
            return .limitExceeded
        }
        guard let rule = markNumber(in: matchData) else { return .none }
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        let count = Int(pcre2_get_ovector_count_8(matchData))
        // Pair 1 is the rule's whole match ($0); pairs 2… are its groups. Unset pairs hold PCRE2_UNSET (~0, -1 here).
        var groups: [Range<String.Index>?] = []
        let utf8 = url.utf8
        for pair in 1..<min(count, max(Int(result), 2)) {
            let start = ovector[2 * pair]
            let end = ovector[2 * pair + 1]
            guard start >= 0, start <= end, end <= length else {
                groups.append(nil)
                continue
            }
            groups.append(utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end))
        }
        return .applied(rule: rule, groups: groups)
    }
}

/// Refuses an empty match of the rule that just matched (capture 1), so the next rule is tried.
private let rewriteCallout:
    @convention(c) (UnsafeMutablePointer<pcre2_callout_block_8>?, UnsafeMutableRawPointer?) -> Int32 = {
        block, _ in
        guard let block else { return 0 }
        let ovector = block.pointee.offset_vector!
        return ovector[2] == ovector[3] ? 1 : 0
    }
#endif
