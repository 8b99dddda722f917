/// Matches one segment against an in-segment pattern (`{id}.jpg`, `img-{w}x{h}`, `*.tar.*`).
///
/// The pattern is `L0 W1 L1 … Wk Lk`: literals (possibly empty) around wildcards (captures or
/// stars). Wildcards take as much as they can from the left while the rest still matches,
/// which is the same as placing every literal after `L0` as far right as it can go: `Lk` at
/// the end, then each earlier literal at its rightmost occurrence that ends before the next.
/// If that placement fails, no placement exists. Work: O(n × total literal length).
///
/// Text is compared as UTF-8 bytes of the comparison form, where `%2F` and `%25` are single
/// units: a literal may only start, and a wildcard only begin or end, on a unit boundary.
struct CompositeMatcher: Sendable {
    /// `L0`, then for each wildcard whether it captures and the literal after it.
    let head: [UInt8]
    let tail: [(captures: Bool, literal: [UInt8])]
    let caseInsensitive: Bool

    /// Prepares `pattern`; literals compare ASCII-case-insensitively when `caseInsensitive`.
    init(_ pattern: CompositePattern, caseInsensitive: Bool) {
        var head: [UInt8] = []
        var tail: [(captures: Bool, literal: [UInt8])] = []
        for piece in pattern.pieces {
            switch piece {
            case .literal(let text):
                if tail.isEmpty { head += Array(text.utf8) } else { tail[tail.count - 1].literal += Array(text.utf8) }
            case .capture: tail.append((true, []))
            case .star: tail.append((false, []))
            }
        }
        self.head = head
        self.tail = tail
        self.caseInsensitive = caseInsensitive
    }

    /// The byte ranges of the captures in `segment`, or `nil` when it does not match.
    func match(_ segment: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        let count = segment.count
        guard count >= head.count, equal(segment, at: 0, head) else { return nil }
        guard !tail.isEmpty else { return count == head.count ? [] : nil }
        // starts[i]: where the literal after wildcard i begins.
        var starts = [Int](repeating: 0, count: tail.count)
        var limit = count  // the literal must end at or before `limit`
        for index in stride(from: tail.count - 1, through: 0, by: -1) {
            let literal = tail[index].literal
            var position = limit - literal.count
            if index == tail.count - 1 {
                // The last literal sits at the very end.
                guard position >= head.count, isBoundary(segment, position), equal(segment, at: position, literal)
                else {
                    return nil
                }
            } else {
                while position >= head.count, !(isBoundary(segment, position) && equal(segment, at: position, literal))
                {
                    position -= 1
                }
                guard position >= head.count else { return nil }
            }
            starts[index] = position
            limit = position
        }
        var captures: [Range<Int>] = []
        var begin = head.count
        for (index, wildcard) in tail.enumerated() {
            if wildcard.captures { captures.append(begin..<starts[index]) }
            begin = starts[index] + wildcard.literal.count
        }
        return captures
    }

    /// Whether `position` is not inside a `%2F`/`%25` unit.
    func isBoundary(_ text: UnsafeBufferPointer<UInt8>, _ position: Int) -> Bool {
        !(position >= 1 && text[position - 1] == UInt8(ascii: "%"))
            && !(position >= 2 && text[position - 2] == UInt8(ascii: "%"))
    }

    func equal(_ text: UnsafeBufferPointer<UInt8>, at position: Int, _ literal: [UInt8]) -> Bool {
        guard position >= 0, position + literal.count <= text.count else { return false }
        if caseInsensitive {
            for index in literal.indices where asciiLower(text[position + index]) != asciiLower(literal[index]) {
                return false
            }
        } else {
            for index in literal.indices where text[position + index] != literal[index] { return false }
        }
        return true
    }
}

extension CompositeMatcher {
    /// The captures of the segment at UTF-8 offsets `range` of `storage`, as ranges of `storage`,
    /// or `nil` when it does not match.
    func captures(in storage: String, at range: Range<Int>) -> RangeList? {
        var captures = RangeList()
        let matched =
            storage.utf8.withContiguousStorageIfAvailable { bytes in
                appendCaptures(of: UnsafeBufferPointer(rebasing: bytes[range]), offset: range.lowerBound, to: &captures)
            }
            ?? Array(storage.utf8)[range].withUnsafeBufferPointer {
                appendCaptures(of: $0, offset: range.lowerBound, to: &captures)
            }
        return matched ? captures : nil
    }

    /// The captures of `segment` (bytes), appended to `captures` shifted by `offset`; `false` when it does not match.
    func appendCaptures(of segment: UnsafeBufferPointer<UInt8>, offset: Int, to captures: inout RangeList)
        -> Bool
    {
        guard let found = match(segment) else { return false }
        for range in found { captures.append((range.lowerBound + offset)..<(range.upperBound + offset)) }
        return true
    }

    /// ``appendCaptures(of:offset:to:)-(_,_,RangeList)`` into a lookup's lent room.
    func appendCaptures(of segment: UnsafeBufferPointer<UInt8>, offset: Int, to captures: inout RangeBuffer)
        -> Bool
    {
        guard let found = match(segment) else { return false }
        for range in found { captures.append((range.lowerBound + offset)..<(range.upperBound + offset)) }
        return true
    }
}
