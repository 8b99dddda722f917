@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterHandlers

/// One input of the differential fuzz target: router options, routes, rewrite rules and lookups,
/// decoded from bytes (every byte string decodes to some program).
///
/// Layout: one byte of option flags, then pieces separated by `0x00`. A piece starts with its
/// kind (`P` a route, `R` a rule, `U` a lookup) and holds two fields separated by `0x01`: the
/// pattern and its method, the expression and its target, the URL and its method. Text is read
/// as UTF-8 (invalid bytes become U+FFFD). At most 12 routes, 2 rules and 8 lookups are read. A
/// piece `S` sets ``RouterOptions/requestChecks`` from the low six bits of its next byte; a piece
/// `M` turns ``RouterOptions/headMatchesGet`` off with bit 0 of its next byte and
/// ``RouterOptions/reportsMethodNotAllowed`` off with bit 1, and sets
/// ``RouterOptions/trailingSlash`` from bits 2 and 3 (`strict` 1, `redirect` 2, else `ignore`).
struct RouterProgram: CustomStringConvertible {
    var options = RouterOptions()
    /// The handler router's options (its reading of URLs and patterns and the fallback are
    /// fuzzed; transitions and callback URLs are read from the match, not matched on).
    var handling = HandlerOptions()
    var routes: [(pattern: String, method: String?)] = []
    var rules: [(expression: String, target: String)] = []
    var lookups: [(url: String, method: String?)] = []

    static let maxRoutes = 12
    static let maxRules = 2
    static let maxLookups = 8
    /// The trailing-slash policies by their number in an `M` piece.
    static let trailingSlashes: [RouterOptions.TrailingSlash] = [.ignore, .strict, .redirect, .ignore]

    init() {}

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let flags = bytes.first else { return }
        options.caseInsensitive = flags & 1 != 0
        handling.trailingStar = flags & 2 != 0 ? .singleSegment : .catchAll
        handling.hostAsSegment = HandlerOptions.HostAsSegment.allCases[Int(flags >> 2) & 3]
        handling.defaultScheme = flags & 16 != 0 ? "app" : nil
        handling.fallbackToLastHandler = flags & 32 != 0
        options.strictVariants = flags & 64 != 0
        options.decodePlus = flags & 128 != 0
        for piece in bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: true) {
            let fields = piece.dropFirst().split(separator: 1, maxSplits: 1, omittingEmptySubsequences: false)
            let first = fields.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
            let second = fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : nil
            switch piece.first {
            case UInt8(ascii: "P") where routes.count < RouterProgram.maxRoutes: routes.append((first, second))
            case UInt8(ascii: "R") where rules.count < RouterProgram.maxRules: rules.append((first, second ?? "$0"))
            case UInt8(ascii: "U") where lookups.count < RouterProgram.maxLookups: lookups.append((first, second))
            case UInt8(ascii: "S"):
                options.requestChecks = RequestChecks(rawValue: (piece.dropFirst().first ?? 0) & 0x3F)
            case UInt8(ascii: "M"):
                let policy = piece.dropFirst().first ?? 0
                options.headMatchesGet = policy & 1 == 0
                options.reportsMethodNotAllowed = policy & 2 == 0
                options.trailingSlash = RouterProgram.trailingSlashes[Int(policy >> 2) & 3]
            default: break
            }
        }
    }

    /// The program as bytes (for the seed corpus).
    var bytes: [UInt8] {
        var flags: UInt8 = 0
        if options.caseInsensitive { flags |= 1 }
        if handling.trailingStar == .singleSegment { flags |= 2 }
        flags |= UInt8(HandlerOptions.HostAsSegment.allCases.firstIndex(of: handling.hostAsSegment) ?? 0) << 2
        if handling.defaultScheme != nil { flags |= 16 }
        if handling.fallbackToLastHandler { flags |= 32 }
        if options.strictVariants { flags |= 64 }
        if options.decodePlus { flags |= 128 }
        var out = [flags]
        if !options.requestChecks.isEmpty {
            // A byte that is never 0 (which would end the piece): the checks, and bit 6.
            out += [0, UInt8(ascii: "S"), options.requestChecks.rawValue | 0x40]
        }
        if !options.headMatchesGet || !options.reportsMethodNotAllowed || options.trailingSlash != .ignore {
            // Likewise never 0: the bits, and bit 6.
            let slash = UInt8(RouterProgram.trailingSlashes.firstIndex(of: options.trailingSlash) ?? 0)
            let policy: UInt8 =
                (options.headMatchesGet ? 0 : 1) | (options.reportsMethodNotAllowed ? 0 : 2) | slash << 2
            out += [0, UInt8(ascii: "M"), policy | 0x40]
        }
        func piece(_ kind: Character, _ first: String, _ second: String?) {
            out.append(0)
            out.append(kind.asciiValue!)
            out += first.utf8
            if let second {
                out.append(1)
                out += second.utf8
            }
        }
        for route in routes.prefix(RouterProgram.maxRoutes) { piece("P", route.pattern, route.method) }
        for rule in rules.prefix(RouterProgram.maxRules) { piece("R", rule.expression, rule.target) }
        for lookup in lookups.prefix(RouterProgram.maxLookups) { piece("U", lookup.url, lookup.method) }
        return out
    }

    var description: String {
        var lines = ["options: \(options)", "handler options: \(handling)"]
        for route in routes { lines.append("route \(route.pattern.debugDescription) method \(route.method ?? "-")") }
        for rule in rules {
            lines.append("rule \(rule.expression.debugDescription) -> \(rule.target.debugDescription)")
        }
        for lookup in lookups { lines.append("lookup \(lookup.url.debugDescription) method \(lookup.method ?? "-")") }
        return lines.joined(separator: "\n")
    }
}
