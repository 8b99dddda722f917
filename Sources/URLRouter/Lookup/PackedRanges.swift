/// Up to eight UTF-8 byte ranges whose bounds fit in 32 bits, packed two bounds to a word: a
/// value that holds no reference, so copying it copies bits and destroying it does nothing.
///
/// The ranges of a typical URL (its segments, a match's captures) fit; ``RangeList`` adds an
/// array for those that do not.
@usableFromInline
struct PackedRanges: Sendable {
    /// The most ranges a value holds.
    @usableFromInline static let capacity = 8

    // A tuple rather than an `InlineArray`: copying it then copies these words inline instead of
    // through a generic value witness.
    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
    )
    /// The number of ranges.
    @usableFromInline private(set) var count = 0

    /// No ranges.
    @inlinable
    init() {}

    /// The ranges of `buffer`, or `nil` when there are more than ``capacity`` or a bound does not
    /// fit in 32 bits.
    init?(_ buffer: RangeBuffer) {
        let count = buffer.count
        guard count <= Self.capacity else { return nil }
        guard count > 0, let base = buffer.base else { return }
        // Bounds are not negative: the bitwise or of the upper bounds fits in 32 bits exactly
        // when each does, so one pass packs and checks.
        var upperBounds = 0
        withUnsafeMutablePointer(to: &words) { tuple in
            let words = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: UInt64.self)
            for index in 0..<count {
                let range = base[index]
                upperBounds |= range.upperBound
                words[index] =
                    UInt64(truncatingIfNeeded: range.lowerBound) << 32 | UInt64(truncatingIfNeeded: range.upperBound)
            }
        }
        guard upperBounds <= Int(UInt32.max) else { return nil }
        self.count = count
    }

    /// The range at `position`.
    @inlinable
    subscript(position: Int) -> Range<Int> {
        precondition(position >= 0 && position < count, "range index out of bounds")
        let packed = withUnsafeBytes(of: words) { $0.load(fromByteOffset: position &* 8, as: UInt64.self) }
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }

    /// Adds `range` at the end, or answers `false` (changing nothing) when the value is full or
    /// a bound does not fit.
    @inlinable
    mutating func append(_ range: Range<Int>) -> Bool {
        guard count < Self.capacity, range.upperBound <= Int(UInt32.max) else { return false }
        let packed = UInt64(range.lowerBound) << 32 | UInt64(range.upperBound)
        let slot = count
        withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: packed, toByteOffset: slot &* 8, as: UInt64.self) }
        count += 1
        return true
    }
}
