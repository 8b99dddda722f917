public import Logging

/// A route table that changes while it serves: lookups read the current table without a lock,
/// and a change compiles and validates the whole new table off the lookup path, then swaps it in
/// at once, or is rejected with every problem while the last good table keeps serving.
///
/// ```swift
/// let handlers: [String: Handler] = ["listUsers": listUsers, "showUser": showUser]
/// let live = try LiveRouteTable<Handler>(contentsOf: "routes.txt") { handlers[$0 ?? ""] }
/// // A request:
/// if case .success(let match) = live.lookup(method: "GET", url: "/users/42") { … match.value … }
/// // A deploy rewrote routes.txt:
/// let outcome = live.reload(contentsOf: "routes.txt") { handlers[$0 ?? ""] }
/// print(outcome)   // route table v2: 12 routes from routes.txt
/// ```
///
/// - A lookup finishes on the table it started with, whatever swaps happen meanwhile.
/// - A change whose routes, rewrite rules and options equal the serving table's is a no-op
///   (``ReloadOutcome/Kind/unchanged``): nothing is compiled or swapped.
/// - The version starts at 1 and goes up by one on each swap.
/// - A replaced table is freed once every thread that looked up through it has made its next
///   lookup through this live table (each thread keeps its own reference to the table it used
///   last, for speed): a thread that never looks up again keeps one until it exits.
/// - Each change is counted (`urlrouter_reloads_total`, with `outcome` `success`, `rejected` or
///   `unchanged`, and `table`, the live table's name), the routes served are a gauge
///   (`urlrouter_routes`), both with swift-metrics, and each outcome is logged.
///
/// `RouteFileWatcher` (with the `Reloading` trait) reloads one from a file as the file changes.
public final class LiveRouteTable<Value: Sendable>: Sendable {
    /// One table and its version: what a lookup reads.
    @usableFromInline
    final class Snapshot: ThreadCopyable {
        @usableFromInline let table: RouteTable<Value>
        let version: Int
        /// What the table was made from, to tell an unchanged table.
        let definition: TableDefinition<Value>
        /// The candidate on trial beside the table, if there is one.
        @usableFromInline let trial: CandidateTrial<Value>?

        init(
            table: RouteTable<Value>, version: Int, definition: TableDefinition<Value>,
            trial: CandidateTrial<Value>? = nil
        ) {
            self.table = table
            self.version = version
            self.definition = definition
            self.trial = trial
        }

        @usableFromInline func threadCopy() -> AnyObject {
            Snapshot(table: table, version: version, definition: definition, trial: trial)
        }

        /// The same table with `trial` beside it (or none).
        func with(trial: CandidateTrial<Value>?) -> Snapshot {
            Snapshot(table: table, version: version, definition: definition, trial: trial)
        }

        /// The table's lookup, borrowing the table in place (`snapshot.table.lookup` would copy
        /// the table, retaining each of its fields).
        @inlinable
        func lookup(method: String?, url: String, variants: [String]) -> Result<RouteTable<Value>.Match, RouteMiss> {
            table.lookup(method: method, url: url, variants: variants)
        }

        /// The table's borrowed lookup, borrowing the table in place.
        @inlinable
        func withMatch<Result>(
            method: String?, url: String, variants: [String], _ body: (borrowing RouteTable<Value>.Lookup) -> Result
        ) -> Result {
            table.withMatch(method: method, url: url, variants: variants, body)
        }

        /// The table's borrowed lookup on the host when it routes on hosts, borrowing the table in place.
        func withMatch<Result>(
            method: String?, routingHost host: () -> String?, url: String,
            _ body: (borrowing RouteTable<Value>.Lookup) -> Result
        ) -> Result {
            table.withMatch(method: method, routingHost: host, url: url, body)
        }

        /// The table's lookup on a host, borrowing the table in place.
        @inlinable
        func lookup(method: String?, host: String?, url: String, variants: [String]) -> Result<
            RouteTable<Value>.Match, RouteMiss
        > {
            table.lookup(method: method, host: host, url: url, variants: variants)
        }

        /// The table's borrowed lookup on a host, borrowing the table in place.
        @inlinable
        func withMatch<Result>(
            method: String?, host: String?, url: String, variants: [String],
            _ body: (borrowing RouteTable<Value>.Lookup) -> Result
        ) -> Result {
            table.withMatch(method: method, host: host, url: url, variants: variants, body)
        }
    }

