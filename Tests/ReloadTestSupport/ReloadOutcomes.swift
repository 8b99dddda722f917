import Synchronization
public import URLRouter

/// The outcomes a route-file watcher reported, in order, for tests that wait for them.
public final class ReloadOutcomes: Sendable {
    private let list = Mutex<[ReloadOutcome]>([])

    /// An empty list.
    public init() {}

    /// Records `outcome` (a watcher's `onOutcome`).
    public func append(_ outcome: ReloadOutcome) { list.withLock { $0.append(outcome) } }

    /// Every outcome so far.
    public var all: [ReloadOutcome] { list.withLock { $0 } }

    /// Waits up to `seconds` for `count` outcomes (long: a test that blocks the thread pool, as the
    /// stress tests do, delays the watcher); returns them.
    public func wait(for count: Int, seconds: Double = 60) async throws -> [ReloadOutcome] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while all.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return all
    }
}
