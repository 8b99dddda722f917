import Foundation
@_spi(HandlerRouter) @_spi(Tools) package import URLRouter
package import URLRouterConformance
package import URLRouterHandlers

/// `urlrouter match`: a suite's routes, rules and options, and one lookup.
package struct MatchCommandReport: Sendable {
    /// The backend's name.
    package var backend: String
    /// What it returned.
    package var observation: Observation
    /// The winning route's pattern, when one won.
    package var pattern: String?

    /// Loads `fixture` into a router on `backend` and looks `url` up.
    ///
    /// - Throws: ``FixtureError`` when the file is malformed or one of its routes or rules is refused.
    package init(
        fixture: FixtureSuite, backend: RouterBackend, url: String, method: String?, variants: [String], kind: RouteKind
    ) throws(FixtureError) {
        let (router, problem) = ConformanceRunner(backends: [backend]).makeRouter(fixture, backend)
        guard let router else { throw FixtureError(file: fixture.file, field: "routes", message: problem ?? "") }
        let result = router.match(url, method: method, variants: variants, kind: kind)
        self.backend = backend.name
        self.observation = Observation(result)
        if case .success(let match) = result.result { pattern = match.route.pattern }
    }

    /// Lines for a person.
    package var text: String {
        var lines = ["[\(backend)]"]
        if let route = observation.route {
            lines.append("route: \(route)" + (pattern.map { " (\($0))" } ?? ""))
        } else {
            lines.append("no route: \(observation.error ?? "noMatch")")
        }
        if let params = observation.params, !params.isEmpty {
            lines.append("params: " + params.keys.sorted().map { "\($0)=\(params[$0]!)" }.joined(separator: ", "))
        }
        for (name, value) in [
            ("catchall", observation.catchall), ("variant", observation.variant), ("scheme", observation.scheme),
            ("path", observation.path), ("fragment", observation.fragment), ("transition", observation.transition),
            ("callbackURL", observation.callbackURL), ("rewrittenTo", observation.rewrittenTo),
        ] {
            if let value { lines.append("\(name): \(value)") }
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object.
    package var json: String {
        var object = observation.jsonObject
        object["backend"] = backend
        object["pattern"] = pattern ?? NSNull()
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
