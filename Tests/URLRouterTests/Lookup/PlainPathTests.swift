import Testing
import URLRouterHandlers

@testable import URLRouter

/// Most lookups take the plain path (`CompiledTable.resolvePlain`), which runs the pipeline's
/// steps with what its conditions make constant left out: wherever it answers, the full
/// pipeline (`CompiledTable.resolve`) must find exactly the same, and it must step aside for
/// every URL and table it does not cover.
@Suite struct PlainPathTests {
    /// Routes of every element kind, methods, and a scheme-bound route.
    static let patterns: [(String, String?)] = [
        ("/", nil), ("/users", "GET"), ("/users", "POST"), ("/users/:id", "GET"), ("/users/:id/repos/:repo", nil),
        ("/files/**", "GET"), ("/a/*/c", nil), ("/items/:id([0-9]+)", nil), ("/report-{year}.json", nil),
        ("https://secure/page", nil), ("/users/me", "DELETE"),
    ]

    /// URLs the plain path takes, and some it must leave to the full pipeline.
    static let urls = [
        "/", "", "/users", "/users/", "/users/42", "/users/42/repos/x", "/users/me", "/users//42", "/files/a/b/c",
        "/files", "/a/b/c", "/a//c", "/items/12", "/items/x", "/report-2024.json", "/nothing/here",
        "/users/42?tab=1#top", "/users/42#frag", "https://secure/page", "HTTPS://secure/page", "http://host/users",
        "/users/%34%32", "/./users", "/users/../users", "/a\\b", "/" + String(repeating: "s/", count: 80),
        "/users/\u{1}", "/usérs/é",
    ]

    /// What a resolution found, every field an answer step reads.
    static func describe(_ resolution: borrowing Resolution) -> String {
        let captures = resolution.captures.map { "\($0)" }.joined(separator: ",")
        let scheme = resolution.scheme.map { String(decoding: $0, as: UTF8.self) } ?? "-"
        return "\(String(describing: resolution.reason)) \(resolution.routeIndex) [\(captures)]"
            + " \(String(describing: resolution.catchAll)) \(resolution.allowedMethods) \(scheme)"
            + " \(resolution.querySpan) \(resolution.fragmentSpan) \(resolution.hostSpan) \(resolution.segments.count)"
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
        var tables = [try CompiledTable(backend: FoundationBackend(), registry: registry, rules: rules)]
        #if PCRE2
        tables.append(try CompiledTable(backend: PCRE2Backend(), registry: registry, rules: rules))
        #endif
        return tables
    }

    /// For each URL and method, the plain path's answer where it gives one, which must be the
    /// full pipeline's; returns the URLs it took.
    static func compare(_ table: CompiledTable) -> Set<String> {
        var taken: Set<String> = []
        for url in urls {
            for method in [nil, "GET", "POST", "DELETE", "PATCH"] as [String?] {
                var plain: String?
                let answered = table.resolvePlain(url, method, []) { prepared in
                    table.match(&prepared)
                    plain = describe(prepared.resolution)
                }
                #expect(answered == (plain != nil), "\(url): answered \(answered) but lent nothing")
                guard let plain else { continue }
                taken.insert(url)
                var full = ""
                table.resolve(url, method: method, variants: []) { prepared in
                    table.match(&prepared)
                    full = describe(prepared.resolution)
                }
                #expect(plain == full, "\(table.backendName) \(method ?? "-") \(url): plain \(plain), full \(full)")
            }
        }
        return taken
    }

    @Test func wherePlainPathAnswersTheFullPipelineAnswersTheSame() throws {
        for table in try Self.tables() {
            #expect(table.takesPlainPath)
            let taken = Self.compare(table)
            // Every plain URL is taken; those that need the full normalization are not.
            for url in ["/", "", "/users/42", "/files/a/b/c", "/users/42?tab=1#top", "https://secure/page", "/a//c"] {
                #expect(taken.contains(url), "\(table.backendName): \(url) should take the plain path")
            }
            for url in ["HTTPS://secure/page", "/users/%34%32", "/" + String(repeating: "s/", count: 80)] {
                #expect(!taken.contains(url), "\(table.backendName): \(url) should take the full pipeline")
            }
        }
    }

    @Test func withRequestChecksTheURLsTheScanCannotClearTakeTheFullPipeline() throws {
        for table in try Self.tables(options: RouterOptions()) {
            #expect(table.takesPlainPath)
            let taken = Self.compare(table)
            #expect(taken.contains("/users/42"))
            for url in ["/./users", "/users/../users", "/a\\b", "/users/\u{1}"] {
                #expect(!taken.contains(url), "\(table.backendName): \(url) may be refused: the full check reads it")
                var reason: RouteMiss.Reason?
                table.resolve(url, method: "GET", variants: []) { reason = $0.reason }
                #expect(reason != nil && reason != .noMatch, "\(url) is refused by the full check")
            }
        }
    }

    @Test func tablesWithRulesOrADefaultSchemeKeepTheirSteps() throws {
        for table in try Self.tables(rules: [try RewriteRule("^/old/(.*)$", target: "/users/$1")]) {
            #expect(!table.takesPlainPath)
        }
        var scheme = RouterOptions.handlerRouter
        scheme.defaultScheme = "https"
        for table in try Self.tables(options: scheme) {
            #expect(table.takesPlainPath)
            // A URL without a scheme is routed under the default one: the full pipeline lends it.
            let answered = table.resolvePlain("/page", nil, []) { _ in }
            #expect(!answered)
            let withVariants = table.resolvePlain("https://secure/page", nil, ["mobile"]) { _ in }
            #expect(!withVariants, "a lookup with variants keeps the full pipeline")
            let taken = Self.compare(table)
            #expect(taken.contains("https://secure/page"))
            #expect(!taken.contains("/users/42"))
        }
    }
}
