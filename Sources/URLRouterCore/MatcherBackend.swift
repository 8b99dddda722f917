/// A matching engine: compiles the backend-neutral route table and rewrite rules into matchers.
///
/// Both backends receive exactly the same input: ``CompiledRoute``s already sorted by precedence,
/// with literals in comparison form and user regexes parsed into ``SharedRegex``. A conforming
/// backend finds, for a request, the first route in that order that matches and answers the
/// lookup, so every backend picks the same winner.
public protocol MatcherBackend: Sendable {
    /// The backend's name as the CLI spells it (`foundation`, `pcre2`).
    var name: String { get }

    /// Compiles one constraint on its own, so a registration the engine refuses is refused at once.
    ///
    /// - Returns: `nil` when it compiles, otherwise the engine's message.
    func compileError(constraint: SharedRegex) -> String?

    /// Compiles one rewrite expression on its own.
    ///
    /// - Returns: `nil` when it compiles, otherwise the engine's message.
    func compileError(rewriteExpression: SharedRegex) -> String?

    /// Compiles the route table. `routes` are in precedence order.
    func makeRouteMatcher(routes: [CompiledRoute], options: RouterOptions) throws -> any RouteMatcher

    /// Compiles the rewrite rules, in the order they were added.
    func makeRewriter(rules: [RewriteRule]) throws -> any URLRewriter
}

/// What a lookup asks a route matcher.
public struct MatchRequest: Sendable {
    /// The URL's scheme (lower-cased, default applied), or `nil`.
    public var scheme: String?
    /// The segments to match, in comparison form (a prefix of the URL's for the fallback).
    public var segments: ArraySlice<Substring>
    /// Which methods may answer.
    public var method: MethodFilter
    /// The requested variants, in preference order.
    public var variants: [String]

    /// Makes a request.
    public init(scheme: String?, segments: ArraySlice<Substring>, method: MethodFilter, variants: [String]) {
        self.scheme = scheme
        self.segments = segments
        self.method = method
        self.variants = variants
    }
}

/// The winner a route matcher found.
public struct RawMatch: Sendable, Hashable {
    /// The index of the route in the table given to ``MatcherBackend/makeRouteMatcher(routes:options:)``.
    public var routeIndex: Int
    /// The captured values in comparison form, in element order.
    public var captures: [Substring]
    /// The segments the catch-all took, as indices into the request's segments.
    public var catchAll: Range<Int>?

    /// Makes a match.
    public init(routeIndex: Int, captures: [Substring], catchAll: Range<Int>?) {
        self.routeIndex = routeIndex
        self.captures = captures
        self.catchAll = catchAll
    }
}

/// The answer of a route matcher.
public enum MatchOutcome: Sendable, Hashable {
    /// The first route in precedence order that matches and answers.
    case matched(RawMatch)
    /// No route matches.
    case noMatch
    /// A user regex reached the work limit before the answer was known.
    case limitExceeded
}

/// A compiled route table.
public protocol RouteMatcher: Sendable {
    /// Finds the first route, in precedence order, that matches `request` and answers it.
    ///
    /// - Complexity: linear in the URL's length for routes without user regexes; user regexes
    ///   run under `budget`.
    func firstMatch(_ request: MatchRequest, budget: inout WorkBudget) -> MatchOutcome
}

/// The answer of a rewriter.
public enum RewriteOutcome: Sendable, Hashable {
    /// No rule applies.
    case none
    /// Rule `rule` applies; `groups[0]` is its match, `nil` a group that did not take part.
    case applied(rule: Int, groups: [Range<String.Index>?])
    /// A rule reached the work limit before the answer was known.
    case limitExceeded
}

/// Compiled rewrite rules.
public protocol URLRewriter: Sendable {
    /// The first rule, in the order added, whose first (leftmost) match in `url` is not empty.
    func firstApplicableRule(in url: String, budget: inout WorkBudget) -> RewriteOutcome
}

/// The work a lookup may spend in user regexes (constraints and rewrite rules).
///
/// Counted in regex engine steps (backtracking steps), shared by every regex a lookup runs.
/// Route syntax never spends it: only user-written regexes do.
public struct WorkBudget: Sendable, Hashable {
    /// The steps left.
    public var remainingSteps: Int

    /// The default budget of one lookup: 2,000,000 steps.
    public static let defaultSteps = 2_000_000

    /// A budget of `steps` steps.
    public init(steps: Int = WorkBudget.defaultSteps) {
        remainingSteps = steps
    }
}
