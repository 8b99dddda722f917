import Foundation

/// The reference backend: plain Swift matching over the compiled route table, with
/// `NSRegularExpression` (ICU) only for user regexes — constraints and rewrite rules.
///
/// It needs nothing but Foundation, so it is always built. It is written to be obviously
/// right rather than fast: routes are tried one by one in precedence order (narrowed to those
/// whose first literal equals the URL's first segment), which is exactly the definition of the
/// winner in SEMANTICS.md section 3. Every other backend is held to its answers.
///
/// Compiled regexes are reused from the previous table: rebuilding a table after a registration
/// only compiles new constraints and rules. The cache holds what the last table built on this
/// backend uses, nothing else, so registering and removing routes never grows it.
final class FoundationBackend: MatcherBackend {
    let name = "foundation"

    /// The constraints of the last route table built, by pattern.
    private let constraintCache = LockedValue<[String: BoundedRegex]>([:])
    /// The expressions of the last rule list built, by pattern.
    private let ruleCache = LockedValue<[String: BoundedRegex]>([:])

    /// Makes a backend with an empty regex cache.
    init() {}

    /// How many compiled regexes the cache holds (the last route table's and rule list's).
    var cachedRegexCount: Int {
        constraintCache.withLock { $0.count } + ruleCache.withLock { $0.count }
    }

    /// A constraint must match a whole segment.
    static func constraintPattern(_ regex: SharedRegex) -> String {
        #"\A(?:"# + regex.portablePattern + #")\z"#
    }

    /// Compiles every pattern of `patterns` (reusing those `cache` holds), then leaves in `cache`
    /// exactly the ones compiled or reused.
    static func compile(
        _ patterns: [String], cache: LockedValue<[String: BoundedRegex]>
    ) throws -> [String: BoundedRegex] {
        let previous = cache.withLock { $0 }
        var used: [String: BoundedRegex] = [:]
        for pattern in patterns where used[pattern] == nil {
            used[pattern] = try previous[pattern] ?? BoundedRegex(pattern: pattern)
        }
        cache.withLock { $0 = used }
        return used
    }

    /// Compiles `pattern` on its own, unless the cache already holds it.
    func compileError(_ pattern: String, cache: LockedValue<[String: BoundedRegex]>) throws {
        if cache.withLock({ $0[pattern] }) != nil { return }
        _ = try BoundedRegex(pattern: pattern)
    }

    func compileError(constraint: SharedRegex) -> String? {
        do {
            try compileError(FoundationBackend.constraintPattern(constraint), cache: constraintCache)
            return nil
        } catch {
            return "ICU refused the expression: \(error)"
        }
    }

    func compileError(rewriteExpression: SharedRegex) -> String? {
        do {
            try compileError(rewriteExpression.portablePattern, cache: ruleCache)
            return nil
        } catch {
            return "ICU refused the expression: \(error)"
        }
    }

    func makeRouteMatcher(routes: [CompiledRoute], options: RouterOptions, methods: MethodList) throws
        -> any RouteMatcher
    {
        var patterns: [String] = []
        for route in routes {
            for case .constrained(let regex) in route.elements {
                patterns.append(FoundationBackend.constraintPattern(regex))
            }
        }
        let regexes = try FoundationBackend.compile(patterns, cache: constraintCache)
        return FoundationRouteMatcher(routes: routes, options: options, methods: methods) {
            regexes[FoundationBackend.constraintPattern($0)]!
        }
    }

    func makeRewriter(rules: [RewriteRule]) throws -> any URLRewriter {
        let patterns = rules.map(\.regex.portablePattern)
        let regexes = try FoundationBackend.compile(patterns, cache: ruleCache)
        return FoundationRewriter(expressions: patterns.map { regexes[$0]! })
    }
}

/// Tries rules in order; the first whose first match is non-empty applies.
struct FoundationRewriter: URLRewriter {
    let expressions: [BoundedRegex]

    func firstApplicableRule(in url: String, budget: inout WorkBudget) -> RewriteOutcome {
        for (index, expression) in expressions.enumerated() {
            switch expression.firstMatch(in: url, budget: &budget) {
            case .limitExceeded:
                return .limitExceeded
            case .noMatch:
                continue
            case .match(let result):
                guard result.range.length > 0 else { continue }
                let groups = (0..<result.numberOfRanges).map { Range(result.range(at: $0), in: url) }
                return .applied(rule: index, groups: groups)
            }
        }
        return .none
    }
}