    @usableFromInline let snapshot: PublishedSnapshot
    /// The serving snapshot and the last outcome. A change holds this lock throughout, so changes
    /// run one at a time; lookups never take it.
    private let state: LockedValue<State>
    private struct State {
        var serving: Snapshot
        var lastOutcome: ReloadOutcome
        /// How many snapshots were published: a trial's start and end publish the serving table
        /// again, with or without it, so that every thread's lookups see it.
        var publications = 1
        /// The report of the last trial that ended.
        var lastTrial: TrialReport?
    }
    private let options: RouterOptions
    private let backend: RouterBackend
    /// Routes given in code that every table read from a file serves beside the file's.
    private let fixedRoutes: [RouteTable<Value>.Route]
    /// Rewrite rules given in code that every table read from a file applies before the file's.
    private let fixedRewriteRules: [(expression: String, target: String)]
    private let name: String
    private let logger: Logger
    private let metrics: ReloadMetrics

    /// Makes a live table serving `routes` and `rewriteRules`, as version 1.
    ///
    /// - Parameters:
    ///   - routes: the first table's routes.
    ///   - rewriteRules: its `(expression, target)` rewrite rules.
    ///   - options: the options of every table it serves.
    ///   - backend: the backend that compiles every table it serves.
    ///   - name: the live table's name in metrics (`table` dimension) and logs.
    ///   - logger: where outcomes are logged; quiet by default.
    /// - Throws: ``RouteValidationError`` with every refused route and rule.
    public convenience init(
        _ routes: [RouteTable<Value>.Route], rewriteRules: [(expression: String, target: String)] = [],
        options: RouterOptions = RouterOptions(), backend: RouterBackend = .default, name: String = "routes",
        logger: Logger? = nil
    ) throws(RouteValidationError) {
        let definition = TableDefinition(routes: routes, rewriteRules: rewriteRules, options: options)
        let table = try RouteTable(routes, rewriteRules: rewriteRules, options: options, backend: backend)
        self.init(
            table, definition: definition, source: "code", backend: backend, fixed: ([], []), name: name,
            logger: logger)
    }

    /// Makes a live table serving the routes and rules of the file at `path`, as version 1.
    ///
    /// A route file holds one route per line, `METHOD /pattern`, optionally followed by the name
    /// of the handler that answers it (`GET /users/:id showUser`); `rewrite EXPRESSION TARGET` for
    /// a rewrite rule; blank lines and `#` comments. A file that starts with `{` is a JSON route
    /// map (FTRouter's format, `{"pattern": "Handler"}`), whose routes answer any method.
    ///
    /// - Parameters:
    ///   - path: the route file.
    ///   - options: the options of every table it serves.
    ///   - backend: the backend that compiles every table it serves.
    ///   - fixedRoutes: routes given in code (a server's health check, say) that every table read
    ///     from a file serves too, before the file's in registration order; a file route that
    ///     is the same route as one of them replaces it. None by default.
    ///   - fixedRewriteRules: `(expression, target)` rewrite rules given in code that every table
    ///     read from a file applies, before the file's. None by default.
    ///   - name: the live table's name in metrics and logs.
    ///   - logger: where outcomes are logged; quiet by default.
    ///   - value: the value of the routes whose line names `handler` (`nil` for a line that names
    ///     none), called once per route in file order: usually the handler of that name. `nil`
    ///     refuses the file (a handler the server does not have).
    /// - Throws: ``RouteValidationError`` with every problem of the file, each with its line.
    public convenience init(
        contentsOf path: String, options: RouterOptions = RouterOptions(), backend: RouterBackend = .default,
        fixedRoutes: [RouteTable<Value>.Route] = [], fixedRewriteRules: [(expression: String, target: String)] = [],
        name: String = "routes", logger: Logger? = nil, value: (_ handler: String?) -> Value?
    ) throws(RouteValidationError) {
        try self.init(
            contentsOf: path, options: options, backend: backend, fixedRoutes: fixedRoutes,
            fixedRewriteRules: fixedRewriteRules, name: name, logger: logger, valueOfRoute: { value($0.handler) })
    }

