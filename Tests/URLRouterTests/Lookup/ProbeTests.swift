import Testing

@_spi(HandlerRouter) @testable import URLRouter

/// The stages a layer calls one by one (`CompiledTable+Stages.swift`) probe the lookup's one
/// request in place: a shorter run of its segments, another method, the trailing slash flipped.
/// Each probe must leave the request as it found it, for the next stage and for the answer.
@Suite struct ProbeTests {
    /// A table of both backends (the PCRE2 one when the trait is on) that redirects trailing
    /// slashes and reports `methodNotAllowed`.
    static func tables() throws -> [CompiledTable] {
        var options = RouterOptions()
        options.trailingSlash = .redirect
        var registry = RouteRegistry(options: options)
        for (index, route) in [("/a/:x", "GET"), ("/a/:x/c", "POST"), ("/a/:x/d/", "GET")].enumerated() {
            registry.add(
                RouteRegistration(pattern: try RoutePattern(route.0), method: route.1, name: "r\(index)", handle: index)
            )
        }
        var tables = [try CompiledTable(engine: FoundationBackend(), registry: registry, rules: [])]
        #if PCRE2
        tables.append(try CompiledTable(engine: PCRE2Backend(), registry: registry, rules: []))
        #endif
        return tables
    }

    /// The request's fields a probe changes for one match.
    static func requestAsGiven(_ prepared: borrowing PreparedLookup) -> String {
        "\(prepared.request.segmentCount) \(prepared.request.method) \(prepared.request.trailingSlash)"
    }

    /// Prepares a `GET` lookup of `url` on each table, lends it to `stages`, then checks that the
    /// request is as it was prepared.
    static func probing(_ url: String, _ stages: (CompiledTable, inout PreparedLookup) -> Void) throws {
        for table in try tables() {
            table.withPreparedLookup(url, method: "GET", variants: [], forcingCharges: false) { prepared in
                let asGiven = requestAsGiven(prepared)
                stages(table, &prepared)
                #expect(requestAsGiven(prepared) == asGiven, "\(table.backendName) \(url)")
            }
        }
    }

    @Test func aShorterRunMatchesAndTheRequestIsRestored() throws {
        try Self.probing("/a/42/c") { table, prepared in
            table.match(&prepared, segmentCount: 2)
            #expect(prepared.reason == nil, "\(table.backendName)")
            #expect(prepared.resolution.routeIndex >= 0)
            let captures = prepared.resolution.captures
            #expect(captures.count == 1 && captures[0] == 3..<5, "\(table.backendName): \(captures.count)")
        }
    }

    @Test func theMethodProbesReportTheOthersAndRestoreTheRequest() throws {
        try Self.probing("/a/42/c") { table, prepared in
            table.match(&prepared, segmentCount: 3)
            #expect(prepared.reason == .noMatch, "\(table.backendName)")
            table.findRedirect(&prepared)
            #expect(prepared.reason == .noMatch, "\(table.backendName): no GET route takes /a/42/c/")
            table.findAllowedMethods(&prepared)
            #expect(prepared.reason == .methodNotAllowed, "\(table.backendName)")
            #expect(prepared.resolution.allowedMethods == ["POST"], "\(table.backendName)")
        }
    }

    @Test func theTrailingSlashProbeRedirectsAndRestoresTheRequest() throws {
        try Self.probing("/a/42/d") { table, prepared in
            table.match(&prepared, segmentCount: 3)
            #expect(prepared.reason == .noMatch, "\(table.backendName)")
            table.findRedirect(&prepared)
            #expect(prepared.reason == .redirect, "\(table.backendName)")
            #expect(prepared.resolution.location == "/a/42/d/", "\(table.backendName)")
        }
    }
}
