/// Numbers from a fixed seed (a 64-bit linear congruential generator): a test's random inputs are
/// the same on every run, so a failure names an input that fails again.
struct SeededNumbers {
    private var state: UInt64

    /// The numbers that start from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next number, below `bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
