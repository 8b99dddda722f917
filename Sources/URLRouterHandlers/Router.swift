public import Logging
import Synchronization
@_spi(HandlerRouter) public import URLRouter

/// A URL router: register patterns with handlers, rewrite URLs with regex rules, route URLs.
///
/// ```swift
/// let router = Router()
/// try router.register("protocol://page/routerDetails/:id") { match in
///     print(match.parameters.get("id") ?? "")
/// }
/// router.route("protocol://page/routerDetails/42?nickname=x")
/// ```
///
/// Thread-safe. Registration is atomic: a refused pattern or rule changes nothing. Lookups never
/// wait on a registration: each runs on an immutable compiled snapshot of the routes and rules.
/// The snapshot is rebuilt lazily, on the first lookup after a change, so registering 10,000
/// routes compiles the matcher once, not 10,000 times. Between changes, each thread looks up
/// through its own copy of the snapshot, without a lock (see `ThreadSnapshots`).
public final class Router: Sendable {
    /// The table's options, fixed when the router is made.
    package let options: RouterOptions
    /// What the router does besides its table's lookups, fixed when it is made.
    package let handlerOptions: HandlerOptions
    /// The URL its table routes in place of each URL (``HandlerOptions/layering``), made once.
    let layering: RoutedURL.Layering?
    /// The matching backend.
    package let backend: RouterBackend

    let logger: Logger
    /// Registrations, rules and handlers; changes take this lock.
    let state: LockedValue<State>
    /// The snapshot lookups use, apart from `state`: each thread reads its own copy, so a lookup
    /// never waits for a registration.
    let published: SnapshotPublisher<Snapshot>
    /// `state`'s generation, readable without its lock.
    let changes = Atomic<Int>(0)

    struct State: Sendable {
        var registry: RouteRegistry
        var handlers: [Int: RouteHandler] = [:]
        var nextHandle = 0
        var rules: [RewriteRule] = []
        var unmatchedHandler: (@Sendable (RouteMiss) -> Void)?
        var generation = 0
    }

    /// Makes an empty router.
    ///
    /// - Parameters:
    ///   - options: the options of the router's table (SEMANTICS.md section 8); by default the
    ///     iOS routers' (`RouterOptions.handlerRouter`).
    ///   - handlerOptions: the YFRouter and FTRouter behaviours (fallback, transitions, callback
    ///     URLs); none by default.
    ///   - backend: the matching backend; the fastest of this build by default.
    ///   - logger: where registrations, replacements and misses are logged; quiet by default.
    public init(
        options: RouterOptions = .handlerRouter, handlerOptions: HandlerOptions = HandlerOptions(),
        backend: RouterBackend = .default, logger: Logger? = nil
    ) {
        self.options = options
        self.handlerOptions = handlerOptions
        self.layering = handlerOptions.layering
        self.backend = backend
        self.logger = logger ?? Logger(label: "URLRouterHandlers", factory: { _ in SwiftLogNoOpLogHandler() })
        self.state = LockedValue(State(registry: RouteRegistry(options: options)))
        // Older than any state, so that the first lookup compiles the routes.
        self.published = SnapshotPublisher(
            Snapshot(generation: -1, routes: RouteTable(empty: options), unmatchedHandler: nil), version: -1,
            threadCopy: { $0.threadCopy() })
    }

    // MARK: - Registration

    /// Registers a route.
    ///
    /// Registering the same pattern again (same method and variant) replaces the earlier
    /// registration in its place, returns it and logs a warning; under
    /// `RouterOptions.duplicateRoutes` `.refuse` it throws instead.
    ///
    /// - Parameters:
    ///   - pattern: the pattern (see the URLRouter module's Pattern Syntax article).
    ///   - method: the HTTP method the route answers, or `nil` for any.
    ///   - variant: the variant tag (A/B targets), or `nil`.
    ///   - priority: higher wins first; default 0.
    ///   - name: a name reported on matches.
    ///   - handler: what the route runs.
    /// - Returns: the registration this one replaced, if any.
    /// - Throws: `RouterError` when the pattern, method or variant is refused, or the route is a
    ///   refused duplicate; nothing changes.
    @discardableResult
    package func register(
        _ pattern: String, method: String? = nil, variant: String? = nil, priority: Int = 0, name: String? = nil,
        handler: RouteHandler
    ) throws(RouterError) -> RouteRegistration? {
        try register(
            contentsOf: [
                RouteDefinition(
                    pattern, method: method, variant: variant, priority: priority, name: name, handler: handler)
            ]
        ).first
    }

