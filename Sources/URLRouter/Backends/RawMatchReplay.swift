/// Engine calls recorded from real lookups (see ``RawMatchRecording``).
@_spi(Tools) public protocol RawMatchReplay: AnyObject {
    /// How many lookups were recorded.
    var lookupCount: Int { get }
    /// How many calls were recorded, over all lookups.
    var callCount: Int { get }
    /// The winner (route index) each call answered when it was recorded, `-1` for no match.
    var recordedWinners: [Int] { get }
    /// Makes every recorded call once more and reads its winner; returns the winners' sum (so
    /// the calls cannot be optimized away), counting `-1` for no match.
    func replay() -> Int
    /// ``replay()`` for the calls of lookup `index` only.
    func replay(lookup index: Int) -> Int
}
