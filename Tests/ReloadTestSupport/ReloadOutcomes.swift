import Synchronization
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter

/// The outcomes a route-file watcher reported, in order, for tests that wait for them.
public final class ReloadOutcomes: Sendable {
    private let list = Mutex<[ReloadOutcome]>([])

    /// An empty list.
    public init() {}

    /// Records `outcome` (a watcher's `onOutcome`).
    public func append(_ outcome: ReloadOutcome) { list.withLock { $0.append(outcome) } }

    /// Every outcome so far.
    public var all: [ReloadOutcome] { list.withLock { $0 } }

    /// Waits until there are `count` outcomes, or ``Patience/seconds`` pass; returns them.
    public func wait(for count: Int) async throws -> [ReloadOutcome] {
        try await Patience.wait { all.count >= count }
        return all
    }
}
