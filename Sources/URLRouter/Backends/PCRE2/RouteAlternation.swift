#if PCRE2

/// Renders routes as one prefix-factored PCRE2 alternation (one per method filter: the method is
/// never in the subject, see ``MethodShards``).
///
/// The subject of a match is the path, `/seg1/seg2`: the segments in comparison form, each after a
/// `/`. A route ends where the subject does, `\z(*MARK:n)`, unless the table reads past the path
/// (``readsPastPath``: a table that marks trailing slashes, or has scheme or host routes); then the
/// subject goes on with `//` (never inside a path, since segments are non-empty), `0` or `1` for
/// the path's trailing slash where the table marks it, and the lower-cased scheme, and a route
/// ends in `//` and what it checks of them: its trailing slash, then `scheme\z` for a scheme-bound
/// route. In a table with host routes, a lookup with a host has `@host` after the scheme
/// (``LookupHost``: no `@` in a scheme), which a route with a host pattern checks to the end
/// (``appendHost(_:to:)``) and others skip.
///
/// Routes are inserted, in precedence order, into a trie of positions; a route joins an existing
/// child only when every later sibling is *disjoint* from it at that position (two different
/// literals, or a route that has ended beside one that has not), so the order in which PCRE2 tries
/// alternatives still puts every pair of routes that can both match in precedence order. A
/// catch-all is never shared, since the lengths it tries would otherwise come before precedence.
/// The first branch that matches is the winner; it ends in `(*MARK:n)` with the route's index.
///
/// Every position renders to a shape that matches in linear time:
/// - literal: `/lit` (ASCII letters as `[xX]` under ``RouterOptions/caseInsensitive``);
/// - parameter and `*`: `/[^/]++` (possessive);
/// - constraint: `/(?>(?:C)(?=/|\z))` with `C` confined to the segment (``SharedRegex/segmentConfinedPattern``);
/// - in-segment pattern: `/[^/]++` and a callout that runs ``CompositeMatcher`` on the segment
///   (siblings share one `/[^/]++`, each with its own callout);
/// - catch-all: `(?>(?:/[^/]++)+(?=(?:/[^/]++){k}\z))` (`//` for `\z` in a table that reads past
///   the path), taking exactly the segments the k positions
///   after it leave, once. Its placement is decided by k alone, so siblings with the same k share
///   it (10,000 catch-all routes scan a long URL once, not 10,000 times) without putting the
///   catch-all's length before precedence.
/// A route without an untagged target, or any route under ``RouterOptions/strictVariants``, ends in
/// a callout that checks the lookup's variants.
struct RouteAlternation {
    enum Key: Hashable {
        case literal(PatternKey)
        case segment
        case constrained(String)
        case composite(Int)
        /// A catch-all followed by this many positions.
        case catchAll(Int)
        case end
    }

    final class Node {
        var children: [(key: Key, node: Node?, route: Int, element: RouteElement?)] = []
        /// The latest child for each literal.
        var literalChild: [PatternKey: Int] = [:]
        /// The position of the latest child that is neither a literal nor an end: no literal may
        /// join a child before it.
        var lastOverlapping = -1
    }

    let routes: [CompiledRoute]
    let options: RouterOptions
    /// In-segment patterns by callout id.
    let composites: [CompositePattern]
    let compositeIDs: [CompositePattern: Int]
    /// Whether a route has a host pattern: then a lookup's subject ends in `@host` when it has a
    /// host (see ``appendTerminal(_:to:)``).
    let matchesHosts: Bool
    /// Whether a lookup's subject marks whether its path has a trailing slash (a table that does
    /// not ignore it), which each route checks (see ``appendTerminal(_:to:)``).
    let marksTrailingSlash: Bool
    /// Whether subjects go on past the path (`//`, then what the table's routes check there: a
    /// trailing-slash mark, a scheme, a host), or end with it.
    let readsPastPath: Bool
    /// The digits of every `(*MARK:n)`: route numbers are zero-padded to one width, so reading
    /// the winner's number loops the same number of times in every lookup (a predictable branch).
    let markDigits: Int

