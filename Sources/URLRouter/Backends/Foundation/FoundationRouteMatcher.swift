/// The Foundation backend's route matcher: routes in precedence order, tried one by one.
///
/// To avoid trying every route, routes whose first element is a literal are bucketed by that
/// literal; a lookup walks its first segment's bucket and the unbucketed routes together, in
/// precedence order, so the first route that matches is still the winner.
final class FoundationRouteMatcher: RouteMatcher {
    enum Element: Sendable {
        case literal([UInt8])
        case parameter
        case constrained(BoundedRegex)
        case composite(CompositeMatcher)
        case wildcard
        case catchAll
    }

    struct Route: Sendable {
        var elements: [Element]
        var layout: SegmentLayout
    }

    let table: [CompiledRoute]
    let routes: [Route]
    let buckets: [[UInt8]: [Int]]
    let unbucketed: [Int]
    let caseInsensitive: Bool
    let methods: MethodList
    /// Per route, its method's index in ``methods``.
    let methodIndices: [Int?]

    /// Lowers `table`, taking each constraint's compiled regex from `regex`.
    init(
        routes table: [CompiledRoute], options: RouterOptions, methods: MethodList, regex: (SharedRegex) -> BoundedRegex
    ) {
        caseInsensitive = options.caseInsensitive
        self.table = table
        var routes: [Route] = []
        var buckets: [[UInt8]: [Int]] = [:]
        var unbucketed: [Int] = []
        for (index, route) in table.enumerated() {
            var elements: [Element] = []
            for element in route.elements {
                switch element {
                case .literal(let text): elements.append(.literal(Array(text.utf8)))
                case .parameter: elements.append(.parameter)
                case .constrained(let constraint):
                    elements.append(.constrained(regex(constraint)))
                case .composite(let pattern):
                    elements.append(.composite(CompositeMatcher(pattern, caseInsensitive: options.caseInsensitive)))
                case .wildcard: elements.append(.wildcard)
                case .catchAll: elements.append(.catchAll)
                }
            }
            routes.append(Route(elements: elements, layout: route.layout))
            if case .literal(let text)? = route.elements.first {
                let key = caseFoldedBytes(text.utf8, folding: options.caseInsensitive)
                buckets[key, default: []].append(index)
            } else {
                unbucketed.append(index)
            }
        }
        self.routes = routes
        self.buckets = buckets
        self.unbucketed = unbucketed
        self.methods = methods
        self.methodIndices = table.map { methods.index(ofRouteMethod: $0.method) }
    }

    func firstMatch(_ lookup: inout PreparedLookup) -> MatchOutcome {
        var budget = lookup.budget
        let outcome = firstWinner(lookup.request, budget: &budget)
        lookup.budget = budget
        switch outcome {
        case .matched(let route, let captures, let catchAll):
            lookup.resolution.setWinner(route, captures: captures, catchAll: catchAll)
            return .matched
        case .noMatch: return .noMatch
        case .limitExceeded: return .limitExceeded
        }
    }

    /// The first route in precedence order that matches `request` and answers it. The request is
    /// borrowed once for all the routes tried: each borrow of it from the lookup's `inout` state
    /// would copy it.
    func firstWinner(_ request: borrowing MatchRequest, budget: inout WorkBudget) -> RouteOutcome {
        var bucket: [Int] = []
        if request.segmentCount > 0 {
            let first = request.segmentBytes(0)
            bucket = buckets[caseFoldedBytes(first, folding: caseInsensitive)] ?? []
        }
        // Merge the two ascending index lists.
        var i = 0
        var j = 0
        while i < bucket.count || j < unbucketed.count {
            let index: Int
            if j == unbucketed.count || (i < bucket.count && bucket[i] < unbucketed[j]) {
                index = bucket[i]
                i += 1
            } else {
                index = unbucketed[j]
                j += 1
            }
            let outcome = match(routes[index], index, request, budget: &budget)
            switch outcome {
            case .matched:
                // Scheme, method and variants are checked once the path has matched, as the PCRE2
                // backend does at the end of each branch, so both run the same user regexes.
                guard request.isAnswered(by: table[index], method: methodIndices[index], in: methods) else { continue }
                return outcome
            case .noMatch: continue
            case .limitExceeded: return .limitExceeded
            }
        }
        return .noMatch
    }

    /// Matches the positions of route `routeIndex` (`route`) against the request's segments, from
    /// the left, stopping at the first position that fails: a position whose segment is missing
    /// fails there, and a route without a catch-all fails after its last position when segments
    /// remain. With a catch-all, the catch-all takes exactly the segments the positions after it
    /// leave.
    func match(_ route: Route, _ routeIndex: Int, _ request: borrowing MatchRequest, budget: inout WorkBudget)
        -> RouteOutcome
    {
        // The first `segmentCount` segments (not a copy: routes are tried one by one, and the
        // fallback's URLs can have thousands of segments).
        let segments = request.segments
        let segmentCount = request.segmentCount
        let layout = route.layout
        var captures = request.captureRoom
        var catchAll: Range<Int>?
        for (position, element) in route.elements.enumerated() {
            if position == Int(layout.catchAll) {
                guard let taken = layout.catchAllSegments(segmentCount: segmentCount) else { return .noMatch }
                catchAll = taken
                continue
            }
            let index = layout.segment(at: position, segmentCount: segmentCount)
            guard index < segmentCount else { return .noMatch }
            switch element {
            case .catchAll, .wildcard:
                continue
            case .parameter:
                captures.append(segments[index])
            case .literal(let literal):
                guard equal(request.segmentBytes(index), literal) else { return .noMatch }
            case .constrained(let regex):
                switch regex.firstMatch(in: request.segment(index), budget: &budget) {
                case .match: captures.append(segments[index])
                case .noMatch: return .noMatch
                case .limitExceeded: return .limitExceeded
                }
            case .composite(let composite):
                guard
                    composite.appendCaptures(
                        of: request.segmentBytes(index), offset: segments[index].lowerBound, to: &captures)
                else { return .noMatch }
            }
        }
        guard layout.fits(segmentCount: segmentCount) else { return .noMatch }
        return .matched(route: routeIndex, captures: captures, catchAll: catchAll)
    }

    /// What matching a route found: the route (its index), its captures, as ranges of the
    /// request's bytes in its capture room, and the segments its catch-all took.
    enum RouteOutcome {
        case matched(route: Int, captures: RangeBuffer, catchAll: Range<Int>?)
        case noMatch
        case limitExceeded
    }

    func equal(_ segment: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]) -> Bool {
        caseInsensitive
            ? asciiCaseInsensitiveEqual(segment, literal)
            : segment.elementsEqual(literal)
    }
}
