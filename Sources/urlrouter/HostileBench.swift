import Foundation
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHandlers

/// The worst lookups the router can be made to do: hostile tables and URLs up to
/// ``RouterOptions/maxURLLength``, on each backend, with the slowest lookup's time and answer.
///
/// Each shape is a table and a family of URLs of growing length; every URL is looked up several
/// times and the slowest lookup of the shape is reported, with what it answered, beside the
/// answer at the longest URL. Shapes the router refuses at registration (the classic ReDoS
/// regexes) are reported as refused, with the reason.
struct HostileBench {
    struct Shape {
        var name: String
        var routes: [String] = []
        var rules: [(String, String)] = []
        var handling = HandlerOptions()
        /// The URL of about `length` bytes.
        var url: (Int) -> String
    }

    struct Result: Codable {
        var shape: String
        var backend: String
        var routes: Int
        var rules: Int
        /// Milliseconds of the slowest lookup.
        var worstMs: Double
        var worstURLBytes: Int
        var worstAnswer: String
        var longestURLBytes: Int
        var longestAnswer: String
        var refused: String?
    }

    let repeats: Int
    let maxURLLength = RouterOptions().maxURLLength

    /// The handler router's fallback (`HandlerOptions.fallbackToLastHandler`).
    static var fallback: HandlerOptions {
        var handling = HandlerOptions()
        handling.fallbackToLastHandler = true
        return handling
    }

    static func distinctConstraints(_ count: Int, prefix: String) -> [String] {
        (0..<count).map { "/\(prefix)/:x(\\d+z\($0))" }
    }

    var shapes: [Shape] {
        let dash = { (length: Int) in "/in/" + String(repeating: "-", count: max(1, length - 4)) }
        return [
            Shape(
                name: "in-segment captures (10,000 routes)",
                routes: (0..<10000).map { "/in/{a}-{b}-{c}.t\($0)" }, url: dash),
            Shape(
                name: "deep catch-alls (1,000 routes, 4,000 segments)",
                routes: (0..<1000).map { "/**/x\($0)/:y" } + ["/**/:z(\\w+)"],
                url: { String(repeating: "/a", count: max(1, $0 / 2 - 1)) + "/-" }),
            Shape(
                name: "backtracking constraints (linear shapes, 10 routes)",
                routes: [
                    "/b/:x(.*x)", "/b/:x([a-z]+-\\d+)", "/b/:x(\\w+(?:-\\w+)*!)", "/b/:x((?:ab|a)*c)",
                    "/b/:x(\\d{1,3}(?:\\.\\d{1,3}){3})", "/b/:x([^-]*-[^-]*-z)", "/b/:x(a*b*c*d*e*f)",
                    "/b/:x((?:[a-z]+\\.)+com)", "/b/:x(x(?:ab?)*y)", "/b/:x((?=\\w{3})\\w+\\.)",
                ],
                url: { "/b/" + String(repeating: "ab-", count: max(1, ($0 - 3) / 3)) }),
            Shape(
                name: "classic ReDoS constraint (refused)", routes: ["/r/:x((?:(?:a+)+b|a+))"],
                url: { "/r/" + String(repeating: "a", count: max(1, $0 - 3)) }),
            Shape(
                name: "classic ReDoS rule (refused)", rules: [("^/(?:(?:a+)+b|a+)$", "/x")],
                url: { "/" + String(repeating: "a", count: max(1, $0 - 1)) }),
            Shape(
                name: "rewrite rules (20 linear rules)",
                routes: ["/:a", "/**"],
                rules: (0..<20).map { ("^/(?:[a-z]+/)*q\($0)(?:\\.\\w+)?$", "/r\($0)") },
                url: { String(repeating: "/abc", count: max(1, $0 / 4)) }),
            Shape(
                name: "1,000 constraint routes under one literal",
                routes: HostileBench.distinctConstraints(1000, prefix: "c"),
                url: { "/c/" + String(repeating: "7", count: max(1, $0 - 3)) }),
            Shape(
                name: "10,000 constraint routes under one literal",
                routes: HostileBench.distinctConstraints(10000, prefix: "c"),
                url: { "/c/" + String(repeating: "7", count: max(1, $0 - 3)) }),
            Shape(
                name: "10,000 catch-all routes, fallbackToLastHandler, 4,000 segments",
                routes: (0..<10000).map { "/c/**/x\($0)" },
                handling: HostileBench.fallback,
                url: { "/c" + String(repeating: "/7", count: max(1, $0 / 2 - 1)) }),
            Shape(
                name: "10,000 in-segment routes behind a catch-all, fallbackToLastHandler, 4,000 segments",
                routes: (0..<10000).map { "/c/**/{a}.t\($0)" },
                handling: HostileBench.fallback,
                url: { "/c" + String(repeating: "/7", count: max(1, $0 / 2 - 1)) }),
            Shape(
                name: "10,000 constraint routes behind a catch-all, fallbackToLastHandler, 4,000 segments",
                routes: (0..<10000).map { "/c/**/:x(\\d+z\($0))" },
                handling: HostileBench.fallback,
                url: { "/c" + String(repeating: "/7", count: max(1, $0 / 2 - 1)) }),
        ]
    }