    /// Registers an action route.
    ///
    /// ```swift
    /// try router.register("/users/:id(\\d+)", method: "GET") { match in
    ///     print(match.parameters.get("id", as: Int.self) ?? 0)
    /// }
    /// ```
    @discardableResult
    public func register(
        _ pattern: String, method: String? = nil, variant: String? = nil, priority: Int = 0, name: String? = nil,
        action: @escaping @Sendable (RouterMatch) -> Void
    ) throws(RouterError) -> RouteRegistration? {
        try register(
            pattern, method: method, variant: variant, priority: priority, name: name, handler: .action(action))
    }

    /// Registers an object route whose handler returns a value; returns the registration it replaced.
    @discardableResult
    public func registerObject(
        _ pattern: String, method: String? = nil, variant: String? = nil, priority: Int = 0, name: String? = nil,
        handler: @escaping @Sendable (RouterMatch) -> (any Sendable)?
    ) throws(RouterError) -> RouteRegistration? {
        try register(
            pattern, method: method, variant: variant, priority: priority, name: name, handler: .object(handler))
    }

    /// Binds a value to a pattern (an object route that always returns `object`); returns the
    /// registration it replaced.
    @discardableResult
    public func registerObject(
        _ pattern: String, method: String? = nil, variant: String? = nil, priority: Int = 0, name: String? = nil,
        object: any Sendable
    ) throws(RouterError) -> RouteRegistration? {
        try register(pattern, method: method, variant: variant, priority: priority, name: name, handler: .value(object))
    }

    /// Registers a callback route whose handler delivers its value asynchronously; returns the
    /// registration it replaced.
    @discardableResult
    public func registerCallback(
        _ pattern: String, method: String? = nil, variant: String? = nil, priority: Int = 0, name: String? = nil,
        handler: @escaping @Sendable (RouterMatch) async -> (any Sendable)?
    ) throws(RouterError) -> RouteRegistration? {
        try register(
            pattern, method: method, variant: variant, priority: priority, name: name, handler: .callback(handler))
    }

    /// Registers several routes at once: all of them, or, when one is refused, none.
    ///
    /// A definition with the pattern, method and variant of a registered route, or of one before
    /// it in `definitions`, replaces it in its place (`RouterOptions.duplicateRoutes` `.replace`,
    /// the default) or is refused (`.refuse`).
    ///
    /// - Returns: the registrations replaced, in the order they were replaced.
    /// - Throws: `RouterError` for the first refused definition; nothing changes.
    @discardableResult
    public func register(contentsOf definitions: [RouteDefinition]) throws(RouterError) -> [RouteRegistration] {
        // Every definition checked first, then the batch registered: all of it, or, on the first
        // refusal, none (`RouteRegistry.register(_:)`, as for a `RouteTable`).
        var prepared: [(pattern: RoutePattern, method: String?, host: HostPattern?)] = []
        prepared.reserveCapacity(definitions.count)
        for definition in definitions {
            let (pattern, method) = try RouteValidation.checked(
                pattern: definition.pattern, method: definition.method, variant: definition.variant,
                backend: backend)
            prepared.append(
                (
                    handlerOptions.registered(pattern), method,
                    try RouteValidation.host(definition.host, pattern: pattern)
                ))
        }
        let replaced = try state.withLock { (state: inout State) throws(RouterError) -> [RouteRegistration] in
            let registrations = zip(prepared, definitions).enumerated().map { offset, item in
                RouteRegistration(
                    pattern: item.0.pattern, host: item.0.host, method: item.0.method, variant: item.1.variant,
                    priority: item.1.priority, name: item.1.name, handle: state.nextHandle + offset)
            }
            let replaced = try state.registry.register(registrations)
            state.nextHandle += registrations.count
            state.handlers.reserveCapacity(state.handlers.count + registrations.count)
            for (registration, definition) in zip(registrations, definitions) {
                state.handlers[registration.handle] = definition.value
            }
            for old in replaced { state.handlers[old.handle] = nil }
            changed(&state)
            return replaced
        }
        for old in replaced {
            logger.warning(
                "route replaced",
                metadata: [
                    "pattern": "\(old.pattern)", "method": "\(old.method ?? "*")", "variant": "\(old.variant ?? "-")",
                ])
        }
        logger.debug("routes registered", metadata: ["count": "\(prepared.count)"])
        return replaced
    }

    /// Removes the one registration of `pattern` with this method and variant.
    ///
    /// - Returns: whether there was one.
    /// - Throws: `RouterError` when `pattern` is not a valid pattern.
    @discardableResult
    public func unregister(_ pattern: String, method: String? = nil, variant: String? = nil) throws(RouterError) -> Bool
    {
        let parsed = handlerOptions.registered(try RoutePattern(pattern))
        let method = try RouteValidation.method(method, pattern: pattern)
        return state.withLock { state in
            guard let removed = state.registry.remove(pattern: parsed, method: method, variant: variant) else {
                return false
            }
            state.handlers[removed.handle] = nil
            changed(&state)
            return true
        }
    }