    /// Numbers every in-segment pattern of `routes` up front, so rendering changes nothing and
    /// shards can be rendered at the same time on several threads.
    init(routes: [CompiledRoute], options: RouterOptions) {
        self.routes = routes
        self.options = options
        var composites: [CompositePattern] = []
        var compositeIDs: [CompositePattern: Int] = [:]
        for route in routes {
            for case .composite(let pattern) in route.elements where compositeIDs[pattern] == nil {
                compositeIDs[pattern] = composites.count
                composites.append(pattern)
            }
        }
        self.composites = composites
        self.compositeIDs = compositeIDs
        self.markDigits = String(max(0, routes.count - 1)).utf8.count
        self.matchesHosts = routes.contains { $0.host != nil }
        self.marksTrailingSlash = options.trailingSlash != .ignore
        self.readsPastPath = matchesHosts || marksTrailingSlash || routes.contains { $0.scheme != nil }
    }

    /// Where a path ends in the subject: its end, or the `//` before what the table reads past it.
    var pathEnd: String { readsPastPath ? "//" : "\\z" }

    /// Whether a route must check the lookup's variants in a callout.
    static func needsVariantCallout(_ route: CompiledRoute) -> Bool {
        !route.answersEveryVariantList
    }

    /// Whether the pattern for the routes at `indices` has callouts.
    func hasCallouts(_ indices: [Int]) -> Bool {
        indices.contains { index in
            RouteAlternation.needsVariantCallout(routes[index])
                || routes[index].elements.contains { if case .composite = $0 { return true } else { return false } }
        }
    }

    /// The pattern for the routes at `indices` (ascending, so in precedence order).
    func pattern(for indices: [Int]) -> String {
        let root = Node()
        for index in indices { insert(index, depth: 0, into: root) }
        var out: [UInt8] = []
        out.reserveCapacity(indices.count * 64)
        render(root, into: &out)
        return out.isEmpty ? "(*FAIL)" : String(decoding: out, as: UTF8.self)
    }

    func key(_ element: RouteElement) -> Key {
        switch element {
        case .literal(let text):
            return .literal(PatternKey(caseFoldedBytes(text.utf8, folding: options.caseInsensitive)))
        case .parameter, .wildcard: return .segment
        case .constrained(let regex): return .constrained(regex.source)
        case .composite(let pattern): return .composite(compositeIDs[pattern]!)
        case .catchAll: preconditionFailure("a catch-all's key depends on its route: see insert")
        }
    }

    /// Inserts route `index` below `node`. A route joins the latest child with the same key when
    /// every child after it is disjoint from the route there; otherwise it opens a new child.
    /// Constant time per position: literals look up their child, others look at the last child.
    func insert(_ index: Int, depth: Int, into node: Node) {
        let elements = routes[index].elements
        guard depth < elements.count else {
            node.children.append((.end, nil, index, nil))
            return
        }
        let key: Key
        if case .catchAll = elements[depth] {
            key = .catchAll(elements.count - 1 - depth)
        } else {
            key = self.key(elements[depth])
        }
        var target: Int?
        switch key {
        case .literal(let bytes):
            // Only children that are neither literals nor ends can overlap a literal.
            if let position = node.literalChild[bytes], position > node.lastOverlapping { target = position }
        case .end:
            break
        default:
            // Only ends are disjoint from these keys: skip them, then the child must be the same.
            var position = node.children.count - 1
            while position >= 0, node.children[position].key == .end { position -= 1 }
            if position >= 0, node.children[position].key == key { target = position }
        }
        if let target, let child = node.children[target].node {
            insert(index, depth: depth + 1, into: child)
            return
        }
        let child = Node()
        node.children.append((key, child, index, elements[depth]))
        switch key {
        case .literal(let bytes): node.literalChild[bytes] = node.children.count - 1
        case .end: break
        default: node.lastOverlapping = node.children.count - 1
        }
        insert(index, depth: depth + 1, into: child)
    }

