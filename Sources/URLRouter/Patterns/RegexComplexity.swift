/// How much work a backtracking engine (PCRE2, ICU) can spend on a ``SharedRegex``, decided from
/// its structure when it is added, before it ever runs.
///
/// A backtracking engine explores the ways the expression can match a prefix of the text. When
/// no two different ways can match the same text and reach the same point of the expression
/// (the expression is *unambiguous*), it meets each pair (point of the text, point of the
/// expression) at most once, so its work is linear in the text's length: at most
/// ``workPerByte`` steps per byte. The classic ReDoS shapes are exactly the ambiguous ones:
/// `(a+)+` and `(a|a)*` (exponential), `\d+\d+` or `.*.*x` (polynomial). This type finds them,
/// with the places where the two ways part and meet again.
///
/// The check runs on the characters each part can match (ASCII exactly, other scalars
/// conservatively), so it may refuse an expression whose overlap is only in theory; it never
/// accepts one that can backtrack super-linearly. Assertions and lookarounds only remove ways, so
/// they are passed through; a lookaround's own body must be bounded and unambiguous.
///
/// - A **constraint** runs anchored at a segment's start: it must be unambiguous
///   (``anchoredFinding`` is `nil`).
/// - A **rewrite rule** is searched for at every position of the URL: besides that, two attempts
///   that start at different positions must never both be in progress at the same point of the
///   expression before one has matched (``searchFinding`` is `nil`), or the search is quadratic
///   (`a+b` against `aaaa…`). A rule anchored with `^` starts at one position only.
@_spi(Tools) public struct RegexComplexity: Sendable {
    /// Why an expression can make a backtracking engine work super-linearly, and where.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The UTF-8 offset, in the expression, of the part that makes it so.
        var offset: Int
        /// The reason, in one sentence.
        var message: String

        public var description: String { "at offset \(offset): \(message)" }
    }

    /// An upper bound on the engine steps one byte of text can cost, searching included.
    public let workPerByte: Int
    /// Why the expression is refused as a constraint (anchored), or `nil`.
    public let anchoredFinding: Finding?
    /// Why the expression is refused as a rewrite rule (searched for), or `nil`.
    let searchFinding: Finding?
    /// Whether every match starts at the start of the text (`^`), so one attempt is made.
    let isStartAnchored: Bool
    /// The expression's points, to find how far an attempt from the start of a text can read.
    let scanner: Scanner

    /// The most pairs of expression points the check explores before it gives up (and refuses).
    static let maxPairs = 20_000
    /// Counted repetitions are unrolled up to this many expression points (beyond, they are
    /// checked as the open loop they run as, which may refuse more).
    static let maxUnrolled = 64

    /// The analyses of recent expressions, by source: tables repeat constraints (`:id(\d+)` in a
    /// hundred routes), and the analysis costs up to milliseconds for wide alternations.
    static let recent = LockedValue<[String: RegexComplexity]>([:])
    static let recentCapacity = 1024

    /// The analysis of `root`, parsed from `source`, reusing a recent one.
    static func of(_ root: SharedRegex.Node, source: String, offsets: SharedRegex.NodeOffsets) -> RegexComplexity {
        if let known = recent.withLock({ $0[source] }) { return known }
        let complexity = RegexComplexity(root, offsets: offsets)
        recent.withLock { recent in
            if recent.count >= recentCapacity { recent.removeAll(keepingCapacity: true) }
            recent[source] = complexity
        }
        return complexity
    }

    init(_ root: SharedRegex.Node, offsets: SharedRegex.NodeOffsets) {
        var automaton = Automaton(offsets: offsets)
        let fragment = automaton.build(root)
        var anchored = automaton.findings.first
        let graph = Graph(automaton: automaton, root: fragment)
        if anchored == nil { anchored = graph.ambiguity(from: Array(-1..<automaton.classes.count), accepting: []) }
        var search = anchored
        if search == nil, !root.isStartAnchored {
            let accepting = automaton.hasEndAnchor ? Set<Int>() : Set(fragment.last.keys)
            search = graph.searchAmbiguity(accepting: accepting)
        }
        anchoredFinding = anchored
        searchFinding = search
        workPerByte = graph.workPerByte + automaton.lookaroundWork
        isStartAnchored = root.isStartAnchored
        scanner = Scanner(graph)
    }

    /// How many bytes of `text` an attempt that starts at its first byte can read before every
    /// way has failed (all of them when some way is still going at the end): an engine's
    /// anchored attempt never reads further, so it costs at most that many bytes' work. Reads at
    /// most `limit` bytes (and then answers at least `limit`).
    func readableBytes(_ text: UnsafeBufferPointer<UInt8>, limit: Int = .max) -> Int {
        scanner.readableBytes(UnsafeBufferPointer(rebasing: text.prefix(limit)))
    }
}

extension SharedRegex.Node {
    /// Whether every match must start at the very start of the text (`^`).
    var isStartAnchored: Bool {
        switch self {
        case .start: return true
        case .group(let kind, let body): return !kind.isLookaround && body.isStartAnchored
        case .concat(let nodes): return nodes.first?.isStartAnchored ?? false
        case .alternation(let branches): return branches.allSatisfy(\.isStartAnchored)
        default: return false
        }
    }

    /// The most characters the node can match, or `nil` when unbounded.
    var maxLength: Int? {
        switch self {
        case .scalar, .any, .escape, .set: return 1
        case .start, .end, .boundary: return 0
        case .group(let kind, let body): return kind.isLookaround ? 0 : body.maxLength
        case .concat(let nodes):
            var total = 0
            for node in nodes {
                guard let length = node.maxLength else { return nil }
                total += length
            }
            return total
        case .alternation(let branches):
            var longest = 0
            for branch in branches {
                guard let length = branch.maxLength else { return nil }
                longest = Swift.max(longest, length)
            }
            return longest
        case .repetition(let body, _, let max, _):
            guard let max, let length = body.maxLength else { return nil }
            return length * max
        }
    }
}