    private init(
        _ table: RouteTable<Value>, definition: TableDefinition<Value>, source: String, backend: RouterBackend,
        fixed: Fixed, name: String, logger: Logger?
    ) {
        let serving = Snapshot(table: table, version: 1, definition: definition)
        let outcome = ReloadOutcome(kind: .success, version: 1, routeCount: table.count, source: source, problems: [])
        snapshot = PublishedSnapshot(serving, version: 1)
        state = LockedValue(State(serving: serving, lastOutcome: outcome))
        options = definition.options
        self.backend = backend
        (fixedRoutes, fixedRewriteRules) = fixed
        self.name = name
        self.logger = logger ?? .quiet
        metrics = ReloadMetrics(table: name)
        report(outcome)
    }

    // MARK: - Lookups

    /// The table serving now, for a lookup.
    @inlinable
    var serving: Snapshot { unsafeDowncast(snapshot.current(), to: Snapshot.self) }

    /// Looks `url` up in the table serving now: ``RouteTable/lookup(method:url:variants:)``.
    @inlinable
    public func lookup(
        method: String?, url: String, variants: [String] = []
    ) -> Result<RouteTable<Value>.Match, RouteMiss> {
        let serving = self.serving
        let answer = serving.lookup(method: method, url: url, variants: variants)
        if let trial = serving.trial, trial.samples(),
            trial.compare(answer.map(\.details), method: method, host: nil, url: url, variants: variants)
        {
            decide(trial)
        }
        return answer
    }

    /// Looks `url` up in the table serving now and lends the answer to `body`:
    /// ``RouteTable/withMatch(method:url:variants:_:)``.
    @inlinable
    public func withMatch<Result>(
        method: String?, url: String, variants: [String] = [], _ body: (borrowing RouteTable<Value>.Lookup) -> Result
    ) -> Result {
        let serving = self.serving
        guard let trial = serving.trial, trial.samples() else {
            return serving.withMatch(method: method, url: url, variants: variants, body)
        }
        return sampledMatch(serving, trial, method: method, host: { nil }, url: url, variants: variants, body)
    }

    /// Looks `url` up on `host` in the table serving now:
    /// ``RouteTable/lookup(method:host:url:variants:)``.
    @inlinable
    public func lookup(
        method: String?, host: String?, url: String, variants: [String] = []
    ) -> Result<RouteTable<Value>.Match, RouteMiss> {
        let serving = self.serving
        let answer = serving.lookup(method: method, host: host, url: url, variants: variants)
        if let trial = serving.trial, trial.samples(),
            trial.compare(answer.map(\.details), method: method, host: host, url: url, variants: variants)
        {
            decide(trial)
        }
        return answer
    }

    /// Looks `url` up on `host` in the table serving now and lends the answer to `body`:
    /// ``RouteTable/withMatch(method:host:url:variants:_:)``.
    @inlinable
    public func withMatch<Result>(
        method: String?, host: String?, url: String, variants: [String] = [],
        _ body: (borrowing RouteTable<Value>.Lookup) -> Result
    ) -> Result {
        let serving = self.serving
        guard let trial = serving.trial, trial.samples() else {
            return serving.withMatch(method: method, host: host, url: url, variants: variants, body)
        }
        return sampledMatch(serving, trial, method: method, host: { host }, url: url, variants: variants, body)
    }

    /// The table serving now.
    public var table: RouteTable<Value> { state.withLock { $0.serving.table } }

    /// What the last change did (for a table that has not changed, its first load).
    public var lastOutcome: ReloadOutcome { state.withLock { $0.lastOutcome } }

    // MARK: - Changes

    /// Replaces the table with one of `routes` and `rewriteRules`, unless they are refused or
    /// equal the serving table's.
    ///
    /// Routes are equal when their patterns, methods, variants, priorities, names and, for an
    /// `Equatable` value, values are; routes of values that are not `Equatable` (closures) are
    /// never equal, so such a change always swaps.
    ///
    /// - Parameters:
    ///   - routes: the new table's routes.
    ///   - rewriteRules: its `(expression, target)` rewrite rules.
    ///   - source: where the change came from, for the outcome and the log.
    /// - Returns: what happened.
    @discardableResult
    public func replace(
        _ routes: [RouteTable<Value>.Route], rewriteRules: [(expression: String, target: String)] = [],
        source: String = "code"
    ) -> ReloadOutcome {
        let definition = TableDefinition(routes: routes, rewriteRules: rewriteRules, options: options)
        return change(source: source, definition: definition) { () throws(RouteValidationError) in
            try RouteTable(routes, rewriteRules: rewriteRules, options: options, backend: backend)
        }
    }

