/// A compiled route table (a class: a lookup calls it through one reference, copying nothing).
protocol RouteMatcher: AnyObject, Sendable {
    /// Finds the first route, in precedence order, that matches the lookup's request and answers
    /// it, and writes it into the lookup (``Resolution/setWinner(_:captures:catchAll:)``): the
    /// matcher reads the request in place and leaves the winner there, copying neither.
    ///
    /// - Complexity: linear in the URL's length for routes without user regexes; user regexes
    ///   run under the lookup's budget.
    func firstMatch(_ lookup: inout PreparedLookup) -> MatchOutcome
}

/// What a lookup asks a route matcher: the one request type of the pipeline, for a URL whose
/// segments are ranges of its own bytes (no `%`) and for one whose segments were decoded alike.
/// Part of the lookup's state (``PreparedLookup``), and noncopyable, so that a matcher reads it
/// in place; a layer's probes (`CompiledTable+Stages.swift`) adjust it for one match and restore it.
///
/// Everything in it is lent for the duration of one ``RouteMatcher/firstMatch(_:)`` call
/// (the bytes, the segments, the scheme, the variants, and the room for captures) and must not
/// be kept; it holds no reference, so passing it retains nothing.
struct MatchRequest: ~Copyable {
    /// The bytes holding the segments (the URL, or its decoded segments).
    var bytes: UnsafeBufferPointer<UInt8>
    /// The URL's segments, as ranges of ``bytes``.
    var segments: RangeBuffer
    /// How many of ``segments`` to match: all of them, or fewer for the fallback.
    var segmentCount: Int
    /// When all of ``segments`` are exactly the `/`-separated parts of one run of ``bytes``,
    /// that run (a matcher may then copy them at once).
    var segmentRun: Range<Int>?
    /// Whether the path has a trailing slash, in a table that does not ignore them
    /// (``RouterOptions/trailingSlash``); `false` in one that does. (Declared here, it takes the
    /// room the optional run leaves, and the request stays as large as it was.)
    var trailingSlash: Bool
    /// The URL's scheme, lower-cased (or the default scheme), or `nil`.
    var scheme: UnsafeBufferPointer<UInt8>?
    /// Which methods may answer.
    var method: MethodFilter
    /// The requested variants, in preference order.
    var variants: UnsafeBufferPointer<String>
    /// Room for the winner's captures: as many as the table's route with the most.
    var captureRoom: RangeBuffer
    /// The lookup's host (``LookupHost``), empty for a lookup without one.
    var host: UnsafeBufferPointer<UInt8>

    /// Makes a request for all of `segments`.
    init(
        bytes: UnsafeBufferPointer<UInt8>, segments: RangeBuffer, segmentRun: Range<Int>? = nil,
        scheme: UnsafeBufferPointer<UInt8>?, method: MethodFilter, variants: UnsafeBufferPointer<String>,
        captureRoom: RangeBuffer, trailingSlash: Bool = false, host: UnsafeBufferPointer<UInt8> = LookupHost.none
    ) {
        self.trailingSlash = trailingSlash
        self.host = host
        self.bytes = bytes
        self.segments = segments
        self.segmentRun = segmentRun
        self.segmentCount = segments.count
        self.scheme = scheme
        self.method = method
        self.variants = variants
        self.captureRoom = captureRoom
    }

    /// A request with no segment, of a lookup that ended before its URL was scanned.
    init() {
        self.init(
            bytes: UnsafeBufferPointer(start: nil, count: 0), segments: RangeBuffer(), scheme: nil, method: .any,
            variants: UnsafeBufferPointer(start: nil, count: 0), captureRoom: RangeBuffer())
    }

    /// The bytes of the segment at `index`, in comparison form.
    func segmentBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[segments[index]])
    }

    /// The segment at `index`, in comparison form, as a new string.
    func segment(_ index: Int) -> String {
        String(decoding: segmentBytes(index), as: UTF8.self)
    }

    /// Whether a route bound to `scheme` (`nil`: any) answers the request's scheme.
    func accepts(scheme routeScheme: String?) -> Bool {
        guard let routeScheme else { return true }
        guard let scheme else { return false }
        return routeScheme.utf8.elementsEqual(scheme)
    }

    /// Whether a route whose path matched answers the request: its method (index `routeMethod`
    /// in `methods`, by ``MethodList/allows(_:routeMethod:)``), its scheme (``accepts(scheme:)``),
    /// its variants (``CompiledRoute/answers(variants:)``), the path's trailing slash
    /// (``SlashRule/accepts(trailingSlash:)``) and the host (``HostPattern/matches(_:)``). The one
    /// place the five are combined, for the
    /// matchers that check them after a path matched (the Foundation matcher, the PCRE2 backend's
    /// literal map); the PCRE2 alternation checks the same at the end of each branch.
    ///
    /// `schemeAndVariantsMayRefuse` is `false` for a route known to take every scheme, variant
    /// list, path ending and host, which then is not read.
    func isAnswered(
        by route: @autoclosure () -> CompiledRoute, method routeMethod: Int?, in methods: MethodList,
        schemeAndVariantsMayRefuse: Bool = true
    ) -> Bool {
        guard methods.allows(method, routeMethod: routeMethod) else { return false }
        guard schemeAndVariantsMayRefuse else { return true }
        let route = route()
        return accepts(scheme: route.scheme) && route.answers(variants: variants)
            && route.slash.accepts(trailingSlash: trailingSlash) && (route.host?.matches(host) ?? true)
    }
}

@available(*, unavailable, message: "a MatchRequest lends bytes for one call")
extension MatchRequest: Sendable {}

/// The answer of a route matcher; the winner itself is written into the lookup.
enum MatchOutcome {
    /// The first route in precedence order that matches and answers is the lookup's winner.
    case matched
    /// No route matches.
    case noMatch
    /// A user regex reached the work limit before the answer was known.
    case limitExceeded
}

/// The work a lookup may spend in user regexes (constraints and rewrite rules).
///
/// Counted in steps of the bound ``RegexComplexity/workPerByte`` gives, shared by every regex a
/// lookup may run, and charged before they run (see `RegexWork`), so that every backend reaches
/// it at the same URLs. Route syntax never spends it: only user-written regexes do.
struct WorkBudget: Sendable, Hashable {
    /// The steps left.
    var remainingSteps: Int

    /// The default budget of one lookup: 10,000,000 steps (the bound is loose: the README and the
    /// Reliability article give what a lookup charged nearly the whole budget takes).
    static let defaultSteps = 10_000_000

    /// What one engine call may spend before the engine itself stops it, whatever was charged:
    /// a safety net above any charged bound (which over-counts the engines' steps many times),
    /// never the limit that decides an answer, and below ICU's own time limit (about half a
    /// second here), which ends a search as if nothing matched.
    static let engineNetSteps = 2 * defaultSteps

    /// A budget of `steps` steps.
    init(steps: Int = WorkBudget.defaultSteps) {
        remainingSteps = steps
    }

    /// Takes `steps` from the budget; `false`, leaving nothing, when there were not that many.
    mutating func charge(_ steps: Int) -> Bool {
        guard steps <= remainingSteps else {
            remainingSteps = 0
            return false
        }
        remainingSteps -= steps
        return true
    }
}
