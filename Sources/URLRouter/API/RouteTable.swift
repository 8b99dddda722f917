/// An immutable, compiled route table for servers: patterns bound to values of one type.
///
/// Build it once, share it with every thread and task: a lookup takes no lock and touches no
/// reference count of the table.
///
/// ```swift
/// let table = try RouteTable<Int>([
///     .init("/users/:id(\\d+)", method: "GET", value: 1),
///     .init("/files/**", value: 2),
/// ])
/// switch table.lookup(method: "GET", url: "/users/42") {
/// case .success(let match): print(match.value, match.parameters.get("id") ?? "")   // 1 42
/// case .failure(let miss): print(miss.reason, miss.allowedMethods)
/// }
/// // The hot path: nothing allocated, nothing reference counted.
/// let id = table.withMatch(method: "GET", url: "/users/42") { lookup -> String? in
///     guard case .match(let match) = lookup else { return nil }
///     return match.parameter("id")?.string
/// }
/// ```
///
/// Patterns, precedence, options, rewrite rules and variants are those of `Router`
/// (`Docs/SEMANTICS.md`); both backends give the same answers.
public struct RouteTable<Value: Sendable>: Sendable {
    /// The compiled routes.
    @usableFromInline let table: CompiledTable
    /// The routes' values, by handle.
    @usableFromInline let values: RouteValues<Value>

    /// Compiles `routes` and `rewriteRules` on `backend`.
    ///
    /// - Parameters:
    ///   - routes: the routes; of two with the same pattern, method and variant the later one
    ///     replaces the earlier, or, under ``RouterOptions/duplicateRoutes`` `.refuse`, the table
    ///     is refused.
    ///   - rewriteRules: `(expression, target)` pairs, applied before matching, first applicable one wins.
    ///   - options: the matching options.
    ///   - backend: the engine; by default the fastest this build has.
    /// - Throws: ``RouteValidationError`` with every route and rule that is refused, in one pass.
    public init(
        _ routes: [Route], rewriteRules: [(expression: String, target: String)] = [],
        options: RouterOptions = RouterOptions(), backend: RouterBackend = .default
    ) throws(RouteValidationError) {
        let validation = Self.validate(routes, rewriteRules: rewriteRules, options: options, backend: backend)
        let refusals = validation.problems.filter(\.isRefusal)
        guard refusals.isEmpty, let table = validation.table else {
            throw RouteValidationError(problems: refusals.isEmpty ? validation.problems : refusals)
        }
        self = table
    }

    /// A table over `table`, whose registrations' handles are indices of `values`.
    init(table: CompiledTable, values: [Value]) {
        precondition(table.store.handleCount <= values.count, "a value for every handle")
        self.table = table
        self.values = RouteValues(values)
    }