    /// Reads the route file at `path` and replaces the table with its routes and rules, unless
    /// the file is refused or equals the serving table's; a file that cannot be read is a
    /// rejection.
    ///
    /// - Parameters:
    ///   - path: the route file.
    ///   - value: the value of the routes whose line names `handler`, as
    ///     ``init(contentsOf:options:backend:fixedRoutes:fixedRewriteRules:name:logger:value:)``
    ///     takes it; `nil` rejects the file, naming the route's line.
    /// - Returns: what happened; a rejection lists every problem, each with its file and line.
    @discardableResult
    public func reload(contentsOf path: String, value: (_ handler: String?) -> Value?) -> ReloadOutcome {
        reload(contentsOf: path, valueOfRoute: { value($0.handler) })
    }

    /// Records a change that could not even be read (`error`) as a rejection.
    func reject(_ error: RouteValidationError, source: String) -> ReloadOutcome {
        state.withLock { state in record(rejection(error.problems, source: source, serving: state.serving), in: &state)
        }
    }

    /// One change, under the state lock: unchanged, compiled and swapped, or rejected.
    private func change(
        source: String, definition: TableDefinition<Value>,
        compile: () throws(RouteValidationError) -> RouteTable<Value>
    ) -> ReloadOutcome {
        state.withLock { state in
            let serving = state.serving
            if definition == serving.definition {
                let outcome = ReloadOutcome(
                    kind: .unchanged, version: serving.version, routeCount: serving.table.count, source: source,
                    problems: [])
                return record(outcome, in: &state)
            }
            let table: RouteTable<Value>
            do throws(RouteValidationError) {
                table = try compile()
            } catch {
                return record(rejection(error.problems, source: source, serving: serving), in: &state)
            }
            endTrial(of: &state, as: .discarded)
            let next = Snapshot(table: table, version: serving.version + 1, definition: definition)
            publish(next, in: &state)
            let outcome = ReloadOutcome(
                kind: .success, version: next.version, routeCount: table.count, source: source, problems: [])
            return record(outcome, in: &state)
        }
    }

    private func rejection(_ problems: [RouteProblem], source: String, serving: Snapshot) -> ReloadOutcome {
        ReloadOutcome(
            kind: .rejected, version: serving.version, routeCount: serving.table.count, source: source,
            problems: problems)
    }

    private func record(_ outcome: ReloadOutcome, in state: inout State)
        -> ReloadOutcome
    {
        state.lastOutcome = outcome
        report(outcome)
        return outcome
    }

    /// Counts and logs `outcome`.
    private func report(_ outcome: ReloadOutcome) {
        metrics.record(outcome)
        switch outcome.kind {
        case .success, .unchanged:
            logger.info("\(outcome)", metadata: ["table": "\(name)", "version": "\(outcome.version)"])
        case .rejected:
            logger.error(
                "\(outcome)",
                metadata: [
                    "table": "\(name)", "version": "\(outcome.version)",
                    "problems": .array(outcome.problems.map { "\($0)" }),
                ])
        }
    }

    // MARK: - Trials

    /// Compiles a candidate table of `routes` and `rewriteRules` and puts it on trial beside the
    /// serving table, which keeps serving: one lookup in ``TrialPolicy/sampleEvery`` is also
    /// looked up in the candidate, on the request's thread (one more lookup), and each answer the
    /// candidate would change is counted (``trialReport``). The candidate serves only once
    /// promoted, by ``promoteTrial()`` or by the policy; ``discardTrial()`` drops it. A trial
    /// under way is replaced; a swap (``replace(_:rewriteRules:source:)``, a reload) ends it,
    /// discarded.
    ///
    /// - Parameters:
    ///   - routes: the candidate's routes.
    ///   - rewriteRules: its `(expression, target)` rewrite rules.
    ///   - policy: which lookups are sampled, and whether the trial decides by itself.
    ///   - source: where the candidate came from, for the report.
    /// - Throws: ``RouteValidationError`` with every refused route and rule: the candidate never
    ///   enters a trial, and the serving table and any trial under way are untouched.
    public func startTrial(
        _ routes: [RouteTable<Value>.Route], rewriteRules: [(expression: String, target: String)] = [],
        policy: TrialPolicy = TrialPolicy(), source: String = "code"
    ) throws(RouteValidationError) {
        let candidate = try RouteTable(routes, rewriteRules: rewriteRules, options: options, backend: backend)
        let definition = TableDefinition(routes: routes, rewriteRules: rewriteRules, options: options)
        start(
            CandidateTrial(candidate: candidate, definition: definition, policy: policy, source: source, table: name))
    }

