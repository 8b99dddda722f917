// Validation for the integrations and route files: every problem at once, and the checks their
// registration calls make before a table exists.
@_spi(Tools) extension RouteTable {
    /// What ``validate(_:rewriteRules:options:backend:)`` found: every problem, and the table of
    /// what passed.
    public struct Validation: Sendable {
        /// Every problem: the routes' in their order, then the rules', then the table's own.
        public let problems: [RouteProblem]
        /// The routes and rules that are not refused, compiled (a route that replaces another
        /// serves in its place, as in a table made with `init`), or `nil` when the backend could
        /// not compile them: then a problem about neither a route nor a rule says why.
        public let table: RouteTable?
    }

    /// Checks `routes` and `rewriteRules` in one pass, as ``init(_:rewriteRules:options:backend:)``
    /// compiles them on `backend` under `options`, and reports every problem, replacements
    /// included (the integrations report those before serving).
    ///
    /// Each problem names its route or rule by index, method and pattern:
    /// - a pattern, method or variant that is refused (syntax, a constraint `backend` cannot
    ///   compile, a duplicate parameter name);
    /// - a route whose method would take the table past the limit of distinct methods;
    /// - a route with the pattern, method and variant of an earlier one (parameter names do not
    ///   count: `/a/:id` and `/a/:name` are one pattern), reported whatever
    ///   ``RouterOptions/duplicateRoutes`` says: under `.replace` it replaces the earlier route
    ///   (``RouteProblem/isRefusal`` is `false`), under `.refuse` it is left out;
    /// - a rewrite rule whose expression or target is refused;
    /// - the table, when the backend cannot compile what passed.
    ///
    /// The table it returns is what a server that leaves out the refused routes and rules would
    /// serve; `init` makes the same table when there is no refusal, and throws the refusals
    /// otherwise.
    ///
    /// - Parameters:
    ///   - routes: the routes, in registration order.
    ///   - rewriteRules: `(expression, target)` pairs.
    ///   - options: the options the table will serve under.
    ///   - backend: the backend that will serve it.
    /// - Returns: every problem, and the table of what passed.
    public static func validate(
        _ routes: [Route], rewriteRules: [(expression: String, target: String)] = [],
        options: RouterOptions = RouterOptions(), backend: RouterBackend = .default
    ) -> Validation {
        var registry = RouteRegistry(options: options)
        var problems: [RouteProblem] = []
        // Of the routes that pass: their indices and values (a registration's handle is its position here).
        var indices: [Int] = []
        var values: [Value] = []
        func name(_ index: Int) -> String {
            let host = routes[index].host.map { " host \($0)" } ?? ""
            return "route \(index) (\(routes[index].method ?? "any") \(routes[index].pattern)\(host))"
        }
        for (index, route) in routes.enumerated() {
            let registration: RouteRegistration
            do {
                registration = try RouteValidation.registration(
                    pattern: route.pattern, host: route.host, method: route.method, variant: route.variant,
                    priority: route.priority, name: route.name, handle: values.count, backend: backend)
            } catch {
                problems.append(RouteProblem(route: index, subjectText: name(index), error: error))
                continue
            }
            // Registered as a batch of one, through the routine a `Router` uses.
            let replaced: [RouteRegistration]
            do {
                replaced = try registry.register([registration])
            } catch {
                // A refused registration changed nothing: the route it repeats is still there.
                let earlier = error.code == .duplicateRoute ? registry.existing(registration) : nil
                problems.append(
                    RouteProblem(
                        route: index, subjectText: name(index), error: error,
                        replacedRoute: earlier.map { indices[$0.handle] }))
                continue
            }
            if let earlier = replaced.first {
                let earlierIndex = indices[earlier.handle]
                let error = RouterError(
                    .duplicateRoute, input: route.pattern, message: RouteProblem.replacing(name(earlierIndex)))
                problems.append(
                    RouteProblem(
                        route: index, subjectText: name(index), error: error, replacedRoute: earlierIndex,
                        isRefusal: false))
            }
            indices.append(index)
            values.append(route.value)
        }
        var rules: [RewriteRule] = []
        for (index, rule) in rewriteRules.enumerated() {
            do {
                rules += try RouteValidation.rules([rule], backend: backend)
            } catch {
                problems.append(
                    RouteProblem(
                        rewriteRule: index,
                        subjectText: "rewrite rule \(index) (\(rule.expression) -> \(rule.target))", error: error))
            }
        }
        let compiled: CompiledTable
        do {
            compiled = try CompiledTable(backend: backend, registry: registry, rules: rules)
        } catch {
            let refusal = RouterError(
                .invalidPattern, input: "route table",
                message: "the \(backend.name) backend could not compile the table: \(error)")
            problems.append(RouteProblem(subjectText: "the route table", error: refusal))
            return Validation(problems: problems, table: nil)
        }
        return Validation(problems: problems, table: RouteTable(table: compiled, values: values))
    }

    /// Refuses a route's pattern, method and variant as ``validate(_:rewriteRules:options:backend:)``
    /// refuses them on their own (constraints compiled on `backend`), without compiling a table:
    /// for the integrations' registration calls that throw at once.
    public static func check(
        pattern: String, host: String? = nil, method: String?, variant: String? = nil, backend: RouterBackend
    ) throws(RouterError) {
        _ = try RouteValidation.registration(
            pattern: pattern, host: host, method: method, variant: variant, priority: 0, name: nil, handle: 0,
            backend: backend)
    }

    /// Refuses a rewrite rule as ``validate(_:rewriteRules:options:backend:)`` does, without
    /// compiling a table.
    public static func check(rewriteRule: (expression: String, target: String), backend: RouterBackend)
        throws(RouterError)
    {
        _ = try RouteValidation.rules([rewriteRule], backend: backend)
    }
}