    /// The number of routes (of distinct pattern, host, method and variant).
    public var count: Int { table.store.registrations.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// The table's routes, in registration order, as they were given (a route that a later one
    /// of the same pattern, host, method and variant replaced is not listed): each one's
    /// pattern, host, method (upper-cased), variant, priority, name and value.
    public var routes: [Route] {
        let store = table.store
        return (0..<store.handleCount).compactMap { handle in
            guard let registration = store.registrations[handle] else { return nil }
            return Route(
                registration.pattern, method: registration.method, host: registration.host,
                variant: registration.variant, priority: registration.priority, name: registration.name,
                value: values.pointer(handle).pointee)
        }
    }

    /// The backend that compiled the table.
    var backendName: String { table.backendName }

    /// Why the backend that compiled the table is not the one asked for, or `nil`.
    var fallbackReason: String? { table.fallbackReason }

    /// The options the table was built under.
    public var options: RouterOptions { table.options }

    init(table: CompiledTable, sharing values: RouteValues<Value>) {
        self.table = table
        self.values = values
    }

    /// The owning match of `match`, a match found in this table (its owning lookups, and the
    /// handler router's step-by-step ``answer(_:url:variants:extra:)``).
    @inlinable
    func match(_ match: RouteMatch) -> Match {
        Match(value: values.pointer(match.handle).pointee, details: match)
    }

    /// Looks `url` up and answers an owning match: the value, the route and the parameters.
    ///
    /// - Parameters:
    ///   - method: the request's HTTP method (any case), or `nil` (then only routes without a method answer).
    ///   - url: a URL or a path with its query (`/users/42?tab=1`).
    ///   - variants: acceptable variants in preference order.
    /// - Returns: the match, or the miss and its reason (``RouteMiss/allowedMethods`` for a 405).
    @inlinable
    public func lookup(method: String?, url: String, variants: [String] = []) -> Result<Match, RouteMiss> {
        // Inlined into the caller, where `Value` is known, so that the generic `Match` and `Result`
        // need no metadata looked up at run time (Benchmarks/instructions counts the difference).
        switch table.lookup(url, method: method, variants: variants) {
        case .success(let match): return .success(self.match(match))
        case .failure(let miss): return .failure(miss)
        }
    }

    /// Looks `url` up on `host` (SEMANTICS.md section 11) and answers an owning match: a host
    /// pattern's parameters are read like path parameters (`match.parameters.get("tenant")`).
    ///
    /// - Parameters:
    ///   - method: the request's HTTP method (any case), or `nil`.
    ///   - host: the request's `Host` header (or `:authority`), port and all; `nil` routes on the
    ///     URL's own host, as ``lookup(method:url:variants:)`` does. A value that is not a host
    ///     misses with ``RouteMiss/Reason/malformedURL``.
    ///   - url: a URL or a path with its query.
    ///   - variants: acceptable variants in preference order.
    /// - Returns: the match, or the miss and its reason.
    @inlinable
    public func lookup(method: String?, host: String?, url: String, variants: [String] = []) -> Result<Match, RouteMiss>
    {
        switch table.lookup(url, method: method, host: host, variants: variants) {
        case .success(let match): return .success(self.match(match))
        case .failure(let miss): return .failure(miss)
        }
    }

    /// Looks `url` up on `host` (SEMANTICS.md section 11) and lends the answer to `body`, as
    /// ``withMatch(method:url:variants:_:)`` does; ``BorrowedMatch/parameter(_:)`` reads a host
    /// pattern's parameters too.
    ///
    /// - Parameters:
    ///   - method: the request's HTTP method (any case), or `nil`.
    ///   - host: the request's `Host` header (or `:authority`); `nil` routes on the URL's own host.
    ///     A value that is not a host misses with ``RouteMiss/Reason/malformedURL``.
    ///   - url: a URL or a path with its query.
    ///   - variants: acceptable variants in preference order.
    ///   - body: reads the answer.
    /// - Returns: what `body` returns.
    @inlinable
    public func withMatch<Result>(
        method: String?, host: String?, url: String, variants: [String] = [], _ body: (borrowing Lookup) -> Result
    ) -> Result {
        // The answer waits in room of its own type, not in an optional: code generic over the
        // result, which another module's generic code calls unspecialized, would ask the runtime
        // for the optional's type on every lookup (Benchmarks/instructions, generic-borrowed).
        withUnsafeTemporaryAllocation(of: Result.self, capacity: 1) { slot in
            table.withLookup(url, method: method, host: host, variants: variants) { found in
                switch found {
                case .match(let view):
                    let lookup = Lookup.match(BorrowedMatch(view: view, value: values.pointer(view.pointee.handle)))
                    slot.initializeElement(at: 0, to: body(lookup))
                case .miss(let reason, let allowedMethods):
                    let lookup = Lookup.miss(reason, allowedMethods: allowedMethods)
                    slot.initializeElement(at: 0, to: body(lookup))
                }
            }
            return slot.moveElement(from: 0)
        }
    }

    /// Looks `url` up and lends the answer to `body`: the hot path of a server.
    ///
    /// Neither the lookup nor reading the match allocates or touches a reference count, for a
    /// URL with no rewrite, a lower-case scheme and no `%` in its authority, and no variants
    /// (escapes in its path are decoded in storage lent for the call, those of its query only
    /// when a value is read); a parameter or query value becomes a `String` only when `body`
    /// asks (``URLText/string``).
    /// What `body` gets is valid only during the call.
    ///
    /// - Parameters:
    ///   - method: the request's HTTP method (any case), or `nil`.
    ///   - url: a URL or a path with its query.
    ///   - variants: acceptable variants in preference order.
    ///   - body: reads the answer.
    /// - Returns: what `body` returns.
    // Inlinable for the same reason as `lookup`.
    @inlinable
    public func withMatch<Result>(
        method: String?, url: String, variants: [String] = [], _ body: (borrowing Lookup) -> Result
    ) -> Result {
        withMatch(method: method, host: nil, url: url, variants: variants, body)
    }
}

/// The values of a ``RouteTable``, by handle: owns the buffer, allocated and filled in `init`,
/// never written afterwards, freed once in `deinit`.
// @unchecked: the buffer is immutable after init, and `Value` is Sendable.
@usableFromInline
final class RouteValues<Value: Sendable>: @unchecked Sendable {
    /// Room for at least one value (an empty table still has a base address); the first
    /// ``count`` are initialized.
    @usableFromInline let values: UnsafeMutableBufferPointer<Value>
    let count: Int

