import URLRouterCore

/// Renders a route table as one prefix-factored PCRE2 alternation.
///
/// The subject of a match is `/seg1/seg2//scheme//method`: the segments in comparison form, each
/// after a `/`, then `//` (never inside a path, since segments are non-empty), the lower-cased
/// scheme, `//` and the method (`""` when the lookup has none, `\x01` to accept every method).
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
/// - constraint: `/(?>(?:C)(?=/))` with `C` confined to the segment (``SharedRegex/segmentConfinedPattern``);
/// - in-segment pattern: `/[^/]++` and a callout that runs ``CompositeMatcher`` on the segment;
/// - catch-all: `(?>(?:/[^/]++)+(?=(?:/[^/]++){k}//))`, taking exactly the segments the k positions
///   after it leave, once.
/// A route without an untagged target, or any route under ``RouterOptions/strictVariants``, ends in
/// a callout that checks the lookup's variants.
struct RouteAlternation {
    /// Literal bytes with their hash computed once (hashing byte arrays element by element is slow).
    struct ByteKey: Hashable {
        let bytes: [UInt8]
        let hash: Int

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var value: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                value ^= UInt64(byte)
                value &*= 0x100_0000_01b3
            }
            hash = Int(truncatingIfNeeded: value)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (lhs: ByteKey, rhs: ByteKey) -> Bool { lhs.hash == rhs.hash && lhs.bytes == rhs.bytes }
    }

    enum Key: Hashable {
        case literal(ByteKey)
        case segment
        case constrained(String)
        case composite(Int)
        case catchAll
        case end
    }

    final class Node {
        var children: [(key: Key, node: Node?, route: Int, element: RouteElement?)] = []
        /// The latest child for each literal.
        var literalChild: [ByteKey: Int] = [:]
        /// The position of the latest child that is neither a literal nor an end: no literal may
        /// join a child before it.
        var lastOverlapping = -1
    }

    let routes: [CompiledRoute]
    let options: RouterOptions
    /// In-segment patterns by callout id.
    let composites: [CompositePattern]
    let compositeIDs: [CompositePattern: Int]

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
    }

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
        var out = ""
        render(root, into: &out)
        return out.isEmpty ? "(*FAIL)" : out
    }

    func key(_ element: RouteElement) -> Key {
        switch element {
        case .literal(let text):
            return .literal(ByteKey(options.caseInsensitive ? text.utf8.map(asciiFold) : Array(text.utf8)))
        case .parameter, .wildcard: return .segment
        case .constrained(let regex): return .constrained(regex.source)
        case .composite(let pattern): return .composite(compositeIDs[pattern]!)
        case .catchAll: return .catchAll
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
        let key = key(elements[depth])
        var target: Int?
        switch key {
        case .literal(let bytes):
            // Only children that are neither literals nor ends can overlap a literal.
            if let position = node.literalChild[bytes], position > node.lastOverlapping { target = position }
        case .catchAll, .end:
            // Never share a catch-all: PCRE2 would try every length of the shared catch-all for all
            // the routes behind it before shorter ones, putting length before precedence.
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

    func render(_ node: Node, into out: inout String) {
        var branches: [String] = []
        var position = 0
        let children = node.children
        while position < children.count {
            if children[position].key == .end {
                var ends: [String] = []
                while position < children.count, children[position].key == .end {
                    ends.append(terminal(children[position].route))
                    position += 1
                }
                branches.append("//" + (ends.count == 1 ? ends[0] : "(?:" + ends.joined(separator: "|") + ")"))
            } else if case .literal = children[position].key {
                // A run of literal siblings (all disjoint) becomes a trie over their characters, so
                // PCRE2 rejects a wrong first character once instead of once per sibling.
                let trie = ScalarTrie()
                while position < children.count, case .literal = children[position].key,
                    case .literal(let text)? = children[position].element
                {
                    var rest = ""
                    if let child = children[position].node { render(child, into: &rest) }
                    trie.insert(Array(text.unicodeScalars), rest, folding: options.caseInsensitive)
                    position += 1
                }
                branches.append("/" + trie.render(caseInsensitive: options.caseInsensitive))
            } else {
                var branch = render(children[position].element!, route: children[position].route)
                if let child = children[position].node { render(child, into: &branch) }
                branches.append(branch)
                position += 1
            }
        }
        if branches.count == 1 {
            out += branches[0]
        } else if !branches.isEmpty {
            out += "(?:" + branches.joined(separator: "|") + ")"
        }
    }

    func render(_ element: RouteElement, route: Int) -> String {
        switch element {
        case .literal(let text): return "/" + RouteAlternation.escape(text, caseInsensitive: options.caseInsensitive)
        case .parameter, .wildcard: return "/[^/]++"
        case .constrained(let regex):
            // Atomic: once the constraint has matched the whole segment, later positions never
            // backtrack into it (the reference backend runs it once, on the segment alone).
            return "/(?>(?:" + regex.segmentConfinedPattern + ")(?=/))"
        case .composite(let pattern): return "/[^/]++(?C\"c\(compositeIDs[pattern]!)\")"
        case .catchAll:
            // Exactly the segments the positions after it leave, decided once (atomic): the
            // positions after a catch-all are tried on one placement only, as on the reference backend.
            let after = routes[route].elements.count - 1 - (routes[route].catchAllIndex ?? 0)
            return "(?>(?:/[^/]++)+(?=" + (after > 0 ? "(?:/[^/]++){\(after)}" : "") + "//))"
        }
    }

    func terminal(_ index: Int) -> String {
        let route = routes[index]
        var out = route.scheme.map { RouteAlternation.escape($0, caseInsensitive: false) } ?? "[^/]*+"
        out += "//"
        if let method = route.method {
            out += "(?:" + RouteAlternation.escape(method, caseInsensitive: false)
            if method == "GET" { out += "|HEAD" }
            out += #"|\x{1})\z"#
        }
        if RouteAlternation.needsVariantCallout(route) { out += "(?C\"v\(index)\")" }
        return out + "(*MARK:\(index))"
    }

    /// Literal text for a PCRE2 UTF pattern: ASCII letters and digits as themselves (letters as
    /// `[xX]` when folding case), everything else as `\x{…}`.
    static func escape(_ text: String, caseInsensitive: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out, caseInsensitive: caseInsensitive) }
        return out
    }

    static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String, caseInsensitive: Bool) {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(value)
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isLetter || (byte >= 0x30 && byte <= 0x39) {
                if caseInsensitive, isLetter {
                    out.unicodeScalars.append("[")
                    out.unicodeScalars.append(Unicode.Scalar(byte | 0x20))
                    out.unicodeScalars.append(Unicode.Scalar(byte & ~0x20))
                    out.unicodeScalars.append("]")
                } else {
                    out.unicodeScalars.append(scalar)
                }
                return
            }
        }
        out += #"\x{"# + String(value, radix: 16, uppercase: true) + "}"
    }
}

