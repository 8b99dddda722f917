/// Builds the URL of one route from values, and proves it by looking it up: the URL is returned
/// only when the table answers it with the same route and the same values. An absent optional
/// parameter leaves its segment out; a named catch-all takes its value's segments; a route with a
/// host pattern is looked up on the host its values spell (the URL returned is the path).
struct URLBuilder {
    let registration: RouteRegistration
    let options: RouterOptions

    /// The URL for `parameters` and `catchAll` (and `query` after `?`), checked with `lookup`
    /// (of a URL on a host).
    func build(
        parameters: [String: String], catchAll given: [String], query: [(name: String, value: String)],
        lookup: (_ url: String, _ host: String?) -> Result<RouteMatch, RouteMiss>
    ) throws(URLBuildError) -> String {
        let pattern = registration.parsedPattern
        let lowered = LoweredPattern(registration, options: options)
        let hostNames = registration.hostPattern?.parameterNames ?? []
        let names = Set(registration.parameterNames + hostNames + (pattern.catchAllName.map { [$0] } ?? []))
        if let unused = parameters.keys.sorted().first(where: { !names.contains($0) }) {
            throw error(.unusedValue, unused, "the pattern has no parameter '\(unused)'")
        }
        let hasCatchAll = lowered.elements.contains(.catchAll)
        if !hasCatchAll, !given.isEmpty {
            throw error(.unusedValue, "**", "the pattern has no catch-all for \(given.count) segments")
        }
        // A named catch-all's value is its segments.
        var catchAll = given
        var expected = parameters
        if let name = pattern.catchAllName {
            if let value = parameters[name] {
                catchAll = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            } else if !given.isEmpty {
                expected[name] = given.joined(separator: "/")
            }
        }
        let host = try hostText(parameters)
        let firstOptional = pattern.segments.count - pattern.optionalCount
        var segments: [String] = []
        for (index, (segment, element)) in zip(pattern.segments, lowered.elements).enumerated() {
            if index >= firstOptional, case .parameter(let name, _) = segment.kind, parameters[name] == nil {
                // An absent optional parameter leaves out its segment, and every one after it.
                let later = pattern.segments[index...].flatMap(\.parameterNames).first { parameters[$0] != nil }
                if let later {
                    throw error(.missingValue, name, "':\(name)?' has no value, and ':\(later)?' after it has one")
                }
                break
            }
            switch segment.kind {
            case .literal(let text):
                segments.append(Self.encodeLiteral(text))
            case .parameter(let name, _):
                guard let value = parameters[name] else { throw error(.missingValue, name, "':\(name)' has no value") }
                guard !value.isEmpty else { throw error(.invalidValue, name, "':\(name)' may not be empty") }
                segments.append(PercentCoding.encode(value))
            case .composite(let pieces):
                var text = ""
                for piece in pieces {
                    switch piece {
                    case .literal(let literal): text += Self.encodeLiteral(literal)
                    case .capture(let name):
                        guard let value = parameters[name] else {
                            throw error(.missingValue, name, "'{\(name)}' has no value")
                        }
                        text += PercentCoding.encode(value)
                    case .star:
                        throw error(.unnamedSegment, nil, "'\(segment)' matches text it does not name")
                    }
                }
                segments.append(text)
            case .star, .doubleStar:
                guard element == .catchAll else {
                    throw error(.unnamedSegment, nil, "'\(segment)' matches any segment but names none; write ':name'")
                }
                guard !catchAll.isEmpty else { throw error(.missingValue, "**", "the catch-all needs a segment") }
                if catchAll.contains("") { throw error(.invalidValue, "**", "a catch-all segment may not be empty") }
                segments += catchAll.map(PercentCoding.encode)
            }
        }
        var url = segments.joined(separator: "/")
        if let scheme = pattern.scheme {
            url = scheme + ":///" + url
        } else {
            url = "/" + url
        }
        if lowered.slash == .required, !segments.isEmpty { url += "/" }
        if !query.isEmpty {
            url +=
                "?"
                + query.map { PercentCoding.encode($0.name) + "=" + PercentCoding.encode($0.value) }
                .joined(separator: "&")
        }
        try check(url, host: host, parameters: expected, catchAll: hasCatchAll ? catchAll : nil, lookup: lookup)
        return url
    }

