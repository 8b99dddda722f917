#if Reloading
public import ServiceLifecycle
import UnixSignals

/// Reloads a ``LiveRouteTable`` from its route file while a server runs: when the file changes
/// (written in place, replaced by rename, or reached through a symbolic link that is swapped, as
/// Kubernetes updates a mounted ConfigMap) and on `SIGHUP`. A swift-service-lifecycle `Service`:
/// run it in the server's `ServiceGroup`.
///
/// ```swift
/// let handlers: [String: Handler] = ["listUsers": listUsers, "showUser": showUser]
/// let table = try LiveRouteTable<Handler>(contentsOf: "routes.txt") { handlers[$0 ?? ""] }
/// let watcher = RouteFileWatcher(table: table, path: "routes.txt") { handlers[$0 ?? ""] }
/// let group = ServiceGroup(services: [server, watcher], logger: logger)
/// ```
///
/// It looks at the file every poll interval (stat, not a read) and reads it only once it has
/// stopped changing: the file's identity, size and times the same at two looks in a row, and
/// again after the read. A file a writer is still writing is therefore never read as a table
/// unless the writer pauses for longer than the interval; writing a new file and renaming it over
/// the old one, as deploy tools and Kubernetes do, is atomic and needs no pause. A change is
/// served within two intervals (half a second by default) plus the compile.
///
/// With a ``TrialPolicy`` (`trial:`), a changed file is put on trial beside the serving table
/// (``LiveRouteTable/startTrial(contentsOf:policy:value:)``) rather than swapped in at once: it
/// serves once the operator or the policy promotes it.
///
/// Each change goes through ``LiveRouteTable/reload(contentsOf:value:)``: a file that cannot be
/// read, that is malformed, or that names a handler `value` does not know is rejected with every
/// problem and its line, the last good table serving on; a file read again unchanged is a no-op.
/// Each outcome is handed to `onOutcome` (besides the table's own log and metrics). Nothing a
/// file holds ends the service: ``run()`` returns at graceful shutdown and throws only
/// `CancellationError` when its task is cancelled.
public struct RouteFileWatcher<Value: Sendable>: Service {
    /// The table it reloads.
    public let table: LiveRouteTable<Value>
    /// The route file's path, as given.
    let path: String
    /// How often the file is looked at.
    let pollInterval: Duration
    /// Whether `SIGHUP` reloads the file at once, changed or not.
    let reloadsOnHangup: Bool
    private let value: @Sendable (RouteFile.Route) -> Value?
    private let onOutcome: @Sendable (ReloadOutcome) -> Void
    /// When set, a changed file goes on trial rather than serving at once.
    let trial: TrialPolicy?
    /// The file as it was when the watcher was made: the table serving was read from it.
    private let initialStamp: FileStamp

    /// Makes a watcher for `table`, whose current table was read from `path`; make it right after
    /// the table, so that a change between the two is not missed.
    ///
    /// - Parameters:
    ///   - table: the live table to reload.
    ///   - path: the route file.
    ///   - pollInterval: how often the file is looked at; 250 ms by default.
    ///   - reloadsOnHangup: whether `SIGHUP` reloads the file at once; `true` by default.
    ///   - value: the value of the routes whose line names `handler`, as
    ///     ``LiveRouteTable/init(contentsOf:options:backend:fixedRoutes:fixedRewriteRules:name:logger:value:)``
    ///     takes it; `nil` rejects the file.
    ///   - trial: when given, a changed file is put on trial under this policy rather than
    ///     swapped in; `nil` (the default) swaps it in at once.
    ///   - onOutcome: called with the outcome of each reload (not of a file put on trial), on
    ///     the watcher's task.
    public init(
        table: LiveRouteTable<Value>, path: String, pollInterval: Duration = .milliseconds(250),
        reloadsOnHangup: Bool = true, trial: TrialPolicy? = nil,
        value: @escaping @Sendable (_ handler: String?) -> Value?,
        onOutcome: @escaping @Sendable (ReloadOutcome) -> Void = { _ in }
    ) {
        self.init(
            table: table, path: path, pollInterval: pollInterval, reloadsOnHangup: reloadsOnHangup, trial: trial,
            valueOfRoute: { value($0.handler) }, onOutcome: onOutcome)
    }

    /// ``init(table:path:pollInterval:reloadsOnHangup:trial:value:onOutcome:)``, each route's value
    /// made from the whole route (for the integrations).
    @_spi(Tools) public init(
        table: LiveRouteTable<Value>, path: String, pollInterval: Duration = .milliseconds(250),
        reloadsOnHangup: Bool = true, trial: TrialPolicy? = nil,
        valueOfRoute value: @escaping @Sendable (RouteFile.Route) -> Value?,
        onOutcome: @escaping @Sendable (ReloadOutcome) -> Void = { _ in }
    ) {
        self.trial = trial
        self.table = table
        self.path = path
        self.pollInterval = pollInterval
        self.reloadsOnHangup = reloadsOnHangup
        self.value = value
        self.onOutcome = onOutcome
        initialStamp = FileStamp(path: path)
    }

    /// Watches the file until graceful shutdown (then returns) or cancellation (then throws
    /// `CancellationError`).
    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingTaskGroup { group in
                    let (triggers, continuation) = AsyncStream.makeStream(
                        of: Trigger.self, bufferingPolicy: .bufferingNewest(16))
                    group.addTask {
                        while true {
                            try await Task.sleep(for: pollInterval)
                            continuation.yield(.tick)
                        }
                    }
                    if reloadsOnHangup {
                        group.addTask {
                            for await _ in await UnixSignalsSequence(trapping: .sighup) { continuation.yield(.hangup) }
                        }
                    }
                    group.addTask { try await watch(triggers) }
                    // Until cancelled: the polling and the watching end only by throwing
                    // `CancellationError` (a signal sequence that ends, say, ends nothing else).
                    for try await _ in group {}
                }
            }
        } catch is CancellationError where Task.isShuttingDownGracefully {
            return
        }
    }

    /// What makes the watcher look at the file.
    enum Trigger: Sendable {
        /// The poll interval passed.
        case tick
        /// `SIGHUP`: read the file now.
        case hangup
    }

    /// Looks at the file on each trigger, and reloads it once it has settled (``FileSettling``).
    /// Throws `CancellationError` when cancelled; nothing else.
    func watch(_ triggers: some AsyncSequence<Trigger, Never>) async throws {
        var settling = FileSettling(loaded: initialStamp)
        for await trigger in triggers {
            try Task.checkCancellation()
            let stamp = FileStamp(path: path)
            guard settling.shouldRead(stamp, forced: trigger == .hangup) else { continue }
            let file: Result<RouteFile, RouteValidationError>
            do throws(RouteValidationError) {
                file = .success(try RouteFile(contentsOf: path))
            } catch {
                file = .failure(error)
            }
            // A file that changed while it was read is not served: it is read again once it settles.
            guard settling.read(stamp, finishedAt: FileStamp(path: path)) else { continue }
            switch file {
            case .success(let file):
                if let trial {
                    if let outcome = table.startTrial(file, policy: trial, valueOfRoute: value) { onOutcome(outcome) }
                } else {
                    onOutcome(table.reload(file, valueOfRoute: value))
                }
            case .failure(let error): onOutcome(table.reject(error, source: path))
            }
        }
        try Task.checkCancellation()
    }
}

#endif