@inline(__always)
func asciiFold(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
}

/// Literal siblings as a trie over Unicode scalars (never over bytes: a UTF pattern may not split a
/// character between alternatives).
final class ScalarTrie {
    var edges: [(scalar: Unicode.Scalar, child: ScalarTrie)] = []
    var leaf: String?

    func insert(_ scalars: [Unicode.Scalar], _ rest: String, folding: Bool) {
        var node = self
        for scalar in scalars {
            let key = folding && scalar.isASCII ? Unicode.Scalar(asciiFold(UInt8(scalar.value))) : scalar
            if let edge = node.edges.first(where: { $0.scalar == key }) {
                node = edge.child
            } else {
                let child = ScalarTrie()
                node.edges.append((key, child))
                node = child
            }
        }
        node.leaf = rest
    }

    func render(caseInsensitive: Bool) -> String {
        var out = ""
        render(into: &out, caseInsensitive: caseInsensitive)
        return out
    }

    func render(into out: inout String, caseInsensitive: Bool) {
        let branches = (leaf == nil ? 0 : 1) + edges.count
        if branches > 1 { out += "(?:" }
        if let leaf { out += leaf }
        for (position, (scalar, child)) in edges.enumerated() {
            if position > 0 || leaf != nil { out += "|" }
            RouteAlternation.appendEscaped(scalar, to: &out, caseInsensitive: caseInsensitive)
            child.render(into: &out, caseInsensitive: caseInsensitive)
        }
        if branches > 1 { out += ")" }
    }
}
