import Foundation
import FuzzSupport
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterConformance
import URLRouterHandlers

/// The parser fuzz target: patterns, regexes, rules and URLs, each with invariants that must hold
/// for every input. The first byte picks the parser, the rest is the text (read as UTF-8).
///
/// - 0, pattern: a refusal's offset lies inside the pattern; an accepted pattern parses the same
///   twice, and its canonical text parses back to it; built from its own literals (a parameter becomes `x`), it makes a URL that routes to
///   it on every backend, with each parameter `x`.
/// - 1, regex: a refusal's offset lies inside it; an accepted one compiles on every backend or
///   on none; its complexity is computed, and a linear one has a positive bound per byte.
/// - 2, rule: a refusal's offset lies inside it; an accepted rule's target expands on any URL.
/// - 3, URL: normalizing never traps; the reported path normalizes to itself (when it has no
///   `?`, `#` or `%`); every segment range lies inside the storage. Under every request check,
///   a table whose lookups take the fast scan refuses the URL exactly as one whose lookups take
///   the full normalization (`normalizingEveryURL()`), with the same reason,
///   and a refusal's detail holds no control byte.
/// - 4, percent coding: encoding then decoding gives the text back; decoding never traps.
@main
enum FuzzParsers {
    static func main() {
        exit(FuzzDriver.main(test: test, seeds: seeds))
    }

    static let test: FuzzDriver.Test = { data, size in
        let bytes = UnsafeBufferPointer(start: data, count: size)
        guard let selector = bytes.first else { return 0 }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let report: String?
        switch selector % 5 {
        case 0: report = pattern(text)
        case 1: report = regex(text)
        case 2: report = rule(text)
        case 3: report = url(text)
        default: report = percentCoding(text)
        }
        if let report { FuzzDriver.finding("input \(text.debugDescription) (parser \(selector % 5)): \(report)") }
        return 0
    }

    static func offsetIsInside(_ error: RouterError, _ text: String) -> String? {
        guard let offset = error.offset else { return nil }
        return (0...text.utf8.count).contains(offset) ? nil : "refusal offset \(offset) outside the input: \(error)"
    }

    static func pattern(_ text: String) -> String? {
        let parsed: RoutePattern
        do {
            parsed = try RoutePattern(text)
        } catch {
            return offsetIsInside(error, text)
        }
        guard let again = try? RoutePattern(text), again.segments == parsed.segments, again.scheme == parsed.scheme
        else {
            return "parsing twice gave different patterns"
        }
        // Round trip: the canonical text parses back to the same pattern.
        guard let canonical = try? RoutePattern(parsed.description), canonical.segments == parsed.segments,
            canonical.scheme == parsed.scheme
        else { return "the canonical text \(parsed.description.debugDescription) does not parse back to the pattern" }
        // Round trip: a URL made of the pattern's own literals routes back to it.
        var segments: [String] = []
        for segment in parsed.segments {
            let names = segment.parameterNames
            if names.count == 1, segment == .parameter(names[0]) {
                segments.append("x")
                continue
            }
            let literal = segment.description
            guard names.isEmpty, segment == .literal(literal), !literal.isEmpty,
                literal.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            else { return nil }
            segments.append(literal)
        }
        guard !segments.isEmpty else { return nil }
        let url = (parsed.scheme.map { $0 + "://" } ?? "/") + segments.joined(separator: "/")
        for backend in RouterBackend.available {
            let router = Router(backend: backend)
            do {
                try router.register(text) { _ in }
            } catch {
                return "\(backend.name) refused a pattern that parses: \(error)"
            }
            guard case .success(let match) = router.match(url) else {
                return "\(backend.name): \(url) does not route to the pattern it was built from"
            }
            for name in parsed.parameterNames where match.parameters.get(name) != "x" {
                return "\(backend.name): parameter \(name) of \(url) is \(match.parameters.get(name) ?? "absent")"
            }
        }
        return nil
    }

    static func regex(_ text: String) -> String? {
        let regex: SharedRegex
        do {
            regex = try SharedRegex(text)
        } catch {
            return (0...text.utf8.count).contains(error.offset)
                ? nil : "refusal offset \(error.offset) outside the input"
        }
        let compiles = RouterBackend.available.map { $0.compileError(rewriteExpression: regex) == nil }
        if Set(compiles).count > 1 {
            return
                "the backends disagree on compiling \(regex.portablePattern): \(zip(RouterBackend.available.map(\.name), compiles))"
        }
        if regex.complexity.anchoredFinding == nil, regex.complexity.workPerByte <= 0 {
            return "a linear regex with no cost"
        }
        return nil
    }

