import Logging
import Synchronization
@_spi(HandlerRouter) import URLRouter

/// How lookups see the router: an immutable snapshot of its routes and rules, rebuilt on the
/// first lookup after a change, published to all threads, and copied per thread.
extension Router {
    /// One compiled, consistent view of the router: the routes as a typed table of handlers.
    /// What lookups use between two changes: a class, so taking it out of the lock copies one
    /// reference rather than the table's fields.
    final class Snapshot: Sendable {
        let generation: Int
        let routes: RouteTable<RouteHandler>
        let unmatchedHandler: (@Sendable (RouteMiss) -> Void)?

        init(generation: Int, routes: RouteTable<RouteHandler>, unmatchedHandler: (@Sendable (RouteMiss) -> Void)?) {
            self.generation = generation
            self.routes = routes
            self.unmatchedHandler = unmatchedHandler
        }

        /// A new snapshot sharing this one's contents, for one thread to keep.
        func threadCopy() -> Snapshot {
            Snapshot(generation: generation, routes: routes, unmatchedHandler: unmatchedHandler)
        }
    }

    /// Records a change made under `state`'s lock; the next lookup rebuilds the snapshot.
    func changed(_ state: inout State) {
        state.generation += 1
        changes.store(state.generation, ordering: .releasing)
    }

    /// The snapshot for a lookup on this thread: between changes, this thread's own copy of the
    /// published one (`SnapshotPublisher`, as a live table's), or a new one after a change.
    func snapshot() -> Snapshot {
        let wanted = changes.load(ordering: .acquiring)
        let current = published.current()
        return current.generation >= wanted ? current : rebuilt()
    }

    /// Compiles the routes and rules as they are now and publishes them.
    func rebuilt() -> Snapshot {
        let (registry, rules, handlers, unmatched, generation) = state.withLock { state in
            (state.registry, state.rules, state.handlers, state.unmatchedHandler, state.generation)
        }
        // The live registrations, renumbered in order: handle i is the i-th handler of the table.
        let (compact, live) = registry.renumbered()
        // Every live registration has its handler: both are added and removed under the lock.
        let values = live.map { handlers[$0.handle]! }
        let routes: RouteTable<RouteHandler>
        do {
            routes = try RouteTable(registry: compact, rules: rules, values: values, backend: backend)
        } catch {
            // Every pattern and rule compiled on its own when added, and tables too large for one
            // pattern are split into several, so this takes an engine failure (out of memory for JIT
            // code, say). Lookups still get answers, from the reference backend, and the fact is
            // reported where callers can read it: `table.fallbackReason`.
            logger.error(
                "backend could not compile the table; using the Foundation backend", metadata: ["error": "\(error)"])
            let reason = "the \(backend.name) backend could not compile the table: \(error)"
            routes =
                (try? RouteTable(
                    registry: compact, rules: rules, values: values, backend: .foundation, fallbackReason: reason))
                ?? RouteTable(empty: options, fallbackReason: reason)
        }
        let snapshot = Snapshot(generation: generation, routes: routes, unmatchedHandler: unmatched)
        published.publish(snapshot, version: generation)
        return snapshot
    }
}
