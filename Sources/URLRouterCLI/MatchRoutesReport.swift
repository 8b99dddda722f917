import Foundation
@_spi(HandlerRouter) @_spi(Tools) package import URLRouter
import URLRouterConformance
import URLRouterHandlers

/// `urlrouter match --routes FILE URL...`: for one URL, the winner of a route file's table
/// (pattern, line, parameters, catch-all) or the miss and why; with `explain`, every route whose
/// pattern matches the path and why the winner beat it.
package struct MatchRoutesReport: Sendable {
    /// A route whose pattern matches the path.
    package struct Candidate: Sendable {
        /// The route's index in the file.
        package var entry: Int
        /// `winner`, `loses` (ranked below the winner) or `skipped` (ranked above, but does not
        /// answer the request's method).
        package var outcome: String
        /// Why, in one phrase (empty for the winner).
        package var reason: String
    }

    /// The URL looked up.
    package var url: String
    /// The request's method, if given.
    package var method: String?
    /// The request's host (a `Host` header), if given.
    package var host: String?
    /// The winner's index in the file, when a route won.
    package var winner: Int?
    /// The winner's parameters, in pattern order.
    package var parameters: [(name: String, value: String)] = []
    /// The winner's catch-all, if any.
    package var catchall: String?
    /// The miss reason, when nothing won.
    package var miss: RouteMiss?
    /// With `explain`: the routes whose pattern matches the path, in precedence order.
    package var candidates: [Candidate]?

    /// Looks `url` up in `table`.
    package init(table: RouteFileTable, url: String, method: String?, host: String? = nil, explain: Bool) {
        self.url = url
        self.method = method
        self.host = host
        switch table.router.match(url, method: method, host: host) {
        case .success(let match):
            winner = table.entry(of: match.route)?.index
            parameters = match.parameters.path.map { ($0.name, String($0.value)) }
            catchall = match.catchall
        case .failure(let miss):
            self.miss = miss
        }
        if explain {
            candidates = MatchRoutesReport.candidates(
                table: table, url: url, method: method, host: host, winner: winner)
        }
    }

    /// Every route whose pattern (and host pattern) matches `url`'s path (and the host), whatever
    /// its method, in precedence order, each with how it compares with the winner.
    static func candidates(table: RouteFileTable, url: String, method: String?, host: String?, winner: Int?)
        -> [Candidate]
    {
        var options = table.options
        options.duplicateRoutes = .replace
        let explanation = PrecedenceExplanation(options: options)
        // Each route whose pattern matches, and how many of its optional segments the match left
        // out: it ranks as that expansion of its pattern (SEMANTICS.md section 2).
        var matching: [(index: Int, registration: RouteRegistration, leftOut: Int)] = []
        for (index, registration) in table.registrations.sorted(by: { $0.key < $1.key }) {
            // One route alone, for any method: does its pattern match the path?
            let entry = table.file.routes[index]
            let single = try? RouteTable<Int>(
                [.init(entry.pattern, host: entry.host, value: index)], options: options, backend: .foundation)
            if let single, case .success(let match) = single.lookup(method: nil, host: host, url: url) {
                let pattern = registration.parsedPattern
                let taken = Set(match.parameters.path.map(\.name))
                let optional = pattern.segments.suffix(pattern.optionalCount).flatMap(\.parameterNames)
                matching.append((index, registration, optional.count { !taken.contains($0) }))
            }
        }
        matching.sort { a, b in
            let order = explanation.order(a.registration, b.registration, leftOut: (a.leftOut, b.leftOut))
            return order != 0 ? order < 0 : a.index < b.index
        }
        guard let winner, let won = matching.first(where: { $0.index == winner }) else {
            return matching.map { candidate in
                Candidate(
                    entry: candidate.index, outcome: "skipped",
                    reason: skipReason(candidate.registration, method, options))
            }
        }
        var seenWinner = false
        return matching.map { candidate in
            if candidate.index == winner {
                seenWinner = true
                return Candidate(entry: winner, outcome: "winner", reason: "")
            }
            if !seenWinner {
                return Candidate(
                    entry: candidate.index, outcome: "skipped",
                    reason: skipReason(candidate.registration, method, options))
            }
            return Candidate(
                entry: candidate.index, outcome: "loses",
                reason: explanation.reason(
                    won.registration, over: candidate.registration, leftOut: (won.leftOut, candidate.leftOut)
                ).text)
        }
    }

    /// Why a route ranked above the winner (or matching the path of a miss) did not answer.
    static func skipReason(_ registration: RouteRegistration, _ method: String?, _ options: RouterOptions) -> String {
        guard let routeMethod = registration.method else { return "does not answer this request" }
        let also =
            HTTPMethodName.alsoAnswered(by: routeMethod, headMatchesGet: options.headMatchesGet).map { " and \($0)" }
            ?? ""
        return "answers \(routeMethod)\(also), not \(method ?? "a request without a method")"
    }

    /// Lines for a person.
    package func text(_ table: RouteFileTable) -> String {
        var lines = ["\(method.map { $0 + " " } ?? "")\(url)\(host.map { " (host \($0))" } ?? "")"]
        if let winner {
            lines.append("  route: \(table.label(winner))")
            if !parameters.isEmpty {
                lines.append("  params: " + parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))
            }
            if let catchall { lines.append("  catchall: \(catchall)") }
        } else if let miss {
            var line = "  no route: \(miss.reason.name)"
            if !miss.allowedMethods.isEmpty { line += " (allowed: \(miss.allowedMethods.joined(separator: ", ")))" }
            if let detail = miss.detail { line += " — \(detail)" }
            lines.append(line)
        }
        if let candidates {
            lines.append(
                candidates.isEmpty
                    ? "  no route's pattern matches the path"
                    : "  routes whose pattern matches the path, in precedence order:")
            for candidate in candidates {
                let reason = candidate.reason.isEmpty ? "" : ": \(candidate.reason)"
                lines.append(
                    "    \(candidate.outcome.padding(toLength: 7, withPad: " ", startingAt: 0)) \(table.label(candidate.entry))\(reason)"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object.
    package func json(_ table: RouteFileTable) -> String {
        func route(_ index: Int) -> [String: Any] {
            let entry = table.file.routes[index]
            return [
                "pattern": entry.pattern, "host": entry.host ?? NSNull(), "method": entry.method ?? NSNull(),
                "line": entry.line, "column": entry.column,
            ]
        }
        var object: [String: Any] = ["url": url, "method": method ?? NSNull(), "host": host ?? NSNull()]
        object["route"] = winner.map(route) ?? NSNull()
        object["params"] = Dictionary(parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        object["catchall"] = catchall ?? NSNull()
        object["error"] = miss.map { $0.reason.name } ?? NSNull()
        if let miss, !miss.allowedMethods.isEmpty { object["allowed"] = miss.allowedMethods }
        if let candidates {
            object["candidates"] = candidates.map { candidate in
                var item = route(candidate.entry)
                item["outcome"] = candidate.outcome
                item["reason"] = candidate.reason
                return item
            }
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