    /// Reads the route file at `path` (as ``reload(contentsOf:value:)`` reads it) and puts its
    /// table on trial: ``startTrial(_:rewriteRules:policy:source:)``.
    ///
    /// - Throws: ``RouteValidationError`` with every problem of the file, each with its line: the
    ///   candidate never enters a trial.
    public func startTrial(
        contentsOf path: String, policy: TrialPolicy = TrialPolicy(), value: (_ handler: String?) -> Value?
    ) throws(RouteValidationError) {
        let file = try RouteFile(contentsOf: path)
        let (table, definition) = try Self.compile(
            file, fixed: (fixedRoutes, fixedRewriteRules), options: options, backend: backend,
            value: { value($0.handler) })
        start(CandidateTrial(candidate: table, definition: definition, policy: policy, source: path, table: name))
    }

    /// A watcher's change in trial mode (``RouteFileWatcher``): a file whose table equals the
    /// serving one changes nothing (`unchanged`) and ends a trial under way, discarded; a file
    /// refused is a rejection (the serving table and any trial under way untouched); the
    /// candidate on trial read again changes nothing; any other goes on trial: `nil`.
    func startTrial(
        _ file: RouteFile, policy: TrialPolicy, valueOfRoute value: (RouteFile.Route) -> Value?
    ) -> ReloadOutcome? {
        let compiled: (table: RouteTable<Value>, definition: TableDefinition<Value>)
        do throws(RouteValidationError) {
            compiled = try Self.compile(
                file, fixed: (fixedRoutes, fixedRewriteRules), options: options, backend: backend, value: value)
        } catch {
            return reject(error, source: file.path)
        }
        let (serving, onTrial) = state.withLock { ($0.serving.definition, $0.serving.trial?.definition) }
        if compiled.definition == serving {
            // The file proposes the serving table again: the candidate it proposed before is dropped.
            discardTrial()
            return reload(file, valueOfRoute: value)
        }
        // The candidate on trial, read again: its trial goes on.
        if compiled.definition == onTrial { return nil }
        start(
            CandidateTrial(
                candidate: compiled.table, definition: compiled.definition, policy: policy, source: file.path,
                table: name))
        return nil
    }

    /// The trial under way, or else the last one that ended; `nil` before the first.
    public var trialReport: TrialReport? {
        state.withLock { state in state.serving.trial?.report ?? state.lastTrial }
    }

    /// Swaps the candidate on trial in, as a change does (a new version, counted and logged);
    /// `nil` when no trial is under way.
    @discardableResult
    public func promoteTrial() -> ReloadOutcome? {
        state.withLock { state in
            guard let trial = state.serving.trial else { return nil }
            return promote(trial, in: &state)
        }
    }

    /// Drops the candidate on trial, and answers its report; `nil` when no trial is under way.
    /// The serving table serves on, untouched.
    @discardableResult
    public func discardTrial() -> TrialReport? {
        state.withLock { state in
            guard state.serving.trial != nil else { return nil }
            endTrial(of: &state, as: .discarded)
            publish(state.serving.with(trial: nil), in: &state)
            return state.lastTrial
        }
    }

