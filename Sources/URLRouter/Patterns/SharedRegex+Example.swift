/// Texts a regex matches, for the linter's example URLs: built from the parsed nodes, then
/// checked by a real lookup (lookarounds and anchors are not solved, only skipped).
extension SharedRegex {
    /// Up to two non-empty texts the regex may match as a whole: each repetition at its least
    /// count (at least once where the whole would be empty), and each at one more.
    public var examples: [String] {
        var found: [String] = []
        for extra in 0...1 {
            var text = ""
            Self.example(root, extra: extra, into: &text)
            if text.isEmpty {
                Self.example(root, extra: extra + 1, into: &text)
            }
            if !text.isEmpty, !found.contains(text) { found.append(text) }
        }
        return found
    }

    private static func example(_ node: Node, extra: Int, into text: inout String) {
        switch node {
        case .scalar(let scalar): text.unicodeScalars.append(scalar)
        case .any: text += "a"
        case .escape(let escape): text += example(of: escape)
        case .set(let negated, let items):
            if !negated, let first = items.first {
                switch first {
                case .scalar(let scalar): text.unicodeScalars.append(scalar)
                case .range(let low, _): text.unicodeScalars.append(low)
                case .escape(let escape): text += example(of: escape)
                }
            } else {
                let excluded = items
                let pick = ["a", "0", "x", "Z", "-", "_", "~"].first { candidate in
                    let scalar = candidate.unicodeScalars.first!
                    return !excluded.contains { item in
                        switch item {
                        case .scalar(let other): return other == scalar
                        case .range(let low, let high): return low <= scalar && scalar <= high
                        case .escape(let escape): return example(of: escape) == candidate
                        }
                    }
                }
                text += pick ?? "a"
            }
        case .start, .end, .boundary: break
        case .group(let kind, let body):
            if !kind.isLookaround { example(body, extra: extra, into: &text) }
        case .concat(let nodes):
            for node in nodes { example(node, extra: extra, into: &text) }
        case .alternation(let branches):
            if let first = branches.first { example(first, extra: extra, into: &text) }
        case .repetition(let body, let min, let max, _):
            let count = Swift.min(min + extra, max ?? Int.max)
            for _ in 0..<count { example(body, extra: extra, into: &text) }
        }
    }

    private static func example(of escape: ClassEscape) -> String {
        switch escape {
        case .digit: return "0"
        case .notDigit, .word: return "a"
        case .notWord: return "-"
        case .space: return " "
        case .notSpace: return "a"
        case .vertical: return "\n"
        }
    }
}

extension CompositePattern {
    /// A segment the in-segment pattern matches: its literal text, with `filler` for each
    /// capture and star (an empty capture may not match).
    public func example(filler: String = "x") -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): return text
            case .capture, .star: return filler
            }
        }.joined()
    }
}