    /// Removes every route.
    public func unregisterAll() {
        state.withLock { state in
            state.registry.removeAll()
            state.handlers.removeAll()
            changed(&state)
        }
    }

    /// Removes every route bound to `scheme` (by its pattern or the default scheme).
    ///
    /// - Returns: how many registrations were removed.
    @discardableResult
    public func unregister(scheme: String) -> Int {
        state.withLock { state in
            let before = Set(state.registry.registrations.map(\.handle))
            let removed = state.registry.removeAll(scheme: scheme)
            let after = Set(state.registry.registrations.map(\.handle))
            for handle in before.subtracting(after) { state.handlers[handle] = nil }
            if removed > 0 { changed(&state) }
            return removed
        }
    }

    /// Every registration, in registration order.
    public var registrations: [RouteRegistration] {
        state.withLock { $0.registry.registrations }
    }

    /// Sets the one handler that hears about URLs that route nowhere: it gets the miss, with the
    /// URL and the reason. It is not called for a ``RouteFailure/kindMismatch(_:)``, nor by
    /// `match(_:method:variants:extra:)` and `canRoute(_:method:variants:)`.
    public func setUnmatchedHandler(_ handler: (@Sendable (RouteMiss) -> Void)?) {
        state.withLock { state in
            state.unmatchedHandler = handler
            changed(&state)
        }
    }

    // MARK: - Rewrite rules

    /// Adds a rewrite rule after the existing ones.
    ///
    /// - Throws: `RouterError` with code `RouterError.Code.invalidRewriteRule`; nothing changes.
    public func addRewriteRule(_ expression: String, target: String) throws(RouterError) {
        try addRewriteRules([(expression, target)])
    }

    /// Adds several rewrite rules, in order: all of them or, when one is refused, none.
    public func addRewriteRules(_ rules: [(expression: String, target: String)]) throws(RouterError) {
        let parsed = try RouteValidation.rules(rules, backend: backend)
        state.withLock { state in
            state.rules += parsed
            changed(&state)
        }
    }

    /// Adds rules in FFRouter's format: `[["matchRule": "…", "targetRule": "…"], …]`.
    ///
    /// - Throws: `RouterError` naming the entry when one lacks a key or is refused; nothing changes.
    public func addRewriteRules(_ rules: [[String: String]]) throws(RouterError) {
        var pairs: [(expression: String, target: String)] = []
        for (index, entry) in rules.enumerated() {
            guard let match = entry["matchRule"], let target = entry["targetRule"] else {
                throw RouterError(
                    .invalidRewriteRule, input: "rule \(index)",
                    message: "each rule needs the keys \"matchRule\" and \"targetRule\"")
            }
            pairs.append((match, target))
        }
        try addRewriteRules(pairs)
    }

    /// Removes every rule with this expression.
    ///
    /// - Returns: how many were removed.
    @discardableResult
    public func removeRewriteRule(_ expression: String) -> Int {
        state.withLock { state in
            let before = state.rules.count
            state.rules.removeAll { $0.expression == expression }
            if state.rules.count != before { changed(&state) }
            return before - state.rules.count
        }
    }

    /// Removes every rewrite rule.
    public func removeAllRewriteRules() {
        state.withLock { state in
            state.rules.removeAll()
            changed(&state)
        }
    }

    /// The rewrite rules, in order, as `(expression, target)` pairs (as they were added).
    public var rewriteRules: [(expression: String, target: String)] {
        state.withLock { $0.rules.map { (expression: $0.expression, target: $0.target) } }
    }

    /// Rewrites `url` with the first applicable rule.
    ///
    /// - Returns: the new URL, or `nil` when no rule applies (or one reached the work limit).
    public func rewrite(_ url: String) -> String? {
        if case .rewritten(let result) = snapshot().routes.rewrite(url) { return result }
        return nil
    }

    // MARK: - Lookups

    /// Looks `url` up without running anything.
    ///
    /// - Parameters:
    ///   - url: the URL.
    ///   - method: the request's HTTP method, or `nil`.
    ///   - host: the request's host (a `Host` header), for routes with a host pattern; `nil`
    ///     routes on the URL's own host.
    ///   - variants: acceptable variants in preference order.
    ///   - extra: extra values for `RouteMatch.parameters`; they beat path and query parameters.
    /// - Returns: the match (a route of any kind), or why there is none.
    /// - Complexity: linear in the URL's length for routes without user regexes.
    public func match(
        _ url: String, method: String? = nil, host: String? = nil, variants: [String] = [],
        extra: [String: any Sendable] = [:]
    ) -> Result<RouterMatch, RouteMiss> {
        let found = snapshot().lookup(
            url, method: method, host: host, variants: variants, extra: extra, handling: handlerOptions,
            layering: layering)
        return found.result.map(found.routerMatch)
    }