    /// A sampled borrowed lookup: `body` gets the serving table's answer; then, with it still
    /// lent, the candidate's is compared with it.
    @inlinable
    func sampledMatch<Result>(
        _ serving: Snapshot, _ trial: CandidateTrial<Value>, method: String?, host: () -> String?, url: String,
        variants: [String], _ body: (borrowing RouteTable<Value>.Lookup) -> Result
    ) -> Result {
        let routingHost = host()
        var decides = false
        let result = serving.table.withMatch(method: method, host: routingHost, url: url, variants: variants) {
            servingAnswer in
            let result = body(servingAnswer)
            trial.candidate.withMatch(method: method, host: routingHost, url: url, variants: variants) {
                candidateAnswer in
                decides = trial.record(
                    method: method, host: routingHost, url: url, serving: servingAnswer.resolved,
                    candidate: candidateAnswer.resolved)
            }
            return result
        }
        if decides { decide(trial) }
        return result
    }

    /// Decides `trial`, which has sampled enough: promotes its candidate when few enough answers
    /// changed (``TrialPolicy/promoteAtMostChanged``), else discards it.
    @usableFromInline
    func decide(_ trial: CandidateTrial<Value>) {
        state.withLock { state in
            // Another change may have ended this trial meanwhile.
            guard state.serving.trial === trial else { return }
            if trial.passes {
                _ = promote(trial, in: &state)
            } else {
                endTrial(of: &state, as: .discarded)
                publish(state.serving.with(trial: nil), in: &state)
            }
        }
    }

    /// Puts `trial` beside the serving table, ending any trial under way.
    private func start(_ trial: CandidateTrial<Value>) {
        state.withLock { state in
            endTrial(of: &state, as: .discarded)
            publish(state.serving.with(trial: trial), in: &state)
            logger.info(
                "trial of \(trial.source) started beside v\(state.serving.version)",
                metadata: ["table": "\(name)", "version": "\(state.serving.version)"])
        }
    }

    /// Swaps `trial`'s candidate in, under the state lock.
    private func promote(_ trial: CandidateTrial<Value>, in state: inout State) -> ReloadOutcome {
        let version = state.serving.version + 1
        endTrial(of: &state, as: .promoted(version: version))
        let next = Snapshot(table: trial.candidate, version: version, definition: trial.definition)
        publish(next, in: &state)
        let outcome = ReloadOutcome(
            kind: .success, version: version, routeCount: trial.candidate.count, source: trial.source, problems: [])
        return record(outcome, in: &state)
    }

    /// Ends the trial under way, if any, keeping its report as ``trialReport`` and logging it
    /// (the caller publishes the serving table without it).
    private func endTrial(of state: inout State, as ending: TrialReport.Ending) {
        guard let trial = state.serving.trial else { return }
        var report = trial.report
        report.ending = ending
        state.lastTrial = report
        logger.info("\(report)", metadata: ["table": "\(name)", "version": "\(state.serving.version)"])
    }

    /// Publishes `next` as the serving snapshot, under the state lock.
    private func publish(_ next: Snapshot, in state: inout State) {
        state.publications += 1
        snapshot.publish(next, version: state.publications)
        state.serving = next
    }

    // MARK: - Compiling

    /// Routes and rewrite rules given in code, served beside a file's.
    private typealias Fixed = (routes: [RouteTable<Value>.Route], rewriteRules: [(expression: String, target: String)])

