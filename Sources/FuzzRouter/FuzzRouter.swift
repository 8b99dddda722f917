import Foundation
import FuzzSupport
import URLRouter
import URLRouterConformance
import URLRouterHandlers

/// The differential fuzz target: one ``RouterProgram`` on every backend of the build; any crash,
/// or any difference in what they answer (registration outcome, rule outcome, winner, parameters,
/// catch-all, path, scheme, rewrite, miss reason, `limitExceeded` included), is a finding.
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
        for route in program.routes {
            let outcomes = routers.map { router -> String in
                do {
                    try router.register(route.pattern, method: route.method) { _ in }
                    return "registered"
                } catch {
                    return "refused \((error as? RouterError)?.code.description ?? "\(error)")"
                }
            }
            if let report = compare("register \(route.pattern.debugDescription)", outcomes) { return report }
        }
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
        }
        for lookup in program.lookups {
            let answers = routers.map { router in
                "\(Observation(router.match(lookup.url, method: lookup.method, kind: nil))) rewrite=\(router.rewrite(lookup.url) ?? "-")"
            }
            if let report = compare("lookup \(lookup.url.debugDescription) method \(lookup.method ?? "-")", answers) {
                return report
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