    init(_ values: [Value]) {
        self.values = .allocate(capacity: max(1, values.count))
        _ = self.values.initialize(from: values)
        self.count = values.count
    }

    deinit {
        UnsafeMutableBufferPointer(rebasing: values[..<count]).deinitialize()
        values.deallocate()
    }

    /// The value of `handle`, lent for as long as the table lives.
    @inlinable
    func pointer(_ handle: Int) -> UnsafePointer<Value> {
        UnsafePointer(values.baseAddress.unsafelyUnwrapped + handle)
    }
}

// The tools' and integrations' view of a table: what its backend compiled, every URL normalized,
// a host read only when routed on.
@_spi(Tools) extension RouteTable {
    /// What the backend reports about the compiled routes, when it compiles patterns (PCRE2).
    public var routePatternFacts: (any CompiledPatternFacts)? { table.routePatternFacts }

    /// What the backend reports about the compiled rewrite rules, when it compiles patterns.
    public var rulePatternFacts: (any CompiledPatternFacts)? { table.rulePatternFacts }

    /// Records the engine calls that `lookup(table, 0)` to `lookup(table, count - 1)` make, where
    /// `table` answers as this one does and records; `nil` when the backend has no bare engine
    /// calls (Foundation) or one of them could not be replayed bare. For `urlrouter bench`'s
    /// baseline: the table's own lookups never look for a recorder.
    public func recordRawMatches(lookups count: Int, _ lookup: (RouteTable, Int) -> Void) -> (any RawMatchReplay)? {
        table.recordRawMatches(lookups: count) { recording, index in
            lookup(RouteTable(table: recording, sharing: values), index)
        }
    }

    /// The bytes of JIT machine code the table's patterns hold (for `urlrouter bench`).
    public var jitCodeBytes: Int { table.routePatternFacts?.jitCodeBytes ?? 0 }

    /// The bytes the table's compiled patterns hold on the heap (for `urlrouter bench`).
    public var patternBytes: Int { table.routePatternFacts?.patternBytes ?? 0 }

    /// The same table with every URL normalized in full, never scanned plain (for the tests and
    /// the fuzzer, which hold the two to the same answers).
    public func normalizingEveryURL() -> RouteTable {
        RouteTable(table: table.normalizingEveryURL(), sharing: values)
    }

    /// ``withMatch(method:host:url:variants:_:)`` on `host` in a table with host routes, else
    /// ``withMatch(method:url:variants:_:)``: for the integrations, which read a request's host
    /// only for a table that routes on it.
    public func withMatch<Result>(
        method: String?, routingHost host: () -> String?, url: String, _ body: (borrowing Lookup) -> Result
    ) -> Result {
        guard table.matchesHosts else { return withMatch(method: method, url: url, body) }
        return withMatch(method: method, host: host(), url: url, body)
    }
}
