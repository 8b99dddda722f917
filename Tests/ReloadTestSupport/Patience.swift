/// How long a test waits for a route-file watcher before it fails.
///
/// The watcher runs on the shared concurrency pool, which the suites' long synchronous tests
/// (random tables, the fuzz seeds, the linted route sets) hold for most of a run on a machine of
/// two cores: a tick the watcher asked for can wait until they are done. So the wait is bounded
/// by the whole run, not by the watcher's interval; a watcher that works ends it as soon as it
/// reloads, and one that does not still fails the test.
public enum Patience: Sendable {
    /// The longest wait, in seconds: longer than a whole test run.
    public static let seconds: Double = 600

    /// Waits until `condition` holds or ``seconds`` pass, looking every 10 ms.
    public static func wait(until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }
}
