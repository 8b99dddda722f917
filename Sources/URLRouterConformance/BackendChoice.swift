import Foundation
public import URLRouter

/// A `--backend` value: `pcre2`, `foundation` or `both`.
public enum BackendChoice: Sendable {
    /// A backend the build lacks, or a name no backend has.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        /// Why.
        public var description: String
    }

    /// The backends `name` stands for, in run order.
    ///
    /// - Throws: ``Unavailable`` for `pcre2` in a build without the PCRE2 trait, or an unknown name.
    public static func backends(_ name: String) throws(Unavailable) -> [RouterBackend] {
        if name == "both" { return RouterBackend.available }
        if let backend = RouterBackend.named(name) { return [backend] }
        if RouterBackend.knownNames.contains(name) {
            throw Unavailable(
                description:
                    "this build has no \(name) backend: it was built without the PCRE2 trait "
                    + "(swift build --disable-default-traits); use --backend foundation, or rebuild with libpcre2-dev installed")
        }
        throw Unavailable(description: "unknown backend '\(name)'; use pcre2, foundation or both")
    }
}

/// `urlrouter match`: a suite's routes, rules and options, and one lookup.
public struct MatchCommandReport: Sendable {
    /// The backend's name.
    public var backend: String
    /// What it returned.
    public var observation: Observation
    /// The winning route's pattern, when one won.
    public var pattern: String?

    /// Loads `fixture` into a router on `backend` and looks `url` up.
    ///
    /// - Throws: ``FixtureError`` when the file is malformed or one of its routes or rules is refused.
    public init(
        fixture: FixtureSuite, backend: RouterBackend, url: String, method: String?, variants: [String], kind: RouteKind
    ) throws(FixtureError) {
        let (router, problem) = ConformanceRunner(backends: [backend]).makeRouter(fixture, backend)
        guard let router else { throw FixtureError(file: fixture.file, field: "routes", message: problem ?? "") }
        let result = router.match(url, method: method, variants: variants, kind: kind)
        self.backend = backend.name
        self.observation = Observation(result)
        if case .success(let match) = result { pattern = match.route.pattern }
    }

    /// Lines for a person.
    public var text: String {
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
    public var json: String {
        var object = observation.jsonObject
        object["backend"] = backend
        object["pattern"] = pattern ?? NSNull()
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