    /// Renders `node`'s children in order: a run of ends as one `//` branch, a run of literal
    /// siblings as one character trie, anything else as its own branch. Everything is appended to
    /// one buffer, with no intermediate strings.
    func render(_ node: Node, into out: inout [UInt8]) {
        let children = node.children
        // The branches, as (start, end) runs of children.
        var runs: [(Int, Int)] = []
        var position = 0
        while position < children.count {
            let start = position
            switch children[position].key {
            case .end:
                while position < children.count, children[position].key == .end { position += 1 }
            case .literal:
                while position < children.count, case .literal = children[position].key { position += 1 }
            case .composite:
                while position < children.count, case .composite = children[position].key { position += 1 }
            default:
                position += 1
            }
            runs.append((start, position))
        }
        if runs.count > 1 { out.append(contentsOf: "(?:".utf8) }
        for (number, (start, end)) in runs.enumerated() {
            if number > 0 { out.append(UInt8(ascii: "|")) }
            switch children[start].key {
            case .end:
                out.append(contentsOf: pathEnd.utf8)
                if end - start > 1 { out.append(contentsOf: "(?:".utf8) }
                for index in start..<end {
                    if index > start { out.append(UInt8(ascii: "|")) }
                    appendTerminal(children[index].route, to: &out)
                }
                if end - start > 1 { out.append(UInt8(ascii: ")")) }
            case .literal:
                // A run of literal siblings (all disjoint) becomes a trie over their characters, so
                // PCRE2 rejects a wrong first character once instead of once per sibling.
                var literals: [(scalars: [Unicode.Scalar], node: Node?)] = []
                literals.reserveCapacity(end - start)
                for index in start..<end {
                    guard case .literal(let text)? = children[index].element else { continue }
                    let scalars = text.unicodeScalars.map { scalar in
                        options.caseInsensitive && scalar.isASCII
                            ? Unicode.Scalar(asciiLower(UInt8(scalar.value))) : scalar
                    }
                    literals.append((scalars, children[index].node))
                }
                // Sorted, siblings sharing a prefix are adjacent: the trie is rendered straight from
                // the sorted list. (Their order does not matter: no two can match the same segment.)
                literals.sort { $0.scalars.lexicographicallyPrecedes($1.scalars) }
                out.append(UInt8(ascii: "/"))
                renderTrie(literals, 0..<literals.count, depth: 0, into: &out)
            case .composite where end - start > 1:
                // A run of in-segment siblings takes the segment once, then tries each pattern's
                // callout in order (10,000 of them would otherwise scan a long segment 10,000 times).
                out.append(contentsOf: "/[^/]++(?:".utf8)
                for index in start..<end {
                    if index > start { out.append(UInt8(ascii: "|")) }
                    guard case .composite(let id) = children[index].key else { continue }
                    out.append(contentsOf: "(?C\"c\(id)\")".utf8)
                    if let child = children[index].node { render(child, into: &out) }
                }
                out.append(UInt8(ascii: ")"))
            default:
                appendElement(children[start].element!, route: children[start].route, to: &out)
                if let child = children[start].node { render(child, into: &out) }
            }
        }
        if runs.count > 1 { out.append(UInt8(ascii: ")")) }
    }

    /// Renders `literals[range]`, which share their first `depth` scalars, as a trie: the one that
    /// ends here (sorted first) with what follows it, then one branch per next scalar.
    func renderTrie(
        _ literals: [(scalars: [Unicode.Scalar], node: Node?)], _ range: Range<Int>, depth: Int, into out: inout [UInt8]
    ) {
        var lower = range.lowerBound
        let endsHere = literals[lower].scalars.count == depth
        var groups: [Range<Int>] = []
        if endsHere { lower += 1 }
        while lower < range.upperBound {
            let scalar = literals[lower].scalars[depth]
            var upper = lower + 1
            while upper < range.upperBound, literals[upper].scalars[depth] == scalar { upper += 1 }
            groups.append(lower..<upper)
            lower = upper
        }
        let branches = (endsHere ? 1 : 0) + groups.count
        if branches > 1 { out.append(contentsOf: "(?:".utf8) }
        if endsHere, let node = literals[range.lowerBound].node { render(node, into: &out) }
        for (number, group) in groups.enumerated() {
            if number > 0 || endsHere { out.append(UInt8(ascii: "|")) }
            RouteAlternation.appendEscaped(
                literals[group.lowerBound].scalars[depth], to: &out, caseInsensitive: options.caseInsensitive)
            renderTrie(literals, group, depth: depth + 1, into: &out)
        }
        if branches > 1 { out.append(UInt8(ascii: ")")) }
    }