    static func rule(_ text: String) -> String? {
        let parts = text.split(separator: "\u{1}", maxSplits: 1, omittingEmptySubsequences: false)
        let expression = String(parts[0])
        let target = parts.count > 1 ? String(parts[1]) : "$0"
        let rule: RewriteRule
        do {
            rule = try RewriteRule(expression, target: target)
        } catch {
            return error.offset.map { (0...max(expression.utf8.count, target.utf8.count)).contains($0) } == false
                ? "refusal offset outside the input: \(error)" : nil
        }
        _ = rule.template.expand(url: "https://a.b:8/p/q?x=1#f", groups: [])
        return nil
    }

    static func url(_ text: String) -> String? {
        if let report = refusals(text) { return report }
        let options = RouterOptions()
        guard let request = try? RequestURL(normalizing: text, options: options) else { return nil }
        let storage = request.storage.utf8.count
        for range in request.segmentRanges where range.lowerBound < 0 || range.upperBound > storage {
            return "segment range \(range) outside the storage (\(storage) bytes)"
        }
        let path = request.path
        guard !path.contains("?"), !path.contains("#"), !path.contains("%") else { return nil }
        guard let again = try? RequestURL(normalizing: path, options: options) else {
            return "the reported path \(path.debugDescription) is malformed"
        }
        return again.path == path
            ? nil : "the path \(path.debugDescription) normalizes to \(again.path.debugDescription)"
    }

    /// Tables that refuse under each set of checks, one looked up through the fast scan and one
    /// through the full normalization, answer `text` the same.
    static let checkedTables: [(fast: RouteTable<Int>, full: RouteTable<Int>)] = {
        let everyCheck = RequestChecks.each.reduce(into: RequestChecks()) { $0.insert($1.check) }
        return [RequestChecks.strict, everyCheck, [.emptySegments], [.encodedSlashes]].map { checks in
            var options = RouterOptions()
            options.requestChecks = checks
            let routes: [RouteTable<Int>.Route] = [.init("/**", value: 1), .init("/", value: 2)]
            let fast = try! RouteTable(routes, options: options)
            return (fast, fast.normalizingEveryURL())
        }
    }()

    static func refusals(_ text: String) -> String? {
        for (fast, full) in checkedTables {
            let answers = [fast, full].map { table -> String in
                // The catch-all's segments as the borrowed lookup lends them, decoded and as
                // written: the fast way decodes an escaped segment in room of its own.
                let lent = table.withMatch(method: nil, url: text) { lookup -> String in
                    switch lookup {
                    case .miss: return ""
                    case .match(let match):
                        return (0..<(match.catchAllSegmentCount ?? 0)).map { index in
                            let written = match.rawCatchAllSegment(at: index).withUnsafeBufferPointer {
                                String(decoding: $0, as: UTF8.self)
                            }
                            return match.catchAllSegment(at: index).string + " " + written
                        }.joined(separator: "|")
                    }
                }
                switch table.lookup(method: nil, url: text) {
                case .success(let match):
                    return "match \(match.value) \(match.path) \(match.catchall ?? "-") \(lent)"
                case .failure(let miss):
                    if miss.reason.refusal != nil, let detail = miss.detail,
                        detail.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
                    {
                        return "a detail with a control byte: \(detail.debugDescription)"
                    }
                    return miss.reason.name
                }
            }
            if answers[0] != answers[1] {
                return
                    "under \(fast.options.requestChecks) the fast scan answers \(answers[0]), the full normalization \(answers[1])"
            }
        }
        return nil
    }

    static func percentCoding(_ text: String) -> String? {
        let encoded = PercentCoding.encode(text)
        guard PercentCoding.decoded(encoded) == text else { return "\(encoded) does not decode back" }
        _ = PercentCoding.decoded(text)
        _ = PercentCoding.comparisonForm(Substring(text))
        return nil
    }

    /// Every pattern, rule and URL of the fixtures, for its parser.
    static func seeds(_ fixtures: String) throws -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        for file in ConformanceCheck.files(in: [fixtures]).files {
            let suite = try FixtureSuite(contentsOf: file)
            for route in suite.routes {
                inputs.append([0] + Array(route.pattern.utf8))
                for constraint in (try? RoutePattern(route.pattern))?.constraints ?? [] {
                    inputs.append([1] + Array(constraint.source.utf8))
                }
            }
            for rewrite in suite.rewrites {
                inputs.append([1] + Array(rewrite.match.utf8))
                inputs.append([2] + Array(rewrite.match.utf8) + [1] + Array(rewrite.target.utf8))
            }
            for testCase in suite.cases {
                if case .lookup(let lookup) = testCase.action {
                    inputs.append([3] + Array(lookup.url.utf8))
                    inputs.append([4] + Array(lookup.url.utf8))
                }
            }
        }
        return inputs
    }
}
