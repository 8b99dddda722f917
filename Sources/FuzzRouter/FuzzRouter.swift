import Foundation
import FuzzSupport
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterConformance
import URLRouterHandlers

/// The differential fuzz target: one ``RouterProgram`` on every backend of the build; any crash,
/// or any difference in what they answer (registration outcome, rule outcome, winner, parameters,
/// catch-all, path, scheme, rewrite, miss reason, `limitExceeded` included), is a finding. Where
/// the program has none of the handler router's behaviours, each backend's route table (of the
/// patterns as the router registers them) answers too, through its owning `lookup`, borrowed
/// `withMatch` and a `LiveRouteTable`, each URL the router hands its table as it is, and must
/// answer as that backend's router does: the table's short way into a lookup is held to the
/// router's steps.
@main
enum FuzzRouter {
    static func main() {
        exit(FuzzDriver.main(test: test, seeds: seeds))
    }

    static let test: FuzzDriver.Test = { data, size in
        let program = RouterProgram(UnsafeBufferPointer(start: data, count: size))
        if let report = disagreement(program) { FuzzDriver.finding(report) }
        return 0
    }

    /// What the backends disagree on, or `nil`.
    static func disagreement(_ program: RouterProgram) -> String? {
        let backends = RouterBackend.available
        let routers = backends.map { Router(options: program.options, handlerOptions: program.handling, backend: $0) }
        func compare(_ what: String, _ answers: [String]) -> String? {
            guard Set(answers).count > 1 else { return nil }
            let lines = zip(backends, answers).map { "  \($0.name): \($1)" }
            return "\(what)\n" + lines.joined(separator: "\n") + "\nprogram:\n\(program)"
        }
        for (index, route) in program.routes.enumerated() {
            let outcomes = routers.map { router -> String in
                do {
                    // Named, so that a table's answer names its winner as the router's does.
                    try router.register(route.pattern, method: route.method, name: "r\(index)") { _ in }
                    return "registered"
                } catch {
                    return "refused \((error as? RouterError)?.code.description ?? "\(error)")"
                }
            }
            if let report = compare("register \(route.pattern.debugDescription)", outcomes) { return report }
        }
        var accepted: [(expression: String, target: String)] = []
        for rule in program.rules {
            let outcomes = routers.map { router -> String in
                do {
                    try router.addRewriteRule(rule.expression, target: rule.target)
                    return "added"
                } catch {
                    return "refused \((error as? RouterError)?.code.description ?? "\(error)")"
                }
            }
            if let report = compare("add rule \(rule.expression.debugDescription)", outcomes) { return report }
            if outcomes[0] == "added" { accepted.append(rule) }
        }
        // A table has none of the handler router's behaviours: a program without them is one it can
        // express, for the URLs the router hands its table as they are.
        var tables: [TableEntryPoints] = []
        if !program.handling.hasBehaviours {
            for (backend, router) in zip(backends, routers) {
                do {
                    let entryPoints = try TableEntryPoints(
                        routes: [], rewriteRules: accepted, options: program.options, backend: backend)
                    entryPoints.follow(router)
                    tables.append(entryPoints)
                } catch {
                    return "\(backend.name): a live table of no routes is refused: \(error)\nprogram:\n\(program)"
                }
            }
        }
        for lookup in program.lookups {
            let observed = routers.map { Observation($0.match(lookup.url, method: lookup.method, kind: nil)) }
            let answers = zip(routers, observed).map { router, observation in
                "\(observation) rewrite=\(router.rewrite(lookup.url) ?? "-")"
            }
            let what = "lookup \(lookup.url.debugDescription) method \(lookup.method ?? "-")"
            if let report = compare(what, answers) { return report }
            for (index, entryPoints) in tables.enumerated()
            where entryPoints.routesAsGiven(lookup.url, under: program.handling) {
                guard
                    let (entryPoint, seen) = entryPoints.disagreement(
                        withRouter: observed[index], method: lookup.method, url: lookup.url, variants: [])
                else { continue }
                return """
                    \(what): \(backends[index].name) router and \(entryPoint.resultName(backend: backends[index].name)) disagree
                      router: \(observed[index])
                      \(entryPoint.rawValue): \(seen)
                    program:
                    \(program)
                    """
            }
        }
        return nil
    }

    /// One program per fixture suite (its options, routes, rules and up to eight lookups), then
    /// one per further eight lookups.
    static func seeds(_ fixtures: String) throws -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        for file in ConformanceCheck.files(in: [fixtures]).files {
            let suite = try FixtureSuite(contentsOf: file)
            var program = RouterProgram()
            program.options = suite.options
            program.handling.defaultScheme = suite.handlerOptions.defaultScheme
            program.handling.hostAsSegment = suite.handlerOptions.hostAsSegment
            program.handling.trailingStar = suite.handlerOptions.trailingStar
            program.routes = suite.routes.prefix(RouterProgram.maxRoutes).map { ($0.pattern, $0.method) }
            program.rules = suite.rewrites.prefix(RouterProgram.maxRules).map { ($0.match, $0.target) }
            var lookups: [(String, String?)] = []
            for testCase in suite.cases {
                if case .lookup(let lookup) = testCase.action { lookups.append((lookup.url, lookup.method)) }
            }
            for start in stride(from: 0, to: max(1, lookups.count), by: RouterProgram.maxLookups) {
                program.lookups = Array(lookups[start..<min(lookups.count, start + RouterProgram.maxLookups)])
                inputs.append(program.bytes)
            }
        }
        return inputs
    }
}
