import Foundation
import Synchronization
public import URLRouterCore

/// The reference backend: plain Swift matching over the compiled route table, with
/// `NSRegularExpression` (ICU) only for user regexes — constraints and rewrite rules.
///
/// It needs nothing but Foundation, so it is always built. It is written to be obviously
/// right rather than fast: routes are tried one by one in precedence order (narrowed to those
/// whose first literal equals the URL's first segment), which is exactly the definition of the
/// winner in SEMANTICS.md section 3. Every other backend is held to its answers.
///
/// Compiled regexes are cached by pattern, so rebuilding a table after a registration only
/// compiles new constraints.
public final class FoundationBackend: MatcherBackend {
    public let name = "foundation"

    private let cache = Mutex<[String: BoundedRegex]>([:])

    /// Makes a backend with an empty regex cache.
    public init() {}

    /// A constraint must match a whole segment.
    static func constraintPattern(_ regex: SharedRegex) -> String {
        #"\A(?:"# + regex.portablePattern + #")\z"#
    }

    func compiled(_ pattern: String) throws -> BoundedRegex {
        if let regex = cache.withLock({ $0[pattern] }) { return regex }
        let regex = try BoundedRegex(pattern: pattern)
        cache.withLock { $0[pattern] = regex }
        return regex
    }

    public func compileError(constraint: SharedRegex) -> String? {
        do {
            _ = try compiled(FoundationBackend.constraintPattern(constraint))
            return nil
        } catch {
            return "ICU refused the expression: \(error)"
        }
    }

    public func compileError(rewriteExpression: SharedRegex) -> String? {
        do {
            _ = try compiled(rewriteExpression.portablePattern)
            return nil
        } catch {
            return "ICU refused the expression: \(error)"
        }
    }

    public func makeRouteMatcher(routes: [CompiledRoute], options: RouterOptions) throws -> any RouteMatcher {
        try FoundationRouteMatcher(routes: routes, options: options, backend: self)
    }

    public func makeRewriter(rules: [RewriteRule]) throws -> any URLRewriter {
        FoundationRewriter(expressions: try rules.map { try compiled($0.expression.portablePattern) })
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
