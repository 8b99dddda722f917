/// A matching engine: compiles the backend-neutral route table and rewrite rules into matchers.
///
/// Both backends receive exactly the same input: ``CompiledRoute``s already sorted by precedence,
/// with literals in comparison form and user regexes parsed into ``SharedRegex``. A conforming
/// backend finds, for a request, the first route in that order that matches and answers the
/// lookup, so every backend picks the same winner.
package protocol MatcherBackend: Sendable {
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

    /// Compiles the route table. `routes` are in precedence order; `methods` are their methods,
    /// numbered as lookups' ``MethodFilter``s number them (the table's one ``MethodList``).
    func makeRouteMatcher(routes: [CompiledRoute], options: RouterOptions, methods: MethodList) throws
        -> any RouteMatcher

    /// Compiles the rewrite rules, in the order they were added.
    func makeRewriter(rules: [RewriteRule]) throws -> any URLRewriter
}

/// What a lookup asks a route matcher: the one request type of the pipeline, for a URL whose
/// segments are ranges of its own bytes (no `%`) and for one whose segments were decoded alike.
///
/// Everything in it is lent for the duration of one ``RouteMatcher/firstMatch(_:budget:)`` call
/// (the bytes, the segments, the scheme, the variants, and the room for captures) and must not
/// be kept; it holds no reference, so passing it retains nothing.
@usableFromInline
package struct MatchRequest {
    /// The bytes holding the segments (the URL, or its decoded segments).
    @usableFromInline package var bytes: UnsafeBufferPointer<UInt8>
    /// The URL's segments, as ranges of ``bytes``.
    @usableFromInline package var segments: RangeBuffer
    /// How many of ``segments`` to match: all of them, or fewer for the fallback.
    package var segmentCount: Int
    /// When all of ``segments`` are exactly the `/`-separated parts of one run of ``bytes``,
    /// that run (a matcher may then copy them at once).
    package var segmentRun: Range<Int>?
    /// The URL's scheme, lower-cased (or the default scheme), or `nil`.
    package var scheme: UnsafeBufferPointer<UInt8>?
    /// Which methods may answer.
    package var method: MethodFilter
    /// The requested variants, in preference order.
    package var variants: UnsafeBufferPointer<String>
    /// Room for the winner's captures: as many as the table's route with the most.
    package var captureRoom: RangeBuffer

    /// Makes a request for all of `segments`.
    package init(
        bytes: UnsafeBufferPointer<UInt8>, segments: RangeBuffer, segmentRun: Range<Int>? = nil,
        scheme: UnsafeBufferPointer<UInt8>?, method: MethodFilter, variants: UnsafeBufferPointer<String>,
        captureRoom: RangeBuffer
    ) {
        self.bytes = bytes
        self.segments = segments
        self.segmentRun = segmentRun
        self.segmentCount = segments.count
        self.scheme = scheme
        self.method = method
        self.variants = variants
        self.captureRoom = captureRoom
    }

    /// The bytes of the segment at `index`, in comparison form.
    @inlinable
    package func segmentBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[segments[index]])
    }

    /// The segment at `index`, in comparison form, as a new string.
    package func segment(_ index: Int) -> String {
        String(decoding: segmentBytes(index), as: UTF8.self)
    }

    /// Whether a route bound to `scheme` (`nil`: any) answers the request's scheme.
    package func accepts(scheme routeScheme: String?) -> Bool {
        guard let routeScheme else { return true }
        guard let scheme else { return false }
        return routeScheme.utf8.elementsEqual(scheme)
    }
}

@available(*, unavailable, message: "a MatchRequest lends bytes for one call")
extension MatchRequest: Sendable {}

/// The winner a route matcher found.
@usableFromInline
package struct RawMatch {
    /// The index of the route in the table given to ``MatcherBackend/makeRouteMatcher(routes:options:methods:)``.
    @usableFromInline package var routeIndex: Int
    /// The captured values, in element order, as ranges of the request's bytes, in the request's
    /// ``MatchRequest/captureRoom``.
    @usableFromInline package var captures: RangeBuffer
    /// The segments the catch-all took, as indices into the request's segments.
    @usableFromInline package var catchAll: Range<Int>?

    /// Makes a match.
    @inlinable
    package init(routeIndex: Int, captures: RangeBuffer, catchAll: Range<Int>?) {
        self.routeIndex = routeIndex
        self.captures = captures
        self.catchAll = catchAll
    }
}

@available(*, unavailable, message: "a RawMatch points into a request's lent storage")
extension RawMatch: Sendable {}

