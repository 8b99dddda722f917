import Foundation
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterConformance
import URLRouterHandlers

/// `urlrouter lint`: what is wrong or fragile in a route file, found without running a server.
///
/// - Lines that are not routes, and patterns the router refuses: errors at their column.
/// - Exact duplicates (same pattern, host, method and variant): an error at the later line, which
///   replaces the earlier; and a pattern with optional segments one of whose expansions is
///   another route's pattern (the earlier of the two wins that path).
/// - Routes that can never win: every URL they match is taken by a route ranked above. For
///   patterns of literals, parameters, wildcards and catch-alls this is decided exactly, by
///   looking up one URL per class of segment values the table tells apart (each literal the
///   routes above have at a position, and one text equal to none). Where a constraint regex or an
///   in-segment pattern takes part, the classes are sampled instead, and the finding is a
///   warning that the route possibly never wins. Each comes with an example URL and its winner.
/// - Pairs only the registration order decides: two routes of the same rank that both match an
///   example URL (a warning at the later one).
package struct RouteLinter: Sendable {
    /// The file's routes.
    package let table: RouteFileTable
    let explanation: PrecedenceExplanation
    /// How many URLs one route's search may look up before its answer counts as sampled.
    let budget = 4096
    /// The example segments and URLs of the file's patterns.
    let examples: RouteExamples

    /// A linter over `table`.
    package init(table: RouteFileTable) {
        self.table = table
        self.explanation = PrecedenceExplanation(options: table.options)
        examples = RouteExamples(patterns: table.file.routes.map(\.pattern), options: table.options)
    }

    /// Every finding, in file order.
    package func diagnostics() -> [LintDiagnostic] {
        let path = table.file.path
        var found = table.file.lineProblems.map {
            LintDiagnostic(file: path, line: $0.line, column: $0.column, severity: .error, message: $0.message)
        }
        for (index, error) in table.refused {
            let entry = table.file.routes[index]
            var finding = LintDiagnostic(
                file: path, line: entry.line, column: entry.column(of: error), severity: .error,
                message: error.description)
            finding.routes = (index, nil, nil)
            finding.kind = .refused
            found.append(finding)
        }
        for (index, error) in table.refusedRules {
            found.append(
                LintDiagnostic(
                    file: path, line: table.file.rewriteRules[index].line, column: 1, severity: .error,
                    message: error.description))
        }
        found += duplicates()
        let routes = rankedRoutes()
        // A route with optional segments never wins when none of its expansions does.
        var findings: [Int: LintDiagnostic] = [:]
        var winning: Set<Int> = []
        for (position, route) in routes.enumerated() {
            guard let finding = neverWinning(route, above: Array(routes[..<position])) else {
                winning.insert(route.entry)
                continue
            }
            if findings[route.entry] == nil { findings[route.entry] = finding }
        }
        var neverWins: Set<Int> = []
        for (entry, finding) in findings where !winning.contains(entry) {
            neverWins.insert(entry)
            found.append(finding)
        }
        found += orderDecided(routes, skipping: neverWins)
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    // MARK: - Duplicates

    /// The later of two entries with the same pattern, host, method and variant; and the later of
    /// two whose expansions (SEMANTICS.md section 2) share a pattern.
    func duplicates() -> [LintDiagnostic] {
        var first: [String: Int] = [:]
        var expanded: [String: (entry: Int, expansion: String)] = [:]
        var found: [LintDiagnostic] = []
        for (index, entry) in table.file.routes.enumerated() {
            guard let pattern = try? RoutePattern(entry.pattern) else { continue }
            let host = entry.host.flatMap { try? HostPattern($0) }
            let lowered = LoweredPattern(pattern, host: host, options: table.options)
            let key = "\(entry.method ?? "*") " + lowered.keyText
            if let earlier = first[key] {
                let other = table.file.routes[earlier]
                var finding = LintDiagnostic(
                    file: table.file.path, line: entry.line, column: entry.column, severity: .error,
                    message:
                        "duplicate of line \(other.line) ('\(other.host ?? "")\(other.pattern)'): the same pattern, host, method and variant; this route replaces it"
                )
                finding.routes = (index, earlier, index)
                finding.kind = .duplicate
                found.append(finding)
                continue
            }
            first[key] = index
            // Each expansion, spelled as the pattern without its last optional segments.
            let kept = pattern.segments.count
            for (left, expansion) in lowered.expansions(options: table.options).enumerated() {
                let key = "\(entry.method ?? "*") " + expansion.keyText
                let spelled = "/" + pattern.segments.prefix(kept - left).map(\.description).joined(separator: "/")
                guard let (earlier, earlierSpelled) = expanded[key] else {
                    expanded[key] = (index, spelled)
                    continue
                }
                guard earlier != index else { continue }
                let other = table.file.routes[earlier]
                var finding = LintDiagnostic(
                    file: table.file.path, line: entry.line, column: entry.column, severity: .error,
                    message:
                        "the path '\(spelled)' of this route is also '\(earlierSpelled)' of line \(other.line) ('\(other.pattern)'), with the same host and method, which wins it (an optional segment's expansion ties with the pattern it equals)"
                )
                finding.routes = (index, earlier, earlier)
                finding.kind = .sharedExpansion
                found.append(finding)
                break
            }
        }
        return found
    }

    // MARK: - Routes that never win

    /// A registered route, lowered (one expansion of a pattern with optional segments), with its
    /// place in the file.
    struct Ranked {
        var entry: Int
        var registration: RouteRegistration
        var lowered: LoweredPattern
        /// Whether a constraint regex or an in-segment pattern is among its positions.
        var sampled: Bool
    }

    /// The registered routes in precedence order (ties in registration order), a pattern with
    /// optional segments as each of its expansions.
    func rankedRoutes() -> [Ranked] {
        let registrations = table.router.registrations
        var routes: [Ranked] = []
        for registration in registrations {
            guard let index = table.entry(of: registration)?.index else { continue }
            for lowered in LoweredPattern(registration, options: table.options).expansions(options: table.options) {
                let sampled = lowered.elements.contains {
                    switch $0 {
                    case .constrained, .composite: return true
                    default: return false
                    }
                }
                routes.append(Ranked(entry: index, registration: registration, lowered: lowered, sampled: sampled))
            }
        }
        // Each expansion's place (SEMANTICS.md section 3), the registration order last.
        let keys = routes.enumerated().map { sequence, route in
            var words: [UInt64] = []
            PrecedenceKey.append(
                priority: route.registration.priority, host: route.lowered.host, elements: route.lowered.elements,
                schemeBound: route.lowered.scheme != nil, method: route.registration.method, sequence: sequence,
                to: &words)
            return words
        }
        let order = routes.indices.sorted { i, j in
            keys[i].withUnsafeBufferPointer { a in keys[j].withUnsafeBufferPointer { b in PrecedenceKey.precedes(a, b) }
            }
        }
        return order.map { routes[$0] }
    }

    /// `route`'s positions over `count` segments, or `nil` when it cannot match that many.
    func slots(_ route: Ranked, count: Int) -> [RouteExamples.Slot]? {
        RouteExamples.slots(route.lowered, count: count)
    }

    /// Whether a route ranked above `route` answers the requests `route` answers best: those
    /// with its own method (or without one), for its scheme, on `host` (the example host the
    /// route is tried on, `nil` for none).
    func competes(_ other: Ranked, with route: Ranked, host: String?) -> Bool {
        if let scheme = other.lowered.scheme, scheme != route.lowered.scheme { return false }
        if let pattern = other.lowered.host {
            guard var host else { return false }
            guard host.withUTF8({ pattern.matches($0) }) else { return false }
        }
        guard let method = route.registration.method else { return other.registration.method == nil }
        return other.registration.method == nil || other.registration.method == method
    }

    /// The finding for a route no URL it matches routes to, on any host it takes, if it is one.
    func neverWinning(_ route: Ranked, above: [Ranked]) -> LintDiagnostic? {
        let hosts: [String?] = route.lowered.host.map { RouteExamples.hosts($0) } ?? [nil]
        var finding: LintDiagnostic?
        for host in hosts {
            guard let found = neverWinning(route, above: above, host: host) else { return nil }
            finding = finding ?? found
        }
        return finding
    }

    /// The finding for a route no URL it matches routes to on `host`, if it is one.
    func neverWinning(_ route: Ranked, above: [Ranked], host: String?) -> LintDiagnostic? {
        let rivals = above.filter { competes($0, with: route, host: host) }
        let longest = ([route] + rivals).map(\.lowered.elements.count).max() ?? 0
        let counts: [Int]
        if route.lowered.elements.contains(.catchAll) {
            counts = Array(route.lowered.elements.count...(longest + 1))
        } else {
            counts = [route.lowered.elements.count]
        }
        var lookups = 0
        var example: (url: String, winner: Int)?
        var sampled = route.sampled
        for count in counts {
            guard let own = slots(route, count: count) else { continue }
            let others = rivals.compactMap { rival in slots(rival, count: count).map { (rival, $0) } }
            if others.contains(where: { $0.0.sampled }) { sampled = true }
            var values: [String] = []
            var won = false
            func visit(_ position: Int, _ alive: [Int]) {
                if won || lookups >= budget { return }
                if position == count {
                    lookups += 1
                    let url = self.url(route, values)
                    switch table.router.match(url, method: route.registration.method, host: host) {
                    case .success(let match):
                        let winner = table.entry(of: match.route)?.index
                        if winner == route.entry {
                            won = true
                        } else if example == nil, let winner {
                            example = (url, winner)
                        }
                    case .failure: break
                    }
                    return
                }
                var candidates = examples.values(own[position])
                if case .literal = own[position] {
                } else if !alive.isEmpty {
                    // Each literal a rival still in the running has here, as the route would take it.
                    for index in alive {
                        if case .literal(let text) = others[index].1[position], !candidates.contains(text) {
                            candidates.append(text)
                        }
                    }
                }
                for value in candidates {
                    let still = alive.filter { index in
                        guard case .literal(let text) = others[index].1[position] else { return true }
                        return same(text, value)
                    }
                    values.append(value)
                    visit(position + 1, still)
                    values.removeLast()
                    if won { return }
                }
            }
            visit(0, Array(others.indices))
            if won { return nil }
        }
        guard let example else { return nil }
        if lookups >= budget { sampled = true }
        let entry = table.file.routes[route.entry]
        let winner = table.label(example.winner)
        let message =
            sampled
            ? "possibly never wins: the URLs tried that it matches all go to routes ranked above, e.g. \(example.url) goes to \(winner)"
            : "never wins: every URL it matches goes to a route ranked above, e.g. \(example.url) goes to \(winner)"
        var finding = LintDiagnostic(
            file: table.file.path, line: entry.line, column: entry.column, severity: sampled ? .warning : .error,
            message: message, exampleURL: example.url)
        finding.routes = (route.entry, example.winner, example.winner)
        finding.kind = .neverWins
        return finding
    }

    // MARK: - Pairs the registration order decides

    /// Two routes of the same rank that both match one URL: the earlier wins it by order alone.
    func orderDecided(_ routes: [Ranked], skipping: Set<Int>) -> [LintDiagnostic] {
        var groups: [String: [Ranked]] = [:]
        for route in routes {
            groups[rankSignature(route), default: []].append(route)
        }
        var found: [LintDiagnostic] = []
        for group in groups.values where group.count > 1 {
            for (i, first) in group.enumerated() {
                for second in group[(i + 1)...] where !skipping.contains(second.entry) {
                    guard explanation.order(first.registration, second.registration) == 0,
                        first.registration.method == second.registration.method,
                        first.lowered.scheme == second.lowered.scheme,
                        let url = sharedURL(first, second)
                    else { continue }
                    let entry = table.file.routes[second.entry]
                    var finding = LintDiagnostic(
                        file: table.file.path, line: entry.line, column: entry.column, severity: .warning,
                        message:
                            "only the registration order decides between this route and \(table.label(first.entry)), which wins, e.g. for \(url)",
                        exampleURL: url)
                    finding.routes = (second.entry, first.entry, first.entry)
                    finding.kind = .orderDecided
                    found.append(finding)
                }
            }
        }
        return found
    }

    // MARK: - Overlaps precedence decides

    /// How two routes of one length overlap where routers disagree, if they do.
    enum Overlap {
        /// At one position one takes the segment by an in-segment pattern (`/{name}.zip`), the
        /// other whole (`/{name}`).
        case mixedComponents
        /// Each is literal where the other is a variable (`/{a}/b` beside `/a/{b}`).
        case crossing
    }

    /// Pairs of routes of one method and length that overlap where routers disagree
    /// (``Overlap``), and one URL that matches both: precedence decides it (SEMANTICS.md
    /// section 3: an in-segment pattern ranks above a whole segment, the earlier literal above
    /// the later), where a router that tries routes in order, or a linter that sees only
    /// whole-segment variables, decides otherwise. A warning at the later of the two in the
    /// file, with the URL and the route that answers it. `urlrouter lint` reports them for
    /// OpenAPI documents, whose operations two routers may route otherwise.
    package func precedenceOverlaps() -> [LintDiagnostic] {
        let routes = rankedRoutes()
        var reported: Set<[Int]> = []
        var found: [LintDiagnostic] = []
        for (index, first) in routes.enumerated() {
            for second in routes[(index + 1)...] where second.entry != first.entry {
                let pair = [min(first.entry, second.entry), max(first.entry, second.entry)]
                guard !reported.contains(pair), first.registration.method == second.registration.method,
                    first.lowered.scheme == second.lowered.scheme,
                    first.lowered.elements.count == second.lowered.elements.count,
                    let overlap = Self.overlap(first.lowered.elements, second.lowered.elements),
                    let url = sharedURL(first, second),
                    case .success(let match) = table.router.match(url, method: first.registration.method),
                    let winner = table.entry(of: match.route)?.index
                else { continue }
                reported.insert(pair)
                let (later, earlier) = (pair[1], pair[0])
                let entry = table.file.routes[later]
                let how =
                    switch overlap {
                    case .mixedComponents: "in one segment, one taking it whole and the other by an in-segment pattern"
                    case .crossing: "each literal where the other takes any segment"
                    }
                var finding = LintDiagnostic(
                    file: table.file.path, line: entry.line, column: entry.column, severity: .warning,
                    message:
                        "overlaps \(table.label(earlier)), \(how): \(url) matches both and goes to \(table.label(winner)) by precedence, not by order",
                    exampleURL: url)
                finding.routes = (later, earlier, winner)
                finding.kind = overlap == .mixedComponents ? .mixedComponents : .crossing
                found.append(finding)
            }
        }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// How two routes' positions overlap where routers disagree, or `nil`.
    static func overlap(_ a: [RouteElement], _ b: [RouteElement]) -> Overlap? {
        func isWhole(_ element: RouteElement) -> Bool {
            switch element {
            case .parameter, .constrained, .wildcard: return true
            default: return false
            }
        }
        func isComposite(_ element: RouteElement) -> Bool {
            if case .composite = element { return true }
            return false
        }
        func isLiteral(_ element: RouteElement) -> Bool {
            if case .literal = element { return true }
            return false
        }
        let pairs = Array(zip(a, b))
        if pairs.contains(where: { (isComposite($0) && isWhole($1)) || (isWhole($0) && isComposite($1)) }) {
            return .mixedComponents
        }
        if pairs.contains(where: { isLiteral($0) && isWhole($1) }),
            pairs.contains(where: { isWhole($0) && isLiteral($1) })
        {
            return .crossing
        }
        return nil
    }

    /// The rank of each position, the priority, the scheme and the method tier, as text.
    func rankSignature(_ route: Ranked) -> String {
        let positions = route.lowered.elements.map { element -> String in
            switch element {
            case .literal: return "L"
            case .composite(let pattern): return "S\(pattern.literalCount),\(pattern.captureCount)"
            case .constrained: return "C"
            case .parameter: return "P"
            case .wildcard: return "W"
            case .catchAll: return "A"
            }
        }
        return
            "\(route.registration.priority) \(route.lowered.host?.key ?? "-") \(positions.joined(separator: "/")) \(route.lowered.scheme ?? "-") \(route.registration.method ?? "*")"
    }

    /// A URL both routes match, from each position's examples, if one is found.
    func sharedURL(_ first: Ranked, _ second: Ranked) -> String? {
        let count = first.lowered.elements.count
        guard let a = slots(first, count: count), let b = slots(second, count: count) else { return nil }
        var options: [[String]] = []
        for position in 0..<count {
            var values: [String] = []
            for slot in [a[position], b[position]] { values += examples.values(slot) }
            if case .composite = a[position], case .composite = b[position] {
                // A segment both in-segment patterns take: one's example, then the other's
                // (`x.x` and `x-x` as `x.xx-x`, which `{name}.{ext}` and `{base}-{version}` both take).
                for first in examples.values(a[position]) {
                    for second in examples.values(b[position]) { values += [first + second, second + first] }
                }
            }
            if case .literal(let x) = a[position], case .literal(let y) = b[position] {
                guard same(x, y) else { return nil }
            }
            options.append(values)
        }
        let trailingSlash = first.lowered.slash == .required || second.lowered.slash == .required
        return RouteExamples.firstURL(choices: options, scheme: first.lowered.scheme, trailingSlash: trailingSlash) {
            url in
            matches(first, url) && matches(second, url)
        }
    }

    /// Whether `route`'s pattern alone matches `url`.
    func matches(_ route: Ranked, _ url: String) -> Bool {
        examples.matches(table.file.routes[route.entry].pattern, url)
    }

    /// Literal comparison under the table's options.
    func same(_ a: String, _ b: String) -> Bool { examples.same(a, b) }

    /// The URL of `segments` for `route`: its scheme, then the segments, percent-encoded, and a
    /// final `/` when its pattern needs one.
    func url(_ route: Ranked, _ segments: [String]) -> String {
        RouteExamples.url(scheme: route.lowered.scheme, segments, trailingSlash: route.lowered.slash == .required)
    }
}
