import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// Reverse routing over the differential generator's random tables: a built URL, looked up on
/// the other backend, gives back the same route and values, or the builder named the route
/// ranked above it that takes the URL.
@Suite struct ReverseRoutingTests {
    static let values = ["42", "a b", "x/y", "café", "1", "abc", "x.jpg", "ab", "100%", "img-1x2", "v1"]

    @Test func builtURLsRoundTripOrNameTheRouteThatTakesThem() throws {
        let backends = RouterBackend.available
        var built = 0
        var taken = 0
        var refused: [URLBuildError.Reason: Int] = [:]
        for seed in UInt64(1)...300 {
            var generator = SeededGenerator(seed: seed)
            let table = RandomTable(using: &generator)
            let routers = [backends[0], backends[backends.count - 1]].map {
                Router(options: table.options, backend: $0)
            }
            for route in table.routes {
                for router in routers { _ = try? router.register(contentsOf: [route]) }
            }
            for rule in table.rules {
                for router in routers { try? router.addRewriteRule(rule.expression, target: rule.target) }
            }
            let (builder, checker) = (routers[0], routers[1])
            for registration in builder.registrations {
                let name = try #require(registration.name)
                var parameters = Dictionary(
                    registration.parameterNames.map { ($0, Self.values.randomElement(using: &generator)!) },
                    uniquingKeysWith: { first, _ in first })
                // A host pattern's labels take one host label each.
                for name in registration.hostPattern?.parameterNames ?? [] {
                    parameters[name] = ["acme", "b2", "x-y"].randomElement(using: &generator)!
                }
                let host = Self.host(of: registration, parameters)
                var catchAll = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    Self.values.randomElement(using: &generator)!
                }
                let url: String
                do {
                    do {
                        url = try builder.url(forRouteNamed: name, parameters: parameters, catchAll: catchAll)
                    } catch  where error.reason == .unusedValue && error.parameter == "**" {
                        catchAll = []
                        url = try builder.url(forRouteNamed: name, parameters: parameters)
                    }
                } catch {
                    #expect(error.reason != .unknownRoute && error.reason != .missingValue, "seed \(seed): \(error)")
                    if error.reason == .takenByAnotherRoute {
                        let other = try #require(error.takenBy)
                        let takenURL = try #require(error.url)
                        let answer = checker.match(
                            takenURL, method: registration.method, host: host,
                            variants: registration.variant.map { [$0] } ?? [])
                        #expect(
                            (try? answer.get())?.route.name == other.name && other.name != name,
                            "seed \(seed): \(takenURL) for \(registration.pattern) said taken by \(other.pattern)")
                        taken += 1
                    }
                    refused[error.reason, default: 0] += 1
                    continue
                }
                // The other backend reads the URL back: this route, these values.
                let answer = checker.match(
                    url, method: registration.method, host: host, variants: registration.variant.map { [$0] } ?? [])
                guard case .success(let match) = answer else {
                    Issue.record("seed \(seed): \(url) for \(registration.pattern) gave \(answer)")
                    continue
                }
                #expect(match.route.name == name, "seed \(seed): \(url) for \(registration.pattern)")
                let readBack = Dictionary(
                    match.parameters.path.map { ($0.name, String($0.value)) }, uniquingKeysWith: { first, _ in first })
                var expected = parameters
                if let name = registration.parsedPattern.catchAllName, !catchAll.isEmpty {
                    expected[name] = catchAll.joined(separator: "/")
                }
                #expect(readBack == expected, "seed \(seed): \(url) for \(registration.pattern)")
                #expect(match.catchall == (catchAll.isEmpty ? nil : catchAll.joined(separator: "/")))
                built += 1
            }
        }
        // The property holds over many URLs of every outcome, not vacuously.
        #expect(built > 500, "\(built) built, \(taken) taken, refused \(refused)")
        #expect(taken > 20, "\(built) built, \(taken) taken, refused \(refused)")
    }

    /// The host the URL builder proves `registration`'s URL on: its host pattern spelled with
    /// `parameters` (a first `*` as `www`), or `nil` for a route of any host.
    static func host(of registration: RouteRegistration, _ parameters: [String: String]) -> String? {
        guard let pattern = registration.hostPattern else { return nil }
        let labels = pattern.labels.map { label -> String in
            switch label {
            case .literal(let text): text
            case .parameter(let name): parameters[name] ?? ""
            }
        }
        return ((pattern.startsWithAny ? ["www"] : []) + labels).joined(separator: ".")
    }
}
