import Foundation
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHandlers

/// `urlrouter diff OLD NEW`: what serving `new` instead of `old` changes. The routes and rewrite
/// rules added and removed, and the requests whose answer changes (another winning route, other
/// parameters, or a miss for another reason), and only those: what a reload will do, before it
/// happens.
///
/// The requests are the caller's (`--requests FILE`), or one example URL of each route of either
/// file, made from its pattern, asked with its method (`GET` for a route of any method); a host
/// route's example is an absolute URL on a host its pattern takes.
package struct RouteFileDiff: Sendable {
    /// A route of one of the files, as the diff names it.
    package struct Route: Sendable, Hashable {
        /// The method, or `nil` for any method.
        package var method: String?
        /// The pattern.
        package var pattern: String
        /// The handler the line names, if any.
        package var handler: String?
        /// `file:line`.
        package var location: String

        /// `GET /users/:id showUser`, without the location.
        package var text: String {
            [method ?? "ANY", pattern, handler].compactMap { $0 }.joined(separator: " ")
        }
    }

    /// A lookup's answer in one table.
    package struct Answer: Sendable, Hashable {
        /// The winning route, or `nil` for a miss.
        package var route: Route?
        /// The winner's parameters, in pattern order, and its catch-all.
        package var parameters: [String]
        /// The miss reason, and for `methodNotAllowed` the methods allowed.
        package var miss: String?

        /// `GET /users/:id showUser (id=7)` or `noMatch`.
        package var text: String {
            guard let route else { return miss ?? "noMatch" }
            return parameters.isEmpty ? route.text : "\(route.text) (\(parameters.joined(separator: ", ")))"
        }

        /// Whether two answers differ for a client: the winner's method, pattern and handler, the
        /// parameters, the miss (where a route is written is not an answer).
        func differs(from other: Answer) -> Bool {
            route?.text != other.route?.text || parameters != other.parameters || miss != other.miss
        }
    }

    /// A request whose answer changes.
    package struct Change: Sendable {
        /// The request's method.
        package var method: String
        /// The request's URL.
        package var url: String
        /// The answer serving `old`.
        package var old: Answer
        /// The answer serving `new`.
        package var new: Answer
    }

    /// Routes of `new` that `old` lacks (by method, pattern and handler).
    package var addedRoutes: [Route] = []
    /// Routes of `old` that `new` lacks.
    package var removedRoutes: [Route] = []
    /// Rewrite rules, `expression target`, of `new` that `old` lacks.
    package var addedRules: [String] = []
    /// Rewrite rules of `old` that `new` lacks.
    package var removedRules: [String] = []
    /// How many requests were looked up in both.
    package var requestCount = 0
    /// The requests whose answer changes, in request order.
    package var changes: [Change] = []

    /// Compares `old` and `new` over `requests` (`(method, url)`), or over an example URL of each
    /// route of either when `requests` is `nil`.
    package init(old: RouteFileTable, new: RouteFileTable, requests: [(method: String, url: String)]?) {
        let oldRoutes = Self.routes(of: old)
        let newRoutes = Self.routes(of: new)
        let oldTexts = Set(oldRoutes.map(\.text))
        let newTexts = Set(newRoutes.map(\.text))
        addedRoutes = newRoutes.filter { !oldTexts.contains($0.text) }
        removedRoutes = oldRoutes.filter { !newTexts.contains($0.text) }
        let oldRules = old.file.rewriteRules.map { "\($0.expression) \($0.target)" }
        let newRules = new.file.rewriteRules.map { "\($0.expression) \($0.target)" }
        addedRules = newRules.filter { !oldRules.contains($0) }
        removedRules = oldRules.filter { !newRules.contains($0) }

        let asked = requests ?? Self.examples(of: [old, new])
        requestCount = asked.count
        for request in asked {
            let before = Self.answer(old, request)
            let after = Self.answer(new, request)
            if before.differs(from: after) {
                changes.append(Change(method: request.method, url: request.url, old: before, new: after))
            }
        }
    }

    /// Every route a table serves, in file order.
    static func routes(of table: RouteFileTable) -> [Route] {
        table.file.routes.indices.filter { table.registrations[$0] != nil }.map { described(table, $0) }
    }

    /// Route `index` of `table`'s file.
    static func described(_ table: RouteFileTable, _ index: Int) -> Route {
        let entry = table.file.routes[index]
        return Route(
            method: entry.method, pattern: (entry.host ?? "") + entry.pattern, handler: entry.handler,
            location: "\(table.file.path):\(entry.line)")
    }

    /// One example request for each route of `tables` (each once), in file order.
    static func examples(of tables: [RouteFileTable]) -> [(method: String, url: String)] {
        var seen: Set<String> = []
        var requests: [(method: String, url: String)] = []
        for table in tables {
            let examples = RouteExamples(patterns: table.file.routes.map(\.pattern), options: table.options)
            for index in table.file.routes.indices where table.registrations[index] != nil {
                let entry = table.file.routes[index]
                guard var url = examples.example(of: entry.pattern) else { continue }
                // A host route's example is asked on a host its pattern takes, in the URL's authority.
                if let host = entry.host.flatMap({ try? HostPattern($0) }), url.hasPrefix("/") {
                    url = "http://" + (RouteExamples.hosts(host).first ?? "") + url
                }
                let method = entry.method ?? "GET"
                if seen.insert("\(method) \(url)").inserted { requests.append((method, url)) }
            }
        }
        return requests
    }

    /// `request`'s answer in `table`.
    static func answer(_ table: RouteFileTable, _ request: (method: String, url: String)) -> Answer {
        switch table.router.match(request.url, method: request.method) {
        case .success(let match):
            var parameters = match.parameters.path.map { "\($0.name)=\($0.value)" }
            if let catchall = match.catchall { parameters.append("**=\(catchall)") }
            let route = table.entry(of: match.route).map { described(table, $0.index) }
            return Answer(route: route, parameters: parameters, miss: route == nil ? "unknown route" : nil)
        case .failure(let miss):
            let allowed =
                miss.allowedMethods.isEmpty ? "" : " (allowed: \(miss.allowedMethods.joined(separator: ", ")))"
            return Answer(route: nil, parameters: [], miss: miss.reason.name + allowed)
        }
    }

    /// Whether serving `new` changes anything at all.
    package var isEmpty: Bool {
        addedRoutes.isEmpty && removedRoutes.isEmpty && addedRules.isEmpty && removedRules.isEmpty && changes.isEmpty
    }

    /// The report for a person: `+`/`-` lines for routes and rules, then each changed request.
    package var text: String {
        var lines: [String] = []
        lines += addedRoutes.map { "+ \($0.text)  (\($0.location))" }
        lines += removedRoutes.map { "- \($0.text)  (\($0.location))" }
        lines += addedRules.map { "+ rewrite \($0)" }
        lines += removedRules.map { "- rewrite \($0)" }
        for change in changes {
            lines.append("\(change.method) \(change.url): \(change.old.text) -> \(change.new.text)")
        }
        let routes =
            "\(addedRoutes.count) route\(addedRoutes.count == 1 ? "" : "s") added, \(removedRoutes.count) removed"
        let requests = "\(changes.count) of \(requestCount) request\(requestCount == 1 ? "" : "s") answered differently"
        lines.append("\(routes); \(requests)")
        return lines.joined(separator: "\n")
    }

    /// The report as one JSON object.
    package var json: String {
        func route(_ route: Route) -> [String: Any] {
            var object: [String: Any] = ["pattern": route.pattern, "location": route.location]
            object["method"] = route.method
            object["handler"] = route.handler
            return object
        }
        func answer(_ answer: Answer) -> [String: Any] {
            guard let winner = answer.route else { return ["miss": answer.miss ?? "noMatch"] }
            return ["route": route(winner), "parameters": answer.parameters]
        }
        let object: [String: Any] = [
            "added": addedRoutes.map(route), "removed": removedRoutes.map(route),
            "addedRewriteRules": addedRules, "removedRewriteRules": removedRules, "requests": requestCount,
            "changed": changes.map { change in
                ["method": change.method, "url": change.url, "old": answer(change.old), "new": answer(change.new)]
            },
        ]
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
