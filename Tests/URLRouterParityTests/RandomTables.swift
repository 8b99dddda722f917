import Foundation
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHandlers

/// A small, fast, seedable generator (SplitMix64), so a failing table can be made again from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random route table with options, and URLs aimed at it.
struct RandomTable: CustomStringConvertible {
    var options = RouterOptions()
    /// The handler router's options: a table with one of its behaviours is looked up through the
    /// router alone, and so is a URL it routes otherwise than a table (its default scheme or host
    /// segment inserted).
    var handling = HandlerOptions()
    var routes: [RouteDefinition] = []
    var rules: [(expression: String, target: String)] = []

    static let words = [
        "a", "b", "users", "Users", "repos", "café", "caf%C3%A9", "家居", "x.y", "a%2Fb", "100%25", "%2A", "v1", ".",
    ]
    static let constraints = [
        "\\d+", "[a-z]+", "a|ab", "(?:x|y)z*", "[^x]+", ".+", "\\w+", "[0-9a-f]{2,4}", "(?:a+)+b", "^a$", "\\d*",
        "[^/]",
    ]
    static let composites = ["{a}.jpg", "img-{w}x{h}", "*.txt", "{a}-{b}", "{a}{b}", "v{n}", "{x}.{y}", "%41{z}"]
    static let schemes: [String?] = [nil, nil, nil, "app", "web"]
    static let methods: [String?] = [nil, nil, nil, "GET", "POST", "HEAD"]
    static let variants: [String?] = [nil, nil, nil, nil, "A", "B"]
    /// Host patterns of a table with host routes (SEMANTICS.md section 11).
    static let hostPatterns: [String?] = [
        nil, nil, nil, nil, "api.x.com", "{h}.x.com", "*.x.com", "*", "{h}.{g}.com", "[::1]",
    ]
    /// Hosts lookups give: taken by some patterns, by none, spelled with a port or in capitals, or malformed.
    static let hosts: [String?] = [
        nil, nil, "api.x.com", "a.x.com", "a.x.com", "a.b.x.com", "x.com", "API.X.com:8080", "a.b.com", "x.com.",
        "[::1]:80", "bad host", "..x.com", "",
    ]
    static let ruleExpressions = [
        ("^old://(\\w+)", "app://$1"), ("(?:https?://)?www\\.x\\.com/(.*)", "web://$1?from=$$url"),
        ("q*", "app://empty"), ("(\\d+)$", "app://n/$1"), ("é", "app://accent"), ("(?:a|aa)+c", "app://slow"),
    ]