    /// The host the route's host pattern spells with `parameters` (a first `*` as `www`), or
    /// `nil` for a route without one.
    private func hostText(_ parameters: [String: String]) throws(URLBuildError) -> String? {
        guard let host = registration.hostPattern else { return nil }
        var labels: [String] = host.startsWithAny ? ["www"] : []
        for label in host.labels {
            switch label {
            case .literal(let text): labels.append(text)
            case .parameter(let name):
                guard let value = parameters[name] else {
                    throw error(.missingValue, name, "the host label '{\(name)}' has no value")
                }
                guard !value.isEmpty, !value.contains("."), (try? LookupHost.normalized(given: value)) != nil else {
                    throw error(.invalidValue, name, "'{\(name)}' must be one host label (letters, digits, '-', '_')")
                }
                labels.append(value)
            }
        }
        return labels.joined(separator: ".")
    }

    /// Looks `url` up on `host` and requires this route and these values back.
    private func check(
        _ url: String, host: String?, parameters: [String: String], catchAll: [String]?,
        lookup: (String, String?) -> Result<RouteMatch, RouteMiss>
    ) throws(URLBuildError) {
        switch lookup(url, host) {
        case .success(let match):
            guard match.route.handle == registration.handle else {
                throw URLBuildError(
                    .takenByAnotherRoute, route: registration.pattern, takenBy: match.route, url: url,
                    message: "\(url) goes to '\(match.route.pattern)', which ranks above this route")
            }
            let readBack = Dictionary(
                match.parameters.path.map { ($0.name, String($0.value)) }, uniquingKeysWith: { first, _ in first })
            let expectedCatchAll = catchAll?.joined(separator: "/")
            guard readBack == parameters, match.catchall == expectedCatchAll else {
                let values = readBack.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                throw URLBuildError(
                    .readBackDifferently, route: registration.pattern, url: url,
                    message: "\(url) reads back as "
                        + (values + (match.catchall.map { ["**=\($0)"] } ?? []))
                        .joined(separator: ", "))
            }
        case .failure(let miss):
            throw explainMiss(miss, url: url, parameters: parameters)
        }
    }

    /// Why the built URL found nothing: the first value its segment alone refuses, else the miss.
    private func explainMiss(_ miss: RouteMiss, url: String, parameters: [String: String]) -> URLBuildError {
        if miss.reason == .urlTooLong {
            return error(.invalidValue, nil, "the URL is longer than maxURLLength (\(options.maxURLLength) bytes)")
        }
        for segment in registration.parsedPattern.segments {
            let value: String
            switch segment.kind {
            case .parameter(let name, let constraint?):
                guard let given = parameters[name] else { continue }
                value = PercentCoding.encode(given)
                if !Self.segment(segment, options: options, matches: value) {
                    return error(
                        .invalidValue, name,
                        "the value '\(given)' of ':\(name)' does not match its constraint \(constraint)")
                }
            case .composite(let pieces):
                value = pieces.map { piece -> String in
                    switch piece {
                    case .literal(let text): return Self.encodeLiteral(text)
                    case .capture(let name): return PercentCoding.encode(parameters[name] ?? "")
                    case .star: return ""
                    }
                }.joined()
                if !Self.segment(segment, options: options, matches: value) {
                    return error(.invalidValue, segment.parameterNames.first, "the values do not fit '\(segment)'")
                }
            default: continue
            }
        }
        return URLBuildError(
            .readBackDifferently, route: registration.pattern, url: url,
            message: "\(url) routes nowhere (\(miss.reason.name)); a rewrite rule may change it")
    }

    /// Whether `segment` alone matches the encoded `value`.
    private static func segment(_ segment: RoutePattern.Segment, options: RouterOptions, matches value: String) -> Bool
    {
        var single = options
        single.duplicateRoutes = .replace
        guard let table = try? RouteTable<Int>([.init("/\(segment)", value: 0)], options: single, backend: .foundation)
        else { return false }
        if case .success = table.lookup(method: nil, url: "/" + value) { return true }
        return false
    }

    /// A literal's comparison form (`%2F`, `%25` kept encoded), encoded for a URL.
    private static func encodeLiteral(_ text: String) -> String {
        PercentCoding.encode(PercentCoding.decodeComparisonForm(Substring(text)))
    }

    private func error(_ reason: URLBuildError.Reason, _ parameter: String?, _ message: String) -> URLBuildError {
        URLBuildError(reason, route: registration.pattern, parameter: parameter, message: message)
    }
}
