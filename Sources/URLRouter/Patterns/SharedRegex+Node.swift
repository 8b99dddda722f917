/// The parsed form of a ``SharedRegex``: its nodes, and rendering them in both engines' syntax.
extension SharedRegex {
    enum ClassEscape: Sendable, Hashable {
        case digit, notDigit, word, notWord, space, notSpace, vertical

        var isNegated: Bool { self == .notDigit || self == .notWord || self == .notSpace }

        /// The body of a class matching the escape (for a negated escape: of its complement).
        var positiveBody: String {
            switch self {
            case .digit, .notDigit: return #"\p{Nd}"#
            case .word, .notWord: return #"\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\x{200C}\x{200D}"#
            case .space, .notSpace: return #"\x{9}-\x{D}\x{85}\p{Z}"#
            case .vertical: return #"\x{A}-\x{D}\x{85}\x{2028}\x{2029}"#
            }
        }

        var standalone: String {
            isNegated ? "[^" + positiveBody + "]" : "[" + positiveBody + "]"
        }
    }

    enum ClassItem: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        case range(Unicode.Scalar, Unicode.Scalar)
        case escape(ClassEscape)
    }

    enum GroupKind: Sendable, Hashable {
        case capturing, nonCapturing, lookahead, negativeLookahead, lookbehind, negativeLookbehind

        var isLookaround: Bool { self != .capturing && self != .nonCapturing }
        var opener: String {
            switch self {
            case .capturing: return "("
            case .nonCapturing: return "(?:"
            case .lookahead: return "(?="
            case .negativeLookahead: return "(?!"
            case .lookbehind: return "(?<="
            case .negativeLookbehind: return "(?<!"
            }
        }
    }

    indirect enum Node: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        case any
        case escape(ClassEscape)
        case set(negated: Bool, items: [ClassItem])
        case start, end
        case boundary(Bool)
        case group(GroupKind, Node)
        case concat([Node])
        case alternation([Node])
        case repetition(Node, min: Int, max: Int?, lazy: Bool)

        /// The fixed number of characters the node matches, or `nil` when it varies.
        var fixedLength: Int? {
            switch self {
            case .scalar, .any, .escape, .set: return 1
            case .start, .end, .boundary: return 0
            case .group(let kind, let body): return kind.isLookaround ? 0 : body.fixedLength
            case .concat(let nodes):
                var total = 0
                for node in nodes {
                    guard let length = node.fixedLength else { return nil }
                    total += length
                }
                return total
            case .alternation(let branches):
                let lengths = branches.map(\.fixedLength)
                guard let first = lengths.first, let length = first, lengths.allSatisfy({ $0 == length }) else {
                    return nil
                }
                return length
            case .repetition(let body, let min, let max, _):
                guard max == min, let length = body.fixedLength else { return nil }
                return length * min
            }
        }

        var expandedSize: Int {
            switch self {
            case .scalar, .any, .escape, .set, .start, .end, .boundary: return render().utf8.count
            case .group(_, let body): return body.expandedSize + 4
            case .concat(let nodes), .alternation(let nodes): return nodes.reduce(0) { $0 + $1.expandedSize } + 1
            case .repetition(let body, let min, let max, _):
                let copies = Swift.max(2, max ?? (min + 1))
                let size = body.expandedSize
                return size > SharedRegex.maxExpandedSize / copies ? SharedRegex.maxExpandedSize + 1 : size * copies
            }
        }

        func render(start: String = #"\A"#, end: String = #"\z"#) -> String {
            var out = ""
            render(into: &out, start: start, end: end, excluding: nil)
            return out
        }

        /// Renders the node; with `excluding`, no construct can match that character.
        func render(into out: inout String, start: String, end: String, excluding: Unicode.Scalar?) {
            let excluded = excluding.map(Node.literal) ?? ""
            switch self {
            case .scalar(let scalar): out += scalar == excluding ? "(?!)" : Node.literal(scalar)
            case .any: out += "[^" + ClassEscape.vertical.positiveBody + excluded + "]"
            case .escape(let escape):
                if escape.isNegated, excluding != nil {
                    out += "[^" + escape.positiveBody + excluded + "]"
                } else {
                    out += escape == .digit ? #"\p{Nd}"# : escape == .notDigit ? #"\P{Nd}"# : escape.standalone
                }
            case .set(let negated, let items):
                if let excluding, Node.set(negated: negated, items: items, contains: excluding) {
                    out += "(?:(?!" + excluded + ")" + Node.renderSet(negated: negated, items: items) + ")"
                } else {
                    out += Node.renderSet(negated: negated, items: items)
                }
            case .start: out += start
            case .end: out += end
            case .boundary(let isBoundary):
                let word = ClassEscape.word.standalone
                out +=
                    isBoundary
                    ? "(?:(?<=\(word))(?!\(word))|(?<!\(word))(?=\(word)))"
                    : "(?:(?<=\(word))(?=\(word))|(?<!\(word))(?!\(word)))"
            case .group(let kind, let body):
                out += kind.opener
                body.render(into: &out, start: start, end: end, excluding: excluding)
                out += ")"
            case .concat(let nodes):
                for node in nodes { node.render(into: &out, start: start, end: end, excluding: excluding) }
            case .alternation(let branches):
                for (index, branch) in branches.enumerated() {
                    if index > 0 { out += "|" }
                    branch.render(into: &out, start: start, end: end, excluding: excluding)
                }
            case .repetition(let body, let min, let max, let lazy):
                // The body is always an atom: a scalar, a class, an escape or a group.
                if case .concat = body {
                    out += "(?:"
                    body.render(into: &out, start: start, end: end, excluding: excluding)
                    out += ")"
                } else {
                    body.render(into: &out, start: start, end: end, excluding: excluding)
                }
                switch (min, max) {
                case (0, nil): out += "*"
                case (1, nil): out += "+"
                case (0, 1): out += "?"
                case (let n, nil): out += "{\(n),}"
                case (let n, let m?) where n == m: out += "{\(n)}"
                case (let n, let m?): out += "{\(n),\(m)}"
                }
                if lazy { out += "?" }
            }
        }

        static func literal(_ scalar: Unicode.Scalar) -> String {
            if scalar.isASCII, isASCIILetter(UInt8(scalar.value)) || isASCIIDigit(UInt8(scalar.value)) {
                return String(Character(scalar))
            }
            return #"\x{"# + String(scalar.value, radix: 16, uppercase: true) + "}"
        }

        /// Whether a class can match `scalar` (a conservative answer for the Unicode escapes,
        /// which never hold ASCII punctuation other than `_`).
        static func set(negated: Bool, items: [ClassItem], contains scalar: Unicode.Scalar) -> Bool {
            var positive = false
            for item in items {
                switch item {
                case .scalar(let value): if value == scalar { positive = true }
                case .range(let low, let high):
                    if low.value <= scalar.value && scalar.value <= high.value { positive = true }
                case .escape(let escape): if escape.isNegated { positive = true }
                }
            }
            return negated
                ? !positive
                    || items.contains { if case .escape(let e) = $0 { return e.isNegated } else { return false } }
                : positive
        }

        static func renderSet(negated: Bool, items: [ClassItem]) -> String {
            var positive = ""
            var negatives: [ClassEscape] = []
            for item in items {
                switch item {
                case .scalar(let scalar): positive += literal(scalar)
                case .range(let low, let high): positive += literal(low) + "-" + literal(high)
                case .escape(let escape):
                    if escape.isNegated { negatives.append(escape) } else { positive += escape.positiveBody }
                }
            }
            if negatives.isEmpty {
                return (negated ? "[^" : "[") + positive + "]"
            }
            // c ∉ P and c ∈ N1 ∩ N2 …: look ahead for all but the last, consume with the last.
            var complement = "(?:"
            if !positive.isEmpty { complement += "(?![" + positive + "])" }
            for escape in negatives.dropLast() { complement += "(?=[" + escape.positiveBody + "])" }
            complement += "[" + negatives[negatives.count - 1].positiveBody + "])"
            if negated { return complement }
            // c ∈ P ∪ ¬N1 ∪ ¬N2 …: any character but the complement's, consumed by one class (an
            // alternation of overlapping classes would let a repetition backtrack exponentially).
            return "(?:(?!" + complement + ")" + anyCharacter + ")"
        }

        /// One character, whatever it is, in both engines' syntax.
        static let anyCharacter = #"[\x{0}-\x{10FFFF}]"#
    }
}
