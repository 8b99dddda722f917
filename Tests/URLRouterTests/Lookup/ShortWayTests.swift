import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// Most lookups enter step 3 the short way (`CompiledTable.resolve`: a table with nothing to
/// rewrite or charge, room of constant size, what that makes constant folded in); the rest the
/// full way (`CompiledTable.resolveInFull`), through the same step 3. For every URL the two must
/// find exactly the same, whichever way a lookup takes.
@Suite struct ShortWayTests {
    /// Routes of every element kind, methods, and a scheme-bound route.
    static let patterns: [(String, String?)] = [
        ("/", nil), ("/users", "GET"), ("/users", "POST"), ("/users/:id", "GET"), ("/users/:id/repos/:repo", nil),
        ("/files/**", "GET"), ("/a/*/c", nil), ("/items/:id([0-9]+)", nil), ("/report-{year}.json", nil),
        ("https://secure/page", nil), ("/users/me", "DELETE"),
    ]

    /// URLs the scan takes, and some it turns away to the full normalization.
    static let urls = [
        "/", "", "/users", "/users/", "/users/42", "/users/42/repos/x", "/users/me", "/users//42", "/files/a/b/c",
        "/files", "/a/b/c", "/a//c", "/items/12", "/items/x", "/report-2024.json", "/nothing/here",
        "/users/42?tab=1#top", "/users/42#frag", "https://secure/page", "HTTPS://secure/page", "http://host/users",
        "/users/%34%32", "/./users", "/users/../users", "/a\\b", "/" + String(repeating: "s/", count: 80),
        "/users/\u{1}", "/usérs/é",
    ]

    /// What a lookup found, every field an answer step reads.
    static func describe(_ prepared: borrowing PreparedLookup) -> String {
        let captures = prepared.resolution.captures.map { "\($0)" }.joined(separator: ",")
        let scheme = prepared.request.scheme.map { String(decoding: $0, as: UTF8.self) } ?? "-"
        return "\(String(describing: prepared.resolution.reason)) \(prepared.resolution.routeIndex) [\(captures)]"
            + " \(String(describing: prepared.resolution.catchAll)) \(prepared.resolution.allowedMethods) \(scheme)"
            + " \(prepared.resolution.tail.start) \(prepared.resolution.hostSpan)"
            + " \(prepared.request.segments.count)"
    }

    /// The tables of both backends (the PCRE2 one when the trait is on) under `options`.
    static func tables(options: RouterOptions = RouterOptions.handlerRouter, rules: [RewriteRule] = []) throws
        -> [CompiledTable]
    {
        var registry = RouteRegistry(options: options)
        for (index, route) in patterns.enumerated() {
            registry.add(
                RouteRegistration(pattern: try RoutePattern(route.0), method: route.1, name: "r\(index)", handle: index)
            )
        }
        var tables = [try CompiledTable(engine: FoundationBackend(), registry: registry, rules: rules)]
        #if PCRE2
        tables.append(try CompiledTable(engine: PCRE2Backend(), registry: registry, rules: rules))
        #endif
        return tables
    }

    /// For each URL and method, the short way's answer, which must be the full way's.
    static func compare(_ table: CompiledTable) {
        for url in urls {
            for method in [nil, "GET", "POST", "DELETE", "PATCH"] as [String?] {
                var short = ""
                table.resolve(url, method: method, variants: []) { prepared in
                    table.match(&prepared)
                    short = describe(prepared)
                }
                var full = ""
                table.resolveInFull(
                    url, table.methods.filter(for: method), [], forcingCharges: false
                ) { prepared in
                    table.match(&prepared)
                    full = describe(prepared)
                }
                #expect(short == full, "\(table.backendName) \(method ?? "-") \(url): short \(short), full \(full)")
            }
        }
    }

    @Test func theShortWayAnswersAsTheFullWay() throws {
        for table in try Self.tables() {
            #expect(table.takesShortWay)
            Self.compare(table)
        }
    }

    @Test func withRequestChecksTheURLsTheScanCannotClearAreCheckedInFull() throws {
        for table in try Self.tables(options: RouterOptions()) {
            #expect(table.takesShortWay)
            Self.compare(table)
            for url in ["/./users", "/users/../users", "/a\\b", "/users/\u{1}"] {
                var reason: MissReason?
                table.resolve(url, method: "GET", variants: []) { reason = $0.reason }
                #expect(reason != nil && reason != .noMatch, "\(url) is refused by the full check")
            }
        }
    }

    @Test func tablesWithRulesAnswerTheSameEitherWay() throws {
        for table in try Self.tables(rules: [try RewriteRule("^/old/(.*)$", target: "/users/$1")]) {
            #expect(!table.takesShortWay)
            Self.compare(table)
        }
    }
}