    /// `file`'s table beside the `fixed` routes and rules, each file route's value from `value`,
    /// or every problem with its line.
    private static func compile(
        _ file: RouteFile, fixed: Fixed, options: RouterOptions, backend: RouterBackend,
        value: (RouteFile.Route) -> Value?
    ) throws(RouteValidationError) -> (table: RouteTable<Value>, definition: TableDefinition<Value>) {
        let (fixedRoutes, fixedRules) = fixed
        var problems: [RouteProblem] = []
        var routes = fixedRoutes
        for route in file.routes {
            guard let found = value(route) else {
                let message =
                    route.handler.map { "no handler named '\($0)'" } ?? "the route names no handler, and one is needed"
                let place = RouteFile.Problem(
                    file: file.path, line: route.line,
                    column: route.handlerColumn > 0 ? route.handlerColumn : route.column, message: message)
                problems.append(RouteProblem(at: place))
                continue
            }
            routes.append(RouteTable.Route(route.pattern, method: route.method, host: route.host, value: found))
        }
        guard problems.isEmpty else { throw RouteValidationError(problems: problems) }
        let rules = fixedRules + file.rewriteRules.map { (expression: $0.expression, target: $0.target) }
        do {
            let table = try RouteTable(routes, rewriteRules: rules, options: options, backend: backend)
            return (table, TableDefinition(file: file, options: options))
        } catch {
            throw RouteValidationError(
                problems: error.problems.map { problem in
                    if let index = problem.route, index >= fixedRoutes.count {
                        let route = file.routes[index - fixedRoutes.count]
                        let place = RouteFile.Problem(
                            file: file.path, line: route.line,
                            column: route.column(of: problem.error),
                            message: problem.error.description)
                        return RouteProblem(at: place, error: problem.error)
                    }
                    if let index = problem.rewriteRule, index >= fixedRules.count {
                        let place = RouteFile.Problem(
                            file: file.path, line: file.rewriteRules[index - fixedRules.count].line,
                            message: problem.error.description)
                        return RouteProblem(at: place, error: problem.error)
                    }
                    // A route given in code (or the table as a whole).
                    let named = problem.named { index in
                        guard index < fixedRoutes.count else {
                            return "line \(file.routes[index - fixedRoutes.count].line)"
                        }
                        let route = fixedRoutes[index]
                        return "\(route.method ?? "any") \(route.pattern) (given in code)"
                    }
                    let place = RouteFile.Problem(file: file.path, line: 0, message: named.description)
                    return RouteProblem(at: place, error: problem.error)
                })
        }
    }
}

// The integrations' route-file entry points: values chosen per route, the version served.
@_spi(Tools) extension LiveRouteTable {
    /// ``init(contentsOf:options:backend:fixedRoutes:fixedRewriteRules:name:logger:value:)``,
    /// each route's value made from the whole route (for the integrations, whose values carry
    /// the route's method and pattern).
    public convenience init(
        contentsOf path: String, options: RouterOptions = RouterOptions(), backend: RouterBackend = .default,
        fixedRoutes: [RouteTable<Value>.Route] = [], fixedRewriteRules: [(expression: String, target: String)] = [],
        name: String = "routes", logger: Logger? = nil, valueOfRoute value: (RouteFile.Route) -> Value?
    ) throws(RouteValidationError) {
        let file = try RouteFile(contentsOf: path)
        let fixed = (fixedRoutes, fixedRewriteRules)
        let (table, definition) = try Self.compile(file, fixed: fixed, options: options, backend: backend, value: value)
        self.init(
            table, definition: definition, source: path, backend: backend, fixed: fixed, name: name, logger: logger)
    }

    /// ``RouteTable/withMatch(method:routingHost:url:_:)`` in the table serving now.
    public func withMatch<Result>(
        method: String?, routingHost host: () -> String?, url: String,
        _ body: (borrowing RouteTable<Value>.Lookup) -> Result
    ) -> Result {
        let serving = self.serving
        guard let trial = serving.trial, trial.samples() else {
            return serving.withMatch(method: method, routingHost: host, url: url, body)
        }
        return sampledMatch(serving, trial, method: method, host: host, url: url, variants: [], body)
    }

    /// The version serving now: 1 for the first table, one more per swap (as ``lastOutcome``
    /// reports it).
    public var version: Int { state.withLock { $0.serving.version } }

    /// Replaces the table with the routes and rules of `file`, unless the file is refused or
    /// equals the serving table's.
    ///
    /// - Parameters:
    ///   - file: the route file.
    ///   - value: the value of each route; `nil` rejects the file, naming the route's line.
    /// - Returns: what happened; a rejection lists every problem, each with its file and line.
    @discardableResult
    public func reload(_ file: RouteFile, valueOfRoute value: (RouteFile.Route) -> Value?) -> ReloadOutcome {
        change(source: file.path, definition: TableDefinition(file: file, options: options)) {
            () throws(RouteValidationError) in
            try Self.compile(
                file, fixed: (fixedRoutes, fixedRewriteRules), options: options, backend: backend, value: value
            ).table
        }
    }

    /// ``reload(contentsOf:value:)``, each route's value made from the whole route.
    @discardableResult
    public func reload(contentsOf path: String, valueOfRoute value: (RouteFile.Route) -> Value?) -> ReloadOutcome {
        let file: RouteFile
        do {
            file = try RouteFile(contentsOf: path)
        } catch {
            return reject(error, source: path)
        }
        return reload(file, valueOfRoute: value)
    }
}
