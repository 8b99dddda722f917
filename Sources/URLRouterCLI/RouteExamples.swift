import Foundation
@_spi(HandlerRouter) @_spi(Tools) package import URLRouter

/// Example URLs of route patterns: what one position of a pattern takes, and the URL of a choice
/// of segments. `urlrouter lint` searches them for URLs a route never wins; `urlrouter diff` looks
/// one example of each route up in both tables.
package struct RouteExamples: Sendable {
    /// A segment equal to no literal of the patterns: it stands for every segment no route names.
    package let fresh: String
    /// The options the patterns are read under.
    let options: RouterOptions

    /// Examples for `patterns` under `options`.
    package init(patterns: [String], options: RouterOptions) {
        var literals: Set<String> = []
        for pattern in patterns {
            for part in pattern.split(separator: "/") { literals.insert(part.lowercased()) }
        }
        var number = 0
        while literals.contains("x\(number)") { number += 1 }
        fresh = "x\(number)"
        self.options = options
    }

    /// What one position of a route takes, once the route is laid over a number of segments.
    package enum Slot {
        case literal(String)
        case any
        case composite(CompositePattern)
        case constrained(SharedRegex)
    }

    /// The positions of `lowered` over `count` segments, or `nil` when it cannot match that many.
    package static func slots(_ lowered: LoweredPattern, count: Int) -> [Slot]? {
        let elements = lowered.elements
        func slot(_ element: RouteElement) -> Slot {
            switch element {
            case .literal(let text): return .literal(text)
            case .composite(let pattern): return .composite(pattern)
            case .constrained(let regex): return .constrained(regex)
            case .parameter, .wildcard, .catchAll: return .any
            }
        }
        guard let star = elements.firstIndex(of: .catchAll) else {
            return elements.count == count ? elements.map(slot) : nil
        }
        guard count >= elements.count else { return nil }
        return elements[..<star].map(slot) + Array(repeating: .any, count: count - elements.count + 1)
            + elements[(star + 1)...].map(slot)
    }

    /// Hosts `pattern` takes (SEMANTICS.md section 11), one per kind of host the patterns tell
    /// apart: its literal labels, `x` for a `{name}` label, and for a first `*` one label (`www`)
    /// or two (`www.www`), which a `{name}` label never takes.
    package static func hosts(_ pattern: HostPattern) -> [String] {
        let labels = pattern.labels.map { label -> String in
            switch label {
            case .literal(let text): text
            case .parameter: "x"
            }
        }
        guard pattern.startsWithAny else { return [labels.joined(separator: ".")] }
        return [["www"], ["www", "www"]].map { ($0 + labels).joined(separator: ".") }
    }

    /// The segments worth trying at a position that takes `slot`.
    package func values(_ slot: Slot) -> [String] {
        switch slot {
        case .literal(let text): [text]
        case .any: [fresh]
        case .composite(let pattern): [pattern.example()]
        case .constrained(let regex): regex.examples
        }
    }

    /// Literal comparison under the options.
    package func same(_ a: String, _ b: String) -> Bool {
        options.caseInsensitive ? a.lowercased() == b.lowercased() : a == b
    }

    /// The URL of `segments` under `scheme`: the segments percent-encoded, and a final `/` with
    /// `trailingSlash` (for a route whose pattern needs one, ``SlashRule/required``).
    package static func url(scheme: String?, _ segments: [String], trailingSlash: Bool = false) -> String {
        var path = segments.map { segment in
            segment.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? segment
        }.joined(separator: "/")
        if trailingSlash && !segments.isEmpty { path += "/" }
        guard let scheme else { return "/" + path }
        return scheme + ":///" + path
    }

    /// Characters a segment keeps unencoded.
    static let segmentCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Whether `pattern` alone, under the options, matches `url` (for any method).
    package func matches(_ pattern: String, _ url: String) -> Bool {
        var options = options
        options.duplicateRoutes = .replace
        guard let single = try? RouteTable<Int>([.init(pattern, value: 0)], options: options, backend: .foundation)
        else { return false }
        if case .success = single.lookup(method: nil, url: url) { return true }
        return false
    }

    /// A URL `pattern` matches, made of its own examples (a catch-all taking one segment), or
    /// `nil` when none of the first 256 tried does.
    package func example(of pattern: String) -> String? {
        guard let parsed = try? RoutePattern(pattern) else { return nil }
        let lowered = LoweredPattern(parsed, options: options)
        guard let slots = Self.slots(lowered, count: lowered.elements.count) else { return nil }
        return Self.firstURL(
            choices: slots.map(values), scheme: lowered.scheme, trailingSlash: lowered.slash == .required
        ) { matches(pattern, $0) }
    }

    /// The first URL (under `scheme`, with a final `/` when `trailingSlash`) of one value from each
    /// of `choices`, in order, that `accept` takes, trying at most `limit` of them.
    package static func firstURL(
        choices: [[String]], scheme: String?, trailingSlash: Bool = false, limit: Int = 256,
        _ accept: (String) -> Bool
    ) -> String? {
        var tried = 0
        var segments: [String] = []
        func find(_ position: Int) -> String? {
            if position == choices.count {
                tried += 1
                let url = Self.url(scheme: scheme, segments, trailingSlash: trailingSlash)
                return accept(url) ? url : nil
            }
            for value in choices[position] where tried < limit {
                segments.append(value)
                if let url = find(position + 1) { return url }
                segments.removeLast()
            }
            return nil
        }
        return find(0)
    }
}