    func appendElement(_ element: RouteElement, route: Int, to out: inout [UInt8]) {
        switch element {
        case .literal(let text):
            out.append(UInt8(ascii: "/"))
            RouteAlternation.appendEscaped(text, to: &out, caseInsensitive: options.caseInsensitive)
        case .parameter, .wildcard: out.append(contentsOf: "/[^/]++".utf8)
        case .constrained(let regex):
            // Atomic: once the constraint has matched the whole segment, later positions never
            // backtrack into it (the reference backend runs it once, on the segment alone).
            out.append(contentsOf: "/(?>(?:".utf8)
            out.append(contentsOf: regex.segmentConfinedPattern.utf8)
            out.append(contentsOf: (readsPastPath ? ")(?=/))" : ")(?=/|\\z))").utf8)
        case .composite(let pattern):
            out.append(contentsOf: "/[^/]++(?C\"c\(compositeIDs[pattern]!)\")".utf8)
        case .catchAll:
            // Exactly the segments the positions after it leave, decided once (atomic): the
            // positions after a catch-all are tried on one placement only, as on the reference backend.
            let after = routes[route].elements.count - 1 - (routes[route].catchAllIndex ?? 0)
            out.append(contentsOf: "(?>(?:/[^/]++)+(?=".utf8)
            if after > 0 { out.append(contentsOf: "(?:/[^/]++){\(after)}".utf8) }
            out.append(contentsOf: pathEnd.utf8)
            out.append(contentsOf: "))".utf8)
        }
    }

    func appendTerminal(_ index: Int, to out: inout [UInt8]) {
        let route = routes[index]
        if marksTrailingSlash {
            switch route.slash {
            case .forbidden: out.append(UInt8(ascii: "0"))
            case .required: out.append(UInt8(ascii: "1"))
            case .any, .either: out.append(contentsOf: "[01]".utf8)
            }
        }
        if let host = route.host {
            if let scheme = route.scheme {
                RouteAlternation.appendEscaped(scheme, to: &out, caseInsensitive: false)
            } else {
                out.append(contentsOf: "[^@]*+".utf8)
            }
            out.append(UInt8(ascii: "@"))
            appendHost(host, to: &out)
            out.append(contentsOf: "\\z".utf8)
        } else if let scheme = route.scheme {
            RouteAlternation.appendEscaped(scheme, to: &out, caseInsensitive: false)
            out.append(contentsOf: (matchesHosts ? "(?:@|\\z)" : "\\z").utf8)
        }
        if RouteAlternation.needsVariantCallout(route) { out.append(contentsOf: "(?C\"v\(index)\")".utf8) }
        out.append(contentsOf: "(*MARK:".utf8)
        let digits = String(index).utf8
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, markDigits - digits.count)))
        out.append(contentsOf: digits)
        out.append(UInt8(ascii: ")"))
    }

    /// A host pattern (``HostPattern``) over the lookup's host at the end of the subject (lower-
    /// cased, so literal labels compare as they are): a literal label as its text, `{name}` as
    /// `[^.]+`, a first `*` as one or more labels of any text, labels joined by `\.`. The same
    /// labels ``HostPattern/matches(_:)`` takes.
    func appendHost(_ host: HostPattern, to out: inout [UInt8]) {
        if host.startsWithAny {
            out.append(contentsOf: (host.labels.isEmpty ? "(?s:.)+" : "(?:[^.]*\\.)+").utf8)
        }
        for (index, label) in host.labels.enumerated() {
            if index > 0 { out.append(contentsOf: "\\.".utf8) }
            switch label {
            case .literal(let text): RouteAlternation.appendEscaped(text, to: &out, caseInsensitive: false)
            case .parameter: out.append(contentsOf: "[^.]+".utf8)
            }
        }
    }

    /// The pattern text of one terminal (for tests and diagnostics).
    func terminal(_ index: Int) -> String {
        var out: [UInt8] = []
        appendTerminal(index, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Literal text for a PCRE2 UTF pattern: ASCII letters and digits as themselves (letters as
    /// `[xX]` when folding case), everything else as `\x{…}`.
    static func escape(_ text: String, caseInsensitive: Bool) -> String {
        var out: [UInt8] = []
        appendEscaped(text, to: &out, caseInsensitive: caseInsensitive)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendEscaped(_ text: String, to out: inout [UInt8], caseInsensitive: Bool) {
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out, caseInsensitive: caseInsensitive) }
    }

    static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout [UInt8], caseInsensitive: Bool) {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(value)
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isLetter || (byte >= 0x30 && byte <= 0x39) {
                if caseInsensitive, isLetter {
                    out.append(UInt8(ascii: "["))
                    out.append(byte | 0x20)
                    out.append(byte & ~0x20)
                    out.append(UInt8(ascii: "]"))
                } else {
                    out.append(byte)
                }
                return
            }
        }
        out.append(contentsOf: #"\x{"#.utf8)
        out.append(contentsOf: String(value, radix: 16, uppercase: true).utf8)
        out.append(UInt8(ascii: "}"))
    }
}
#endif
