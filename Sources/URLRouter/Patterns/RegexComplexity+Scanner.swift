extension RegexComplexity {
    /// The expression's points in a form that is cheap to run over bytes: a point-set simulation,
    /// one step per scalar (ASCII exactly; any other scalar matches every point whose class
    /// holds other scalars, which only lets it read further).
    struct Scanner: Sendable {
        let ascii: [(UInt64, UInt64)]
        let other: [Bool]
        let first: [Int]
        let follow: [[Int]]

        init(_ graph: Graph) {
            ascii = graph.classes.map(\.ascii)
            other = graph.classes.map { if case .none = $0.other { return false } else { return true } }
            first = graph.first.keys.sorted()
            follow = graph.follow.map { $0.keys.sorted() }
        }

        func matches(_ point: Int, _ byte: UInt8) -> Bool {
            if byte >= 0x80 { return other[point] }
            let bits = ascii[point]
            return byte < 64 ? bits.0 & (1 << UInt64(byte)) != 0 : bits.1 & (1 << UInt64(byte - 64)) != 0
        }

        func readableBytes(_ text: UnsafeBufferPointer<UInt8>) -> Int {
            // The points in progress (few: the expression is unambiguous), without a set.
            var current: [Int] = []
            var candidates = first
            var index = 0
            while index < text.count {
                let byte = text[index]
                current.removeAll(keepingCapacity: true)
                for point in candidates where matches(point, byte) && !current.contains(point) {
                    current.append(point)
                }
                if current.isEmpty { return index }
                // A scalar's continuation bytes belong to the step its lead byte took.
                index += 1
                while index < text.count, text[index] & 0xC0 == 0x80 { index += 1 }
                candidates.removeAll(keepingCapacity: true)
                for point in current { candidates.append(contentsOf: follow[point]) }
            }
            return text.count
        }
    }
}
