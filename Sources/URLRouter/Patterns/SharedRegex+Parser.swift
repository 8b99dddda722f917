extension SharedRegex {
    /// Where the parts of a parsed expression start, for messages about them: the UTF-8 offsets of
    /// its character-matching items, quantifiers and lookarounds, each list in the order a
    /// post-order walk of the tree meets them (the order the parser finishes them).
    struct NodeOffsets: Sendable {
        var leaves: [Int] = []
        var quantifiers: [Int] = []
        var lookarounds: [Int] = []

        /// A position in the three lists during a walk.
        struct Cursor: Sendable {
            var leaf = 0
            var quantifier = 0
            var lookaround = 0
        }
    }

    /// A recursive-descent parser over Unicode scalars, keeping UTF-8 offsets for errors.
    struct Parser {
        let scalars: [Unicode.Scalar]
        let offsets: [Int]
        var position = 0
        var captureCount = 0
        var nodeOffsets = NodeOffsets()

        init(_ source: String) {
            var scalars: [Unicode.Scalar] = []
            var offsets: [Int] = []
            var offset = 0
            for scalar in source.unicodeScalars {
                scalars.append(scalar)
                offsets.append(offset)
                offset += UTF8.width(scalar)
            }
            offsets.append(offset)
            self.scalars = scalars
            self.offsets = offsets
        }

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func peek(_ ahead: Int) -> Unicode.Scalar? {
            position + ahead < scalars.count ? scalars[position + ahead] : nil
        }

        func error(_ message: String, at index: Int? = nil) -> SyntaxError {
            SyntaxError(offset: offsets[Swift.min(index ?? position, offsets.count - 1)], message: message)
        }

        mutating func parse() throws(SyntaxError) -> Node {
            let node = try parseAlternation()
            if let scalar = current {
                throw error(scalar == ")" ? "unmatched ')'" : "unexpected '\(scalar)'")
            }
            return node
        }

        mutating func parseAlternation() throws(SyntaxError) -> Node {
            var branches = [try parseConcat()]
            while current == "|" {
                position += 1
                branches.append(try parseConcat())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseConcat() throws(SyntaxError) -> Node {
            var nodes: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                let atomStart = position
                let atom = try parseAtom()
                switch atom {
                case .scalar, .any, .escape, .set: nodeOffsets.leaves.append(offsets[atomStart])
                case .group(let kind, _) where kind.isLookaround: nodeOffsets.lookarounds.append(offsets[atomStart])
                default: break
                }
                let quantifierStart = position
                let node = try parseQuantifiers(atom, atomStart: atomStart)
                if case .repetition = node { nodeOffsets.quantifiers.append(offsets[quantifierStart]) }
                nodes.append(node)
            }
            return nodes.count == 1 ? nodes[0] : .concat(nodes)
        }

        mutating func parseQuantifiers(_ atom: Node, atomStart: Int) throws(SyntaxError) -> Node {
            guard let scalar = current else { return atom }
            var min = 0
            var max: Int?
            let quantifierStart = position
            switch scalar {
            case "*": position += 1
            case "+":
                min = 1
                position += 1
            case "?":
                max = 1
                position += 1
            case "{":
                guard let bounds = try parseBounds() else {
                    throw error("'{' must start a quantifier {n}, {n,} or {n,m}; write \\{ for a literal brace")
                }
                (min, max) = bounds
            default:
                return atom
            }
            switch atom {
            case .start, .end, .boundary:
                throw error("an anchor or word boundary cannot be repeated", at: quantifierStart)
            case .group(let kind, _) where kind.isLookaround:
                throw error("a lookaround cannot be repeated", at: quantifierStart)
            default: break
            }
            var lazy = false
            if current == "?" {
                lazy = true
                position += 1
            }
            if let next = current, next == "*" || next == "+" || next == "?" || next == "{" {
                throw error("a quantifier cannot follow another (possessive quantifiers such as *+ are not supported)")
            }
            return .repetition(atom, min: min, max: max, lazy: lazy)
        }

        /// Parses `{n}`, `{n,}` or `{n,m}` at the current `{`, or returns `nil` (position unchanged).
        mutating func parseBounds() throws(SyntaxError) -> (Int, Int?)? {
            let start = position
            var index = position + 1
            func number(_ index: inout Int) -> Int? {
                var value: Int?
                while index < scalars.count, scalars[index].isASCII, isASCIIDigit(UInt8(scalars[index].value)) {
                    value = Swift.min((value ?? 0) * 10 + Int(scalars[index].value) - 48, 1_000_000)
                    index += 1
                }
                return value
            }
            guard let low = number(&index) else { return nil }
            var high: Int? = low
            if index < scalars.count, scalars[index] == "," {
                index += 1
                high = number(&index)
            }
            guard index < scalars.count, scalars[index] == "}" else { return nil }
            position = index + 1
            if let high, high < low { throw error("repeat bounds {\(low),\(high)} are out of order", at: start) }
            if low > SharedRegex.maxRepeatCount || (high ?? 0) > SharedRegex.maxRepeatCount {
                throw error("repeat counts above \(SharedRegex.maxRepeatCount) are not supported", at: start)
            }
            return (low, high)
        }

        mutating func parseAtom() throws(SyntaxError) -> Node {
            guard let scalar = current else { throw error("unexpected end of expression") }
            switch scalar {
            case "(": return try parseGroup()
            case "[": return try parseSet()
            case ".":
                position += 1
                return .any
            case "^":
                position += 1
                return .start
            case "$":
                position += 1
                return .end
            case "\\": return try parseEscape(inSet: false)
            case "*", "+", "?":
                throw error("quantifier '\(scalar)' has nothing to repeat")
            case "{":
                let brace = position
                let isQuantifier = (try? parseBounds()) != nil
                position = brace
                throw error(
                    isQuantifier
                        ? "quantifier has nothing to repeat"
                        : "'{' must start a quantifier {n}, {n,} or {n,m}; write \\{ for a literal brace")
            case "}":
                throw error("'}' must be escaped as \\}")
            default:
                position += 1
                return .scalar(scalar)
            }
        }

        mutating func parseGroup() throws(SyntaxError) -> Node {
            let open = position
            position += 1
            var kind = GroupKind.capturing
            if current == "*" {
                throw error(
                    "backtracking verbs and start-of-pattern items such as (*COMMIT) or (*NO_JIT) are not supported",
                    at: open)
            }
            if current == "?" {
                let next = peek(1)
                let afterNext = peek(2)
                switch (next, afterNext) {
                case (":", _):
                    kind = .nonCapturing
                    position += 2
                case ("=", _):
                    kind = .lookahead
                    position += 2
                case ("!", _):
                    kind = .negativeLookahead
                    position += 2
                case ("<", "="):
                    kind = .lookbehind
                    position += 3
                case ("<", "!"):
                    kind = .negativeLookbehind
                    position += 3
                case ("<", _), ("P", _), ("'", _):
                    throw error("named groups are not supported", at: open)
                case ("#", _):
                    throw error("comments are not supported", at: open)
                case ("R", _), ("&", _), ("+", _):
                    throw error("recursion and subroutine calls are not supported", at: open)
                case (let digit?, _) where digit.isASCII && isASCIIDigit(UInt8(digit.value)):
                    throw error("recursion and subroutine calls are not supported", at: open)
                case (">", _):
                    throw error("atomic groups are not supported", at: open)
                case ("|", _):
                    throw error("branch reset groups are not supported", at: open)
                case ("(", _):
                    throw error("conditional groups are not supported", at: open)
                case (nil, _):
                    throw error("missing ')'", at: open)
                default:
                    throw error("inline options such as (?i) or (?x) are not supported", at: open)
                }
            }
            if kind == .capturing { captureCount += 1 }
            let body = try parseAlternation()
            guard current == ")" else { throw error("missing ')'", at: open) }
            position += 1
            if kind == .lookbehind || kind == .negativeLookbehind {
                let branches: [Node]
                if case .alternation(let nodes) = body { branches = nodes } else { branches = [body] }
                guard branches.allSatisfy({ $0.fixedLength != nil }) else {
                    throw error("a lookbehind must match a fixed number of characters in each alternative", at: open)
                }
            }
            return .group(kind, body)
        }

        mutating func parseEscape(inSet: Bool) throws(SyntaxError) -> Node {
            let start = position
            position += 1
            guard let scalar = current else { throw error("trailing backslash", at: start) }
            position += 1
            switch scalar {
            case "d": return .escape(.digit)
            case "D": return .escape(.notDigit)
            case "w": return .escape(.word)
            case "W": return .escape(.notWord)
            case "s": return .escape(.space)
            case "S": return .escape(.notSpace)
            case "v": return .escape(.vertical)
            case "b", "B":
                if inSet { throw error("\\\(scalar) is not allowed inside a class", at: start) }
                return .boundary(scalar == "b")
            case "n": return .scalar("\n")
            case "r": return .scalar("\r")
            case "t": return .scalar("\t")
            case "f": return .scalar("\u{0C}")
            case "x":
                guard let high = current.flatMap({ $0.isASCII ? PercentCoding.hexValue(UInt8($0.value)) : nil }),
                    let low = peek(1).flatMap({ $0.isASCII ? PercentCoding.hexValue(UInt8($0.value)) : nil })
                else { throw error("write \\xHH with exactly two hex digits", at: start) }
                position += 2
                return .scalar(Unicode.Scalar(high << 4 | low))
            case "Q", "E": throw error("quoting with \\Q...\\E is not supported", at: start)
            case "1"..."9": throw error("backreferences are not supported", at: start)
            case "k", "g": throw error("backreferences and subroutine calls are not supported", at: start)
            case "p", "P": throw error("Unicode properties \\p{...} are not supported", at: start)
            default:
                if isASCIIPunctuation(scalar) {
                    return .scalar(scalar)
                }
                throw error(
                    "the escape \\\(scalar) is not supported; allowed: \\d \\D \\w \\W \\s \\S \\b \\B \\n \\r \\t \\f \\v, \\xHH and \\ before ASCII punctuation",
                    at: start)
            }
        }

        mutating func parseSet() throws(SyntaxError) -> Node {
            let open = position
            position += 1
            var negated = false
            if current == "^" {
                negated = true
                position += 1
            }
            if current == "]" { throw error("empty class; write \\] for a literal ]", at: position) }
            var items: [ClassItem] = []
            while true {
                guard let scalar = current else { throw error("missing ']'", at: open) }
                if scalar == "]" {
                    position += 1
                    break
                }
                let itemStart = position
                let item = try parseSetItem()
                if current == "-", let next = peek(1), next != "]" {
                    if next == "-" { throw error("set operations (--) are not supported; write \\- for a literal -") }
                    position += 1
                    let highStart = position
                    let high = try parseSetItem()
                    guard case .scalar(let low) = item, case .scalar(let top) = high else {
                        throw error("a range needs single characters at both ends", at: itemStart)
                    }
                    guard low.value <= top.value else { throw error("range out of order", at: highStart) }
                    items.append(.range(low, top))
                } else {
                    items.append(item)
                }
            }
            return .set(negated: negated, items: items)
        }

        mutating func parseSetItem() throws(SyntaxError) -> ClassItem {
            guard let scalar = current else { throw error("missing ']'") }
            switch scalar {
            case "[":
                throw error(
                    "nested sets and POSIX classes such as [:alpha:] are not supported; write \\[ for a literal [")
            case "&" where peek(1) == "&":
                throw error("set operations (&&) are not supported")
            case "-" where peek(1) == "-":
                throw error("set operations (--) are not supported; write \\- for a literal -")
            case "\\":
                switch try parseEscape(inSet: true) {
                case .scalar(let value): return .scalar(value)
                case .escape(let escape): return .escape(escape)
                default: throw error("unsupported escape inside a class")
                }
            default:
                position += 1
                return .scalar(scalar)
            }
        }
    }
}

func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.isASCII else { return false }
    let value = UInt8(scalar.value)
    return (value >= 0x21 && value <= 0x2F) || (value >= 0x3A && value <= 0x40) || (value >= 0x5B && value <= 0x60)
        || (value >= 0x7B && value <= 0x7E)
}
