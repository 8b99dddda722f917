/// A route's place in precedence order (SEMANTICS.md section 3), as words compared in order: the
/// one definition that the compiled table sorts its routes by and that `urlrouter match --explain`
/// and `lint` read the deciding rule from.
///
/// The words, in order: the priority (higher first); the host pattern's class and its number of
/// labels (SEMANTICS.md section 11: all literal, then with a `{name}`, then starting with `*`,
/// then no host pattern; more labels first); one rank per position of the pattern
/// (``CompiledRoute/PositionRank``) and the rank of the pattern's end, so that a shorter route
/// compares its end with a longer one's next position; scheme-bound before scheme-less; the
/// method tier; the registration order.
@_spi(Tools) public enum PrecedenceKey: Sendable {
    /// Appends the words of one route's key to `words`.
    public static func append(
        priority: Int, host: HostPattern?, elements: [RouteElement], schemeBound: Bool, method: String?,
        sequence: Int, to words: inout [UInt64]
    ) {
        let (priorityWord, hostWord) = leadingWords(priority: priority, host: host)
        words.append(priorityWord)
        words.append(hostWord)
        for element in elements { words.append(CompiledRoute.PositionRank(element).word) }
        words.append(CompiledRoute.PositionRank.ended.word)
        words.append(schemeBound ? 0 : 1)
        words.append(UInt64(HTTPMethodName.tier(method)))
        words.append(UInt64(sequence))
    }

    /// The first two words, which decide before the path does (SEMANTICS.md section 3, steps 1
    /// and 2): the priority, then the host pattern's class and number of labels.
    static func leadingWords(priority: Int, host: HostPattern?) -> (priority: UInt64, host: UInt64) {
        // Priority descending: flip the sign bit (order-preserving), then every bit (reversing).
        let priorityWord = ~(UInt64(bitPattern: Int64(priority)) ^ (1 << 63))
        let hostWord = UInt64(host?.rankClass ?? 3) << 32 | UInt64(UInt32.max - UInt32(clamping: host?.labelCount ?? 0))
        return (priorityWord, hostWord)
    }

    /// Whether key `a` comes before key `b`.
    public static func precedes(_ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>) -> Bool {
        guard let index = firstDifference(a, b) else { return a.count < b.count }
        return a[index] < b[index]
    }

    /// The index of the first word where `a` and `b` differ, or `nil` when one is a prefix of the other.
    static func firstDifference(_ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>) -> Int? {
        var index = 0
        while index < a.count, index < b.count {
            if a[index] != b[index] { return index }
            index += 1
        }
        return nil
    }

    /// The rule of the word at `index` where two keys first differ, `positions` the number of
    /// positions of the shorter pattern (two keys that are equal past it have as many).
    static func rule(ofWord index: Int, positions: Int) -> PrecedenceExplanation.Rule {
        switch index {
        case 0: .priority
        case 1: .host
        case 2...(positions + 2): .specificity(position: index - 1)
        case positions + 3: .scheme
        case positions + 4: .method
        default: .registrationOrder
        }
    }
}
