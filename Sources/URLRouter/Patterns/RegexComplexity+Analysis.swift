extension RegexComplexity {
    /// The characters one point of an expression can match: ASCII exactly, other scalars as a
    /// set of scalars or "some unknown ones" (the Unicode classes).
    struct CharacterSet: Sendable {
        var ascii: (UInt64, UInt64) = (0, 0)
        var other: Other = .none

        enum Other: Sendable {
            case none
            case scalars(Set<UInt32>)
            /// The other scalars of a class escape (`\d`, `\w`, `\s`, `\v`), or of its complement:
            /// unknown, but disjoint from the other polarity of the same escape.
            case escape(SharedRegex.ClassEscape, negated: Bool)
            case some
        }

        static let all = CharacterSet(ascii: (~0, ~0), other: .some)

        init(ascii: (UInt64, UInt64) = (0, 0), other: Other = .none) {
            self.ascii = ascii
            self.other = other
        }

        init(scalar: Unicode.Scalar) {
            if scalar.isASCII { insert(UInt8(scalar.value)) } else { other = .scalars([scalar.value]) }
        }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { ascii.0 |= 1 << UInt64(byte) } else { ascii.1 |= 1 << UInt64(byte - 64) }
        }

        mutating func insert(_ low: UInt8, through high: UInt8) {
            for byte in low...high { insert(byte) }
        }

        mutating func formUnion(_ set: CharacterSet) {
            ascii = (ascii.0 | set.ascii.0, ascii.1 | set.ascii.1)
            switch (other, set.other) {
            case (_, .none): break
            case (.none, _): other = set.other
            case (.scalars(let a), .scalars(let b)): other = .scalars(a.union(b))
            case (.escape(let a, let negatedA), .escape(let b, let negatedB)) where a == b && negatedA == negatedB:
                break
            default: other = .some
            }
        }

        /// The complement: exact in ASCII; among other scalars, an escape's polarity flips and
        /// anything else may be in it.
        var inverted: CharacterSet {
            let invertedOther: Other
            if case .escape(let escape, let negated) = other {
                invertedOther = .escape(escape, negated: !negated)
            } else {
                invertedOther = .some
            }
            return CharacterSet(ascii: (~ascii.0, ~ascii.1), other: invertedOther)
        }

        func overlaps(_ set: CharacterSet) -> Bool {
            if ascii.0 & set.ascii.0 != 0 || ascii.1 & set.ascii.1 != 0 { return true }
            switch (other, set.other) {
            case (.none, _), (_, .none): return false
            case (.scalars(let a), .scalars(let b)): return !a.isDisjoint(with: b)
            case (.escape(let a, let negatedA), .escape(let b, let negatedB)) where a == b: return negatedA == negatedB
            default: return true
            }
        }

        init(_ escape: SharedRegex.ClassEscape) {
            let base: SharedRegex.ClassEscape
            switch escape {
            case .digit, .notDigit: base = .digit
            case .word, .notWord: base = .word
            case .space, .notSpace: base = .space
            case .vertical: base = .vertical
            }
            var positive = CharacterSet(other: .escape(base, negated: false))
            switch escape {
            case .digit, .notDigit:
                positive.insert(UInt8(ascii: "0"), through: UInt8(ascii: "9"))
            case .word, .notWord:
                positive.insert(UInt8(ascii: "0"), through: UInt8(ascii: "9"))
                positive.insert(UInt8(ascii: "A"), through: UInt8(ascii: "Z"))
                positive.insert(UInt8(ascii: "a"), through: UInt8(ascii: "z"))
                positive.insert(UInt8(ascii: "_"))
            case .space, .notSpace:
                positive.insert(0x09, through: 0x0D)
                positive.insert(0x20)
            case .vertical:
                positive.insert(0x0A, through: 0x0D)
            }
            self = escape.isNegated ? positive.inverted : positive
        }

        init(negated: Bool, items: [SharedRegex.ClassItem]) {
            var set = CharacterSet()
            for item in items {
                switch item {
                case .scalar(let scalar): set.formUnion(CharacterSet(scalar: scalar))
                case .range(let low, let high):
                    if low.isASCII {
                        set.insert(UInt8(low.value), through: UInt8(min(high.value, 0x7F)))
                    }
                    if high.value >= 0x80 { set.formUnion(CharacterSet(other: .some)) }
                case .escape(let escape): set.formUnion(CharacterSet(escape))
                }
            }
            self = negated ? set.inverted : set
        }
    }

    /// The ways into or out of a part of the expression: expression point to number of ways
    /// (counted up to 2: two already make an ambiguity).
    typealias Ways = [Int: Int]

    /// What one part of the expression contributes (a Glushkov construction that keeps count of
    /// the ways, so that `(a+)+`, whose inner and outer loop both lead from `a` to `a`, shows two).
    struct Fragment {
        var first: Ways = [:]
        var last: Ways = [:]
        /// The ways the part matches the empty text.
        var empty = 0
    }

    /// The expression points (one per character-matching item) and the ways between them.
    struct Automaton {
        let offsets: SharedRegex.NodeOffsets
        var classes: [CharacterSet] = []
        var pointOffsets: [Int] = []
        var follow: [Ways] = []
        var findings: [Finding] = []
        var hasEndAnchor = false
        /// Steps per byte that lookarounds add.
        var lookaroundWork = 0
        /// Where the post-order walk is in `offsets`.
        var cursor = SharedRegex.NodeOffsets.Cursor()

        init(offsets: SharedRegex.NodeOffsets) {
            self.offsets = offsets
        }

        static func add(_ ways: inout Ways, _ point: Int, _ count: Int) {
            ways[point] = min(2, (ways[point] ?? 0) + count)
        }

        static func union(_ a: Ways, _ b: Ways, times: Int = 1) -> Ways {
            var result = a
            for (point, count) in b where times > 0 { add(&result, point, min(2, count * times)) }
            return result
        }

        mutating func connect(_ from: Ways, _ to: Ways) {
            for (source, sourceWays) in from {
                for (target, targetWays) in to {
                    Automaton.add(&follow[source], target, min(2, sourceWays * targetWays))
                }
            }
        }

        mutating func point(_ set: CharacterSet) -> Fragment {
            let point = classes.count
            classes.append(set)
            pointOffsets.append(offsets.leaves[cursor.leaf])
            cursor.leaf += 1
            follow.append([:])
            return Fragment(first: [point: 1], last: [point: 1], empty: 0)
        }

        mutating func concat(_ a: Fragment, _ b: Fragment) -> Fragment {
            connect(a.last, b.first)
            return Fragment(
                first: Automaton.union(a.first, b.first, times: a.empty),
                last: Automaton.union(b.last, a.last, times: b.empty),
                empty: min(2, a.empty * b.empty))
        }

        mutating func build(_ node: SharedRegex.Node) -> Fragment {
            switch node {
            case .scalar(let scalar): return point(CharacterSet(scalar: scalar))
            case .any: return point(CharacterSet(.vertical).inverted)
            case .escape(let escape): return point(CharacterSet(escape))
            case .set(let negated, let items): return point(CharacterSet(negated: negated, items: items))
            case .start, .boundary: return Fragment(empty: 1)
            case .end:
                hasEndAnchor = true
                return Fragment(empty: 1)
            case .group(let kind, let body):
                guard kind.isLookaround else { return build(body) }
                lookaround(body)
                return Fragment(empty: 1)
            case .concat(let nodes):
                var result = Fragment(empty: 1)
                for node in nodes { result = concat(result, build(node)) }
                return result
            case .alternation(let branches):
                var result = Fragment()
                for branch in branches {
                    let fragment = build(branch)
                    result.first = Automaton.union(result.first, fragment.first)
                    result.last = Automaton.union(result.last, fragment.last)
                    result.empty = min(2, result.empty + fragment.empty)
                }
                return result
            case .repetition(let body, let min, let max, _):
                return repetition(body, min: min, max: max)
            }
        }

        /// A lookaround body is its own expression, run at each position it is reached: it must be
        /// bounded (else each run can read to the end of the text) and unambiguous.
        mutating func lookaround(_ body: SharedRegex.Node) {
            var inner = Automaton(offsets: offsets)
            inner.cursor = cursor
            let fragment = inner.build(body)
            cursor = inner.cursor
            let offset = offsets.lookarounds[cursor.lookaround]
            cursor.lookaround += 1
            findings += inner.findings
            guard let length = body.maxLength else {
                findings.append(
                    Finding(
                        offset: offset,
                        message:
                            "a lookaround with an unbounded repetition reads to the end of the text at every position it is tried, which takes time quadratic in the text's length; bound it (for example {0,20}) or move it out"
                    ))
                return
            }
            let graph = Graph(automaton: inner, root: fragment)
            if let finding = graph.ambiguity(from: Array(-1..<inner.classes.count), accepting: []) {
                findings.append(finding)
            }
            lookaroundWork += (length + 1) * (graph.workPerByte + inner.lookaroundWork)
        }

        mutating func repetition(_ body: SharedRegex.Node, min: Int, max: Int?) -> Fragment {
            let start = cursor
            let pointsBefore = classes.count
            var copy = build(body)
            let points = classes.count - pointsBefore
            let end = cursor
            let quantifier = offsets.quantifiers[end.quantifier]
            defer {
                cursor = end
                cursor.quantifier = end.quantifier + 1
            }
            /// A fresh copy of the body (new expression points, the same offsets).
            func again() -> Fragment {
                cursor = start
                return build(body)
            }
            if max == 0 { return Fragment(empty: 1) }
            if max == 1 {
                if min == 0 { copy.empty = Swift.min(2, copy.empty + 1) }
                return copy
            }
            if copy.empty > 0 {
                findings.append(
                    Finding(
                        offset: quantifier,
                        message:
                            "this quantifier repeats something that can match the empty text, so the same text can be matched by many numbers of repetitions (exponential backtracking); make the repeated part match at least one character"
                    ))
                return copy
            }
            if min <= 1 || (max ?? min) * points > RegexComplexity.maxUnrolled {
                // The engines run x{n,m} as a loop with a counter: check it as x* or x+.
                connect(copy.last, copy.first)
                if min == 0 { copy.empty = 1 }
                return copy
            }
            // x{n,m} as n copies (the last one looping when unbounded), then m - n nested optional
            // copies: x x (x (x)?)? has one way per repetition count, as the engines' counted loop.
            var result = copy
            for index in 1..<min {
                let next = again()
                if max == nil, index == min - 1 { connect(next.last, next.first) }
                result = concat(result, next)
            }
            guard let max else { return result }
            var optional = Fragment(empty: 1)
            for _ in 0..<(max - min) {
                var nested = concat(again(), optional)
                nested.empty = Swift.min(2, nested.empty + 1)
                optional = nested
            }
            return concat(result, optional)
        }
    }

    /// The expression points as a graph, and the search for two ways to the same point.
    struct Graph {
        let classes: [CharacterSet]
        let offsets: [Int]
        let follow: [Ways]
        let first: Ways

        init(automaton: Automaton, root: Fragment) {
            classes = automaton.classes
            offsets = automaton.pointOffsets
            follow = automaton.follow
            first = root.first
        }

        /// The most subsets of points ``workPerByte`` explores before it falls back to counting
        /// every point.
        static let maxSubsets = 512

        /// An upper bound on the steps one byte of text costs a backtracking engine, searching
        /// included: the start (and the search's next start) try the first points at every byte,
        /// and, the expression being unambiguous, each point is in progress at most once per byte,
        /// trying each point that may follow it. The points in progress at one byte have all read
        /// the same text: they form one subset of a subset construction, explored here (ASCII
        /// exactly, every other scalar as one symbol that every class with other scalars matches).
        var workPerByte: Int {
            let start = 2 + 2 * first.count
            func cost(_ subset: [Int]) -> Int { subset.reduce(0) { $0 + follow[$1].count + 1 } }
            // Symbol 128 stands for every other scalar, as a byte of 0x80 or more does for the scanner.
            let scanner = Scanner(self)
            func matches(_ point: Int, _ symbol: Int) -> Bool { scanner.matches(point, UInt8(symbol)) }
            // Symbols that every point treats alike lead to the same subsets: one of each kind is enough.
            var kinds: Set<[Bool]> = []
            var symbols: [Int] = []
            for symbol in 0...128 {
                if kinds.insert(classes.indices.map { matches($0, symbol) }).inserted { symbols.append(symbol) }
            }
            let matching = symbols.map { symbol in classes.indices.map { matches($0, symbol) } }
            var seen: Set<[Int]> = []
            var queue: [[Int]] = []
            /// The subsets that `points` (sorted, distinct) lead to, one per kind of symbol.
            func enqueueSuccessors(of points: [Int]) {
                var successors = [[Int]](repeating: [], count: symbols.count)
                for point in points {
                    for kind in symbols.indices where matching[kind][point] { successors[kind].append(point) }
                }
                for successor in successors where !successor.isEmpty {
                    if seen.insert(successor).inserted { queue.append(successor) }
                }
            }
            enqueueSuccessors(of: first.keys.sorted())
            var worst = 0
            var head = 0
            while head < queue.count {
                if seen.count > Graph.maxSubsets { return start + cost(Array(0..<classes.count)) }
                let subset = queue[head]
                head += 1
                worst = Swift.max(worst, cost(subset))
                enqueueSuccessors(of: Set(subset.flatMap { follow[$0].keys }).sorted())
            }
            return start + worst
        }

        /// Two different ways, from one of `sources` (-1: the start), over the same text, to the
        /// same point, never passing an `accepting` point; `nil` when there are none.
        func ambiguity(from sources: [Int], accepting: Set<Int>) -> Finding? {
            explore(
                successors: { $0 < 0 ? first : follow[$0] }, classOf: { classes[$0] }, sources: sources,
                accepting: accepting)
        }

        /// Unboundedly many attempts, started at different positions of the text, in progress at one
        /// point of the expression before any has matched: a point `q` on a loop, and a text that
        /// both takes the search from "not started yet" to `q` and takes `q` around its loop back
        /// to `q` (so every repetition of that text starts one more attempt that reaches `q`).
        /// Point `count` stands for "not started yet".
        func searchAmbiguity(accepting: Set<Int>) -> Finding? {
            let skip = classes.count
            var entry = first
            entry[skip] = 1
            func successors(_ point: Int) -> Ways { point == skip ? entry : follow[point] }
            func classOf(_ point: Int) -> CharacterSet { point == skip ? CharacterSet.all : classes[point] }
            var explored = 0
            for target in 0..<classes.count where !accepting.contains(target) {
                var seen: Set<Int64> = [Int64(skip) * Int64(skip + 1) + Int64(target)]
                var queue = [(skip, target)]
                var head = 0
                while head < queue.count {
                    let (a, b) = queue[head]
                    head += 1
                    explored += 1
                    if explored > RegexComplexity.maxPairs {
                        return Finding(
                            offset: 0,
                            message:
                                "the rule is too complex to prove that searching for it takes linear time; simplify its alternatives and repetitions"
                        )
                    }
                    for (x, _) in successors(a) where !accepting.contains(x) {
                        for (y, _) in follow[b] where !accepting.contains(y) && classOf(x).overlaps(classes[y]) {
                            if x == target && y == target {
                                return Finding(
                                    offset: offsets[target],
                                    message:
                                        "a match of this rule can start at any of many positions of the URL and every attempt reaches offset \(offsets[target]) of the expression on the same text, so searching the URL takes time quadratic in its length; anchor the rule with ^, or start it with text its repeated part cannot match"
                                )
                            }
                            if seen.insert(Int64(x) * Int64(skip + 1) + Int64(y)).inserted { queue.append((x, y)) }
                        }
                    }
                }
            }
            return nil
        }

        func explore(
            successors: (Int) -> Ways, classOf: (Int) -> CharacterSet, sources: [Int], accepting: Set<Int>
        ) -> Finding? {
            var seen: Set<Int64> = []
            var queue: [(Int, Int, Int)] = []  // two points and where they parted
            let width = Int64(classes.count + 2)
            func key(_ a: Int, _ b: Int) -> Int64 { Int64(Swift.min(a, b) + 1) * width + Int64(Swift.max(a, b) + 1) }
            func offset(_ point: Int) -> Int { point >= 0 && point < offsets.count ? offsets[point] : 0 }

            func met(_ point: Int, parted: Int) -> Finding {
                let part = offset(parted)
                let meet = offset(point)
                let ways =
                    part == meet
                    ? "the part at offset \(meet) of the expression can be reached in two different ways on the same text"
                    : "two different ways of matching the same text part at offset \(part) of the expression and meet again at offset \(meet)"
                let reason =
                    ways
                    + ", so backtracking can take time exponential or polynomial in the text's length; rewrite it so that each character can be matched only one way (for example (?:a+)+ as a+, \\d+\\d* as \\d+, (?:a|ab)* as (?:ab?)*)"
                return Finding(offset: part, message: reason)
            }

            for source in sources {
                let next = successors(source).filter { !accepting.contains($0.key) }.sorted { $0.key < $1.key }
                for (index, (point, ways)) in next.enumerated() {
                    if ways >= 2 { return met(point, parted: source < 0 ? point : source) }
                    for (other, _) in next[(index + 1)...] where classOf(point).overlaps(classOf(other)) {
                        if seen.insert(key(point, other)).inserted {
                            queue.append((point, other, source < 0 ? point : source))
                        }
                    }
                }
            }
            var head = 0
            while head < queue.count {
                let (a, b, parted) = queue[head]
                head += 1
                if seen.count > RegexComplexity.maxPairs {
                    return Finding(
                        offset: 0,
                        message:
                            "the expression is too complex to prove that it runs in linear time; simplify its alternatives and repetitions"
                    )
                }
                let left = successors(a)
                let right = successors(b)
                for (x, _) in left where !accepting.contains(x) {
                    for (y, _) in right where !accepting.contains(y) && classOf(x).overlaps(classOf(y)) {
                        if x == y { return met(x, parted: parted) }
                        if seen.insert(key(x, y)).inserted { queue.append((x, y, parted)) }
                    }
                }
            }
            return nil
        }
    }
}
