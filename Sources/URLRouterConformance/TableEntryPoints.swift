@_spi(HandlerRouter) @_spi(Tools) package import URLRouter
package import URLRouterHandlers

/// The route table's entry points over one set of routes and rules on one backend: a
/// ``RouteTable`` and a ``LiveRouteTable`` whose routes' values are their names (a fixture's
/// route ids). After an `unregister` case both are built again from the router's registrations.
package final class TableEntryPoints {
    let backend: RouterBackend
    let options: RouterOptions
    let rewriteRules: [(expression: String, target: String)]
    /// The routes registered now, in registration order.
    private(set) var routes: [RouteTable<String>.Route]
    /// The table of ``routes``, or `nil` when it was refused (``problem`` says why).
    private(set) var table: RouteTable<String>?
    /// Why the table of ``routes`` was refused.
    package private(set) var problem: String?
    /// A live table that served an empty table first, then each table built here, swapped in.
    let live: LiveRouteTable<String>

    /// The entry points over `routes` (each route's value its name) and `rewriteRules`, under
    /// `options` (a fixture's, SEMANTICS.md's defaults filled in).
    package init(
        routes: [RouteTable<String>.Route], rewriteRules: [(expression: String, target: String)],
        options: RouterOptions, backend: RouterBackend
    ) throws(RouteValidationError) {
        self.backend = backend
        self.options = options
        self.rewriteRules = rewriteRules
        self.routes = routes
        self.live = try LiveRouteTable<String>([], options: options, backend: backend, name: "conformance")
        rebuild()
    }

    /// The entry points over `suite`'s routes, as the handler router registers them (its default
    /// scheme given, a final `*` the catch-all), and rules.
    convenience init(_ suite: FixtureSuite, backend: RouterBackend) throws(RouteValidationError) {
        try self.init(
            routes: suite.routes.map { route in
                RouteTable<String>.Route(
                    suite.handlerOptions.registered(route.pattern), method: route.method, host: route.host,
                    variant: route.variant,
                    priority: route.priority, name: route.id, value: route.id)
            }, rewriteRules: suite.rewrites.map { ($0.match, $0.target) }, options: suite.options, backend: backend)
    }

    /// Builds both tables again from the registrations `router` holds now (after `unregister`,
    /// which forgets a registration and any it had replaced).
    package func follow(_ router: Router) {
        routes = router.registrations.map { registration in
            RouteTable<String>.Route(
                router.handlerOptions.registered(registration.pattern), method: registration.method,
                host: registration.host, variant: registration.variant, priority: registration.priority,
                name: registration.name, value: registration.name ?? "")
        }
        rebuild()
    }

    /// The refusal of a table of the routes plus `route`, or `nil` when it compiles.
    func refusal(adding route: RouteTable<String>.Route) -> RouterError? {
        refusal(routes + [route], rewriteRules)
    }

    /// The refusal of a table of the routes and rules plus `rule`, or `nil` when it compiles.
    func refusal(adding rule: (expression: String, target: String)) -> RouterError? {
        refusal(routes, rewriteRules + [rule])
    }

    private func refusal(
        _ routes: [RouteTable<String>.Route], _ rules: [(expression: String, target: String)]
    ) -> RouterError? {
        do {
            _ = try RouteTable(routes, rewriteRules: rules, options: options, backend: backend)
            return nil
        } catch {
            return error.problems.first?.error
        }
    }

    private func rebuild() {
        do {
            table = try RouteTable(routes, rewriteRules: rewriteRules, options: options, backend: backend)
            problem = nil
        } catch {
            table = nil
            problem = "the table is refused: \(error)"
        }
        live.replace(routes, rewriteRules: rewriteRules, source: "conformance")
    }

    /// Whether the handler router under `handling` hands its table `url`, once rewritten by the
    /// table's rules, as it is (``HandlerOptions/routedURL(for:)``): then the table's entry points
    /// route the URL the router routes.
    package func routesAsGiven(_ url: String, under handling: HandlerOptions) -> Bool {
        var routed = url
        if let table, case .rewritten(let rewritten) = table.rewrite(url) { routed = rewritten }
        return handling.routedURL(for: routed) == nil
    }

    /// What `entryPoint` observes for `lookup`, or `nil` when there is no table.
    func observe(_ lookup: FixtureSuite.Lookup, through entryPoint: EntryPoint, queryNames: [String]) -> Observation? {
        observe(
            method: lookup.method, host: lookup.host, url: lookup.url, variants: lookup.variants,
            through: entryPoint, queryNames: queryNames)
    }

    /// What `entryPoint` observes for a lookup of `url`, or `nil` when there is no table. The
    /// borrowed lookup reads query values by name: `queryNames` are the names to read.
    package func observe(
        method: String?, host: String? = nil, url: String, variants: [String], through entryPoint: EntryPoint,
        queryNames: [String]
    ) -> Observation? {
        guard let table else { return nil }
        // Without a host, the lookups without one: they answer as they always did.
        switch (entryPoint, host) {
        case (.router, _):
            return nil  // the router is not one of the tables
        case (.lookup, nil):
            return Observation(table.lookup(method: method, url: url, variants: variants))
        case (.lookup, let host?):
            return Observation(table.lookup(method: method, host: host, url: url, variants: variants))
        case (.live, nil):
            return Observation(live.lookup(method: method, url: url, variants: variants))
        case (.live, let host?):
            return Observation(live.lookup(method: method, host: host, url: url, variants: variants))
        case (.withMatch, nil):
            return table.withMatch(method: method, url: url, variants: variants) { found in
                Observation(borrowed: found, queryNames: queryNames)
            }
        case (.withMatch, let host?):
            return table.withMatch(method: method, host: host, url: url, variants: variants) { found in
                Observation(borrowed: found, queryNames: queryNames)
            }
        }
    }
}