    /// ``match(_:method:variants:extra:)`` as the entry point of `kind` sees it (any kind when
    /// `nil`): a winner of another kind is a ``RouteFailure/kindMismatch(_:)``; with the
    /// transition and callback URL the router reports of the URL, on a miss too (for the
    /// conformance runner and `urlrouter match`).
    package func match(
        _ url: String, method: String? = nil, host: String? = nil, variants: [String] = [], kind: RouteKind?,
        extra: [String: any Sendable] = [:]
    ) -> (result: Result<RouterMatch, RouteFailure>, transition: String?, callbackURL: String?) {
        let found = snapshot().lookup(
            url, method: method, host: host, variants: variants, extra: extra, handling: handlerOptions,
            layering: layering)
        return (Router.entered(found, kind: kind).map(\.match), found.transition, found.callbackURL)
    }

    /// Whether a route of any kind would win for `url`.
    public func canRoute(_ url: String, method: String? = nil, variants: [String] = []) -> Bool {
        if case .success = match(url, method: method, variants: variants) { return true }
        return false
    }

    /// Routes `url` to an action route and runs it.
    ///
    /// - Returns: the match, or why nothing ran: a miss (which the unmatched handler has heard) or
    ///   a route of another kind.
    @discardableResult
    public func route(
        _ url: String, method: String? = nil, variants: [String] = [], extra: [String: any Sendable] = [:]
    ) -> Result<RouterMatch, RouteFailure> {
        resolve(url, method, variants, .action, extra).map { routed in
            if case .action(let action) = routed.handler { action(routed.match) }
            return routed.match
        }
    }

    /// Routes `url` to an object route and returns its value.
    public func routeObject(
        _ url: String, method: String? = nil, variants: [String] = [], extra: [String: any Sendable] = [:]
    ) -> Result<RoutedValue, RouteFailure> {
        resolve(url, method, variants, .object, extra).map { routed in
            guard case .object(let handler) = routed.handler else {
                return RoutedValue(match: routed.match, value: nil)
            }
            return RoutedValue(match: routed.match, value: handler(routed.match))
        }
    }

    /// Routes `url` to a callback route and waits for the value it delivers.
    public func routeCallback(
        _ url: String, method: String? = nil, variants: [String] = [], extra: [String: any Sendable] = [:]
    ) async -> Result<RoutedValue, RouteFailure> {
        switch resolve(url, method, variants, .callback, extra) {
        case .failure(let failure): return .failure(failure)
        case .success(let routed):
            guard case .callback(let handler) = routed.handler else {
                return .success(RoutedValue(match: routed.match, value: nil))
            }
            return .success(RoutedValue(match: routed.match, value: await handler(routed.match)))
        }
    }

    /// The compiled rules and routes as of now (compiles them if they changed).
    package var table: RouteTable<RouteHandler> { snapshot().routes }

    /// Looks `url` up for `kind`'s entry point; a miss is logged and, unless it is a kind
    /// mismatch, heard by the unmatched handler.
    func resolve(
        _ url: String, _ method: String?, _ variants: [String], _ kind: RouteKind, _ extra: [String: any Sendable]
    ) -> Result<(match: RouterMatch, handler: RouteHandler), RouteFailure> {
        let snapshot = snapshot()
        let result = Router.entered(
            snapshot.lookup(
                url, method: method, variants: variants, extra: extra, handling: handlerOptions, layering: layering),
            kind: kind
        )
        switch result {
        case .success: break
        case .failure(.miss(let miss)):
            logger.debug(
                "unmatched URL", metadata: ["url": "\(RouteMiss.shortened(url))", "reason": "\(miss.reason.name)"])
            snapshot.unmatchedHandler?(miss)
        case .failure(.kindMismatch):
            logger.debug("unmatched URL", metadata: ["url": "\(RouteMiss.shortened(url))", "reason": "kindMismatch"])
        }
        return result
    }

    /// What `found` is to the entry point of `kind` (any kind when `nil`): a winner of another
    /// kind is a ``RouteFailure/kindMismatch(_:)``.
    static func entered(
        _ found: Found, kind: RouteKind?
    ) -> Result<(match: RouterMatch, handler: RouteHandler), RouteFailure> {
        switch found.result {
        case .failure(let miss): return .failure(.miss(miss))
        case .success(let match):
            let routed = found.routerMatch(match)
            guard kind == nil || match.value.kind == kind else { return .failure(.kindMismatch(routed)) }
            return .success((routed, match.value))
        }
    }
}