    /// URL lengths tried for each shape: doubling up to the limit, then the limit itself.
    var lengths: [Int] {
        var lengths: [Int] = []
        var length = 64
        while length < maxURLLength {
            lengths.append(length)
            length *= 2
        }
        // Lengths near the charged budget's edge are the slowest that still run: probe between.
        lengths += [3 * 1024, 5 * 1024, 6 * 1024, 7 * 1024, maxURLLength]
        return lengths.sorted()
    }

    func run(shape: Shape, backend: RouterBackend) -> Result {
        let router = Router(handlerOptions: shape.handling, backend: backend)
        var result = Result(
            shape: shape.name, backend: backend.name, routes: shape.routes.count, rules: shape.rules.count, worstMs: 0,
            worstURLBytes: 0, worstAnswer: "", longestURLBytes: 0, longestAnswer: "")
        do {
            try router.register(contentsOf: shape.routes.map { RouteDefinition($0, handler: .value(0)) })
            try router.addRewriteRules(shape.rules)
        } catch {
            result.refused = "\(error)"
            return result
        }
        _ = router.match("/warm-up")
        let clock = ContinuousClock()
        for length in lengths {
            var url = shape.url(length)
            if url.utf8.count > maxURLLength { url = String(url.utf8.prefix(maxURLLength))! }
            var answer = ""
            for _ in 0..<repeats {
                let start = clock.now
                let outcome = router.match(url)
                let elapsed = clock.now - start
                switch outcome {
                case .success(let match): answer = "match \(match.route.pattern)"
                case .failure(let miss): answer = miss.reason.name
                }
                let ms = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
                if ms > result.worstMs {
                    result.worstMs = ms
                    result.worstURLBytes = url.utf8.count
                    result.worstAnswer = answer
                }
            }
            result.longestURLBytes = url.utf8.count
            result.longestAnswer = answer
        }
        return result
    }

    func run(backends: [RouterBackend]) -> [Result] {
        var results: [Result] = []
        for shape in shapes {
            for backend in backends { results.append(run(shape: shape, backend: backend)) }
        }
        return results
    }

    static func table(_ results: [Result]) -> String {
        var lines = [
            "| shape | backend | worst lookup ms | at URL bytes | its answer | answer at \(RouterOptions().maxURLLength) bytes |",
            "|---|---|---:|---:|---|---|",
        ]
        for result in results {
            if let refused = result.refused {
                lines.append("| \(result.shape) | \(result.backend) | – | – | refused: \(refused) | – |")
            } else {
                lines.append(
                    "| \(result.shape) | \(result.backend) | \(String(format: "%.2f", result.worstMs)) | \(result.worstURLBytes) | \(result.worstAnswer) | \(result.longestAnswer) |"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
