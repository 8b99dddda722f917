/// A snapshot published to every thread as a ``LiveRouteTable`` publishes its table: replaced
/// under a lock, read without one through each thread's own copy (`PublishedSnapshot`). For the
/// handler router, whose snapshot of routes, rules and handlers changes as routes are registered.
@_spi(HandlerRouter) public final class SnapshotPublisher<Snapshot: AnyObject & Sendable>: Sendable {
    private let published: PublishedSnapshot
    private let threadCopy: @Sendable (Snapshot) -> Snapshot

    /// Publishes `snapshot` as `version`; `threadCopy` makes the copy each thread keeps: a new
    /// object sharing the snapshot's contents, so that a lookup retains only its thread's object.
    public init(_ snapshot: Snapshot, version: Int, threadCopy: @escaping @Sendable (Snapshot) -> Snapshot) {
        self.threadCopy = threadCopy
        published = PublishedSnapshot(ThreadCopy(snapshot, threadCopy), version: version)
    }

    /// The current snapshot, as this thread's copy.
    public func current() -> Snapshot {
        unsafeDowncast(published.current(), to: ThreadCopy.self).snapshot
    }

    /// Replaces the snapshot, unless it is already as new as `version`: lookups that start after
    /// this returns use the newer; those under way finish on theirs.
    public func publish(_ snapshot: Snapshot, version: Int) {
        published.publish(ThreadCopy(snapshot, threadCopy), version: version)
    }

    /// One thread's copy of a snapshot.
    private final class ThreadCopy: ThreadCopyable {
        let snapshot: Snapshot
        let copy: @Sendable (Snapshot) -> Snapshot

        init(_ snapshot: Snapshot, _ copy: @escaping @Sendable (Snapshot) -> Snapshot) {
            self.snapshot = snapshot
            self.copy = copy
        }

        func threadCopy() -> AnyObject { ThreadCopy(copy(snapshot), copy) }
    }
}