/// The answer of a route matcher.
@usableFromInline
package enum MatchOutcome {
    /// The first route in precedence order that matches and answers.
    case matched(RawMatch)
    /// No route matches.
    case noMatch
    /// A user regex reached the work limit before the answer was known.
    case limitExceeded
}

@available(*, unavailable, message: "a MatchOutcome points into a request's lent storage")
extension MatchOutcome: Sendable {}

/// A compiled route table (a class: a lookup calls it through one reference, copying nothing).
package protocol RouteMatcher: AnyObject, Sendable {
    /// Finds the first route, in precedence order, that matches `request` and answers it.
    ///
    /// - Complexity: linear in the URL's length for routes without user regexes; user regexes
    ///   run under `budget`.
    func firstMatch(_ request: MatchRequest, budget: inout WorkBudget) -> MatchOutcome
}

/// Facts a compiled matcher can report about itself, for the CLI and benchmarks.
package protocol CompiledPatternFacts {
    /// How many patterns the engine compiled.
    var compiledPatternCount: Int { get }
    /// Whether every compiled pattern runs as JIT machine code.
    var isJITCompiled: Bool { get }
}

/// A matcher whose lookups end in bare engine calls (PCRE2's match on a prepared subject) that
/// can be recorded and replayed without the router around them: the baseline `urlrouter bench`
/// measures a full lookup against, side by side in the same runs.
package protocol RawMatchRecording {
    /// Records the engine calls that `lookup(matcher, 0)` to `lookup(matcher, count - 1)` make,
    /// each lookup's calls apart, where `matcher` answers as this one does and records; `nil`
    /// when one of them could not be replayed bare (a pattern with callouts or user regexes).
    func recordRawMatches(lookups count: Int, _ lookup: (any RouteMatcher, Int) -> Void) -> (any RawMatchReplay)?
}

/// Engine calls recorded from real lookups (see ``RawMatchRecording``).
package protocol RawMatchReplay: AnyObject {
    /// How many lookups were recorded.
    var lookupCount: Int { get }
    /// How many calls were recorded, over all lookups.
    var callCount: Int { get }
    /// The winner (route index) each call answered when it was recorded, `-1` for no match.
    var recordedWinners: [Int] { get }
    /// Makes every recorded call once more and reads its winner; returns the winners' sum (so
    /// the calls cannot be optimized away), counting `-1` for no match.
    func replay() -> Int
    /// ``replay()`` for the calls of lookup `index` only.
    func replay(lookup index: Int) -> Int
}

/// The answer of a rewriter.
package enum RewriteOutcome: Sendable, Hashable {
    /// No rule applies.
    case none
    /// Rule `rule` applies; `groups[0]` is its match, `nil` a group that did not take part.
    case applied(rule: Int, groups: [Range<String.Index>?])
    /// A rule reached the work limit before the answer was known.
    case limitExceeded
}

/// Compiled rewrite rules.
package protocol URLRewriter: Sendable {
    /// The first rule, in the order added, whose first (leftmost) match in `url` is not empty.
    func firstApplicableRule(in url: String, budget: inout WorkBudget) -> RewriteOutcome
}

/// The work a lookup may spend in user regexes (constraints and rewrite rules).
///
/// Counted in steps of the bound ``RegexComplexity/workPerByte`` gives, shared by every regex a
/// lookup may run, and charged before they run (see `RegexWork`), so that every backend reaches
/// it at the same URLs. Route syntax never spends it: only user-written regexes do.
package struct WorkBudget: Sendable, Hashable {
    /// The steps left.
    package var remainingSteps: Int

    /// The default budget of one lookup: 10,000,000 steps (the bound is loose: on this project's
    /// test machine a lookup charged nearly the whole budget took 2 ms on PCRE2, 13 ms on
    /// Foundation; see the README).
    package static let defaultSteps = 10_000_000

    /// What one engine call may spend before the engine itself stops it, whatever was charged:
    /// a safety net above any charged bound (which over-counts the engines' steps many times),
    /// never the limit that decides an answer, and below ICU's own time limit (about half a
    /// second here), which ends a search as if nothing matched.
    package static let engineNetSteps = 2 * defaultSteps

    /// A budget of `steps` steps.
    package init(steps: Int = WorkBudget.defaultSteps) {
        remainingSteps = steps
    }

    /// Takes `steps` from the budget; `false`, leaving nothing, when there were not that many.
    package mutating func charge(_ steps: Int) -> Bool {
        guard steps <= remainingSteps else {
            remainingSteps = 0
            return false
        }
        remainingSteps -= steps
        return true
    }
}