extension TableEntryPoints {
    /// The first of the table's entry points (owning `lookup`, borrowed `withMatch`, `live`) that
    /// does not see a lookup as the router saw it (`router`, the router's observation of it), with
    /// what that entry point reported (its observation, else why there is no table); `nil` when
    /// every one agrees.
    package func disagreement(
        withRouter router: Observation, method: String?, host: String? = nil, url: String, variants: [String]
    ) -> (entryPoint: EntryPoint, seen: String)? {
        let routesOnHost = host != nil || routes.contains { $0.host != nil }
        for entryPoint in [EntryPoint.lookup, .withMatch, .live] {
            let seen = observe(
                method: method, host: host, url: url, variants: variants, through: entryPoint,
                queryNames: Array((router.params ?? [:]).keys))
            guard seen != entryPoint.visible(router, routesOnHost: routesOnHost) else { continue }
            return (entryPoint, seen.map(String.init(describing:)) ?? problem ?? "no table")
        }
        return nil
    }
}

extension Observation {
    /// What a borrowed lookup lends, read as a fixture compares it: the route's id, the path
    /// parameters, the values of the query items called `queryNames` (a borrowed match reads the
    /// query by name) and the catch-all.
    init(borrowed found: borrowing RouteTable<String>.Lookup, queryNames: [String]) {
        self.init()
        switch found {
        case .match(let match):
            route = match.value
            var params: [String: String] = [:]
            for name in queryNames {
                if let value = match.queryValue(name) { params[name] = value.string }
            }
            for index in 0..<match.parameterCount {
                params[match.parameterName(at: index)] = match.parameter(at: index).string
            }
            // A host pattern's parameters, read by name like path parameters (and beating the query).
            for name in queryNames {
                if let value = match.parameter(name) { params[name] = value.string }
            }
            host = match.host?.string
            if let count = match.catchAllSegmentCount {
                catchall = (0..<count).map { match.catchAllSegment(at: $0).string }.joined(separator: "/")
                // A named catch-all's parameter, as the segments lend it.
                if let name = match.catchAllName { params[name] = catchall }
            }
            self.params = params
        case .miss(let reason, _):
            error = reason.name
            if case .redirect(let location) = reason { self.location = location }
        }
    }
}
