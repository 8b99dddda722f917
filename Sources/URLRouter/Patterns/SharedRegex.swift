/// A user regex (a `:name(regex)` constraint or a rewrite rule) in the syntax PCRE2
/// and ICU share, SEMANTICS.md section 6.
///
/// Parsing checks the whitelist: literals; escapes `\d \D \w \W \s \S \b \B \n \r \t \f \v`,
/// `\xHH` and `\` before ASCII punctuation; classes without POSIX classes, nested sets or
/// set operations; quantifiers `* + ? {n} {n,} {n,m}`, greedy or lazy; anchors `^ $`;
/// alternation; capturing and non-capturing groups; lookahead; lookbehind whose every
/// alternative has a fixed length. Anything else is refused with the offset and a reason.
///
/// Backends never compile the user's text. They compile ``portablePattern``: the same
/// expression rewritten into constructs both engines read identically, so both give the
/// same answer:
///
/// | written | means | emitted |
/// | --- | --- | --- |
/// | `\d` | `\p{Nd}` | `\p{Nd}` |
/// | `\w` | letters (Alphabetic), marks, decimal digits, connector punctuation, ZWNJ, ZWJ (ICU's `\w`) | an explicit class |
/// | `\s` | tab, LF, VT, FF, CR, NEL and `\p{Z}` (ICU's `\s`) | an explicit class |
/// | `\v` | LF, VT, FF, CR, NEL, U+2028, U+2029 | an explicit class |
/// | `\b` `\B` | a change (or not) between `\w` and not `\w` | lookarounds |
/// | `.` | any character but those of `\v` (ICU's `.`) | a negated class |
/// | `^` `$` | the very start and very end of the subject | `\A`, `\z` |
/// | literals | themselves | `\x{…}` unless ASCII letters or digits |
@_spi(Tools) public struct SharedRegex: Sendable, Hashable, CustomStringConvertible {
    /// What parsing found, in one box that every copy shares: a constraint is held by its
    /// pattern, the pattern's lowered elements and the compiled route, and held inline it made
    /// every position of every route as wide as itself, constrained or not (commit cece5c3 gives
    /// the bytes a route this saves).
    final class Parsed: Sendable {
        let source: String
        let captureCount: Int
        let portablePattern: String
        let root: Node
        let complexity: RegexComplexity

        init(source: String, captureCount: Int, portablePattern: String, root: Node, complexity: RegexComplexity) {
            (self.source, self.captureCount, self.portablePattern) = (source, captureCount, portablePattern)
            (self.root, self.complexity) = (root, complexity)
        }
    }

    let parsed: Parsed

    /// The expression as the user wrote it.
    public var source: String { parsed.source }
    /// How many capturing groups the expression has.
    var captureCount: Int { parsed.captureCount }
    /// The expression in constructs PCRE2 (UTF mode) and ICU compile identically.
    public var portablePattern: String { parsed.portablePattern }
    var root: Node { parsed.root }
    /// How much a backtracking engine can spend on the expression (see ``RegexComplexity``).
    public var complexity: RegexComplexity { parsed.complexity }

    /// Why an expression was refused, and where.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// UTF-8 offset into the expression.
        public var offset: Int
        /// The reason, in one sentence.
        var message: String
        public var description: String { "at offset \(offset): \(message)" }
    }

    /// The largest `{n,m}` bound accepted.
    static let maxRepeatCount = 1000
    /// The largest size, counted in emitted characters with repeats multiplied out, accepted.
    static let maxExpandedSize = 40_000

    /// Parses and checks `source`.
    ///
    /// - Throws: ``SyntaxError`` naming the offset of the first construct outside the shared syntax.
    public init(_ source: String) throws(SyntaxError) {
        var parser = Parser(source)
        let root = try parser.parse()
        let complexity = RegexComplexity.of(root, source: source, offsets: parser.nodeOffsets)
        let size = root.expandedSize
        guard size <= SharedRegex.maxExpandedSize else {
            throw SyntaxError(offset: 0, message: "the expression is too large once its repeats are expanded")
        }
        parsed = Parsed(
            source: source, captureCount: parser.captureCount, portablePattern: root.render(), root: root,
            complexity: complexity)
    }

    public var description: String { source }

    public static func == (lhs: SharedRegex, rhs: SharedRegex) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The pattern with user `^`/`$` rendered by the caller (for example as segment boundaries).
    func portablePattern(start: String, end: String) -> String {
        root.render(start: start, end: end)
    }

    /// The pattern confined to one path segment of a `/`-joined subject: nothing in it can match
    /// `/`, `^` is the segment's start and `$` its end, the next `/` or the end of the subject (a
    /// subject that is the path alone ends at its last segment). Used to inline a constraint into
    /// a larger pattern without it ever reaching into a neighbouring segment.
    var segmentConfinedPattern: String {
        var out = ""
        root.render(into: &out, start: #"(?<=/)"#, end: #"(?=/|\z)"#, excluding: "/")
        return out
    }
}