    init<G: RandomNumberGenerator>(using generator: inout G) {
        options.caseInsensitive = Int.random(in: 0..<6, using: &generator) == 0
        handling.trailingStar = Bool.random(using: &generator) ? .catchAll : .singleSegment
        handling.hostAsSegment = HandlerOptions.HostAsSegment.allCases.randomElement(using: &generator)!
        handling.defaultScheme = Int.random(in: 0..<5, using: &generator) == 0 ? "app" : nil
        handling.fallbackToLastHandler = Int.random(in: 0..<5, using: &generator) == 0
        options.strictVariants = Int.random(in: 0..<4, using: &generator) == 0
        options.decodePlus = Bool.random(using: &generator)
        if Int.random(in: 0..<5, using: &generator) == 0 { handling.transitionPrefixes = ["push", "a"] }
        if Int.random(in: 0..<8, using: &generator) == 0 { options.maxURLLength = 40 }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            options.requestChecks = Bool.random(using: &generator) ? .strict : []
            for (_, _, _, check) in RequestChecks.each where Int.random(in: 0..<4, using: &generator) == 0 {
                options.requestChecks.insert(check)
            }
        }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            options.trailingSlash = Bool.random(using: &generator) ? .strict : .redirect
        }
        let routesOnHosts = Int.random(in: 0..<8, using: &generator) == 0

        for index in 0..<Int.random(in: 1...24, using: &generator) {
            var segments: [String] = []
            var usedDoubleStar = false
            var parameter = 0
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                parameter += 1
                switch Int.random(in: 0..<20, using: &generator) {
                case 0..<8: segments.append(RandomTable.words.randomElement(using: &generator)!)
                case 8..<11: segments.append(":p\(parameter)")
                case 11: segments.append("{p\(parameter)}")
                case 12..<14:
                    segments.append(":p\(parameter)(" + RandomTable.constraints.randomElement(using: &generator)! + ")")
                case 14..<16:
                    let template = RandomTable.composites.randomElement(using: &generator)!
                    segments.append(
                        template.replacingOccurrences(of: "{", with: "{q\(parameter)"))
                case 16..<18: segments.append("*")
                default:
                    if !usedDoubleStar {
                        usedDoubleStar = true
                        segments.append(Bool.random(using: &generator) ? "**" : "{*c\(parameter)}")
                    } else {
                        segments.append("*")
                    }
                }
            }
            // Optional final parameters (SEMANTICS.md section 2), in a pattern without a catch-all.
            if !usedDoubleStar, Int.random(in: 0..<5, using: &generator) == 0 {
                for index in segments.indices.reversed() {
                    guard segments[index].first == ":", Bool.random(using: &generator) else { break }
                    segments[index] += "?"
                }
            }
            let scheme = RandomTable.schemes.randomElement(using: &generator)!
            let slash = Int.random(in: 0..<4, using: &generator) == 0 ? "/" : ""
            let pattern = (scheme.map { $0 + "://" } ?? "/") + segments.joined(separator: "/") + slash
            let priority = Int.random(in: 0..<8, using: &generator) == 0 ? Int.random(in: -1...1, using: &generator) : 0
            let kind = [RouteKind.action, .action, .action, .object].randomElement(using: &generator)!
            let host = routesOnHosts ? RandomTable.hostPatterns.randomElement(using: &generator)! : nil
            routes.append(
                RouteDefinition(
                    pattern, method: RandomTable.methods.randomElement(using: &generator)!, host: host,
                    variant: RandomTable.variants.randomElement(using: &generator)!, priority: priority,
                    name: "r\(index)",
                    handler: kind == .action ? .action { _ in } : .value(index)))
        }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                rules.append(RandomTable.ruleExpressions.randomElement(using: &generator)!)
            }
        }
    }

    /// URLs near the table's routes: instances, near misses, encodings, extra and missing segments.
    func urls<G: RandomNumberGenerator>(count: Int, using generator: inout G) -> [String] {
        let fillers = [
            "a", "b", "users", "USERS", "café", "caf%C3%A9", "%E5%AE%B6%E5%B1%85", "123", "abc", "ab", "x.jpg",
            "img-1x2",
            "n.txt", "a-b-c", "v2", "x.y.z", "a%2Fb", "100%25", "%2a", "*", ".", "..", "aab",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabc",
            "%zz", "%C3", "y", "xz", "A", "é", "push", "",
            // What the strict profile refuses, and what it lets through.
            "%2e", "%2E%2e", "a%00b", "%5C", "a\\b", "..%2Fx", "a%2F..", "%1F", "x%7F", ".hidden", "a..b",
        ]
        var urls: [String] = []
        for _ in 0..<count {
            var segments: [String] = []
            // Two thirds of the URLs are made from a route: the tables must produce real matches.
            if let route = routes.randomElement(using: &generator), Int.random(in: 0..<3, using: &generator) != 0 {
                let path = route.pattern.split(separator: "/", omittingEmptySubsequences: true).dropFirst(
                    route.pattern.contains("://") ? 1 : 0)
                for segment in path {
                    if segment.first == ":" || segment.contains("{") || segment.contains("*") {
                        segments.append(fillers.randomElement(using: &generator)!)
                        if segment == "**", Bool.random(using: &generator) { segments.append("deep") }
                    } else {
                        segments.append(
                            Int.random(in: 0..<6, using: &generator) == 0 ? segment.uppercased() : String(segment))
                    }
                }
            } else {
                for _ in 0..<Int.random(in: 0...5, using: &generator) {
                    segments.append(fillers.randomElement(using: &generator)!)
                }
            }
            switch Int.random(in: 0..<8, using: &generator) {
            case 0: segments.append(fillers.randomElement(using: &generator)!)
            case 1: if !segments.isEmpty { segments.removeLast() }
            default: break
            }
            let prefix = [
                "/", "app://", "web://", "APP:///", "", "https://www.x.com/", "http://localhost/", "old://",
                "app://h:8/",
            ].randomElement(using: &generator)!
            var url = prefix + segments.joined(separator: Int.random(in: 0..<10, using: &generator) == 0 ? "//" : "/")
            if Int.random(in: 0..<4, using: &generator) == 0 { url += "/" }
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: url += "?a=1&b=x+y&a=%41"
            case 1: url += "#frag"
            case 2: url += "?p1=q&%zz"
            case 3: url += String(repeating: "/seg", count: Int.random(in: 5...60, using: &generator))
            case 4: url += "/12345"
            default: break
            }
            urls.append(url)
        }
        return urls
    }

    var description: String {
        var lines = ["options: \(options)", "handler options: \(handling)"]
        for route in routes {
            lines.append(
                "  \(route.name ?? "") \(route.method ?? "*") \(route.host ?? "")\(route.pattern) variant=\(route.variant ?? "-") priority=\(route.priority) kind=\(route.value.kind.name)"
            )
        }
        for rule in rules { lines.append("  rewrite \(rule.expression) -> \(rule.target)") }
        return lines.joined(separator: "\n")
    }
}
