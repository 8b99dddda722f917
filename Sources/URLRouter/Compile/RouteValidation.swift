/// The checks every registration passes before it reaches a table, for ``RouteTable`` and `Router` alike.
@_spi(HandlerRouter) public enum RouteValidation: Sendable {
    /// `text` parsed, with each constraint compiled on `backend`.
    static func pattern(_ text: String, backend: RouterBackend) throws(RouterError) -> RoutePattern {
        let pattern = try RoutePattern(text)
        for constraint in pattern.constraints {
            if let message = backend.engine.compileError(constraint: constraint) {
                throw RouterError(.invalidConstraint, input: text, message: message)
            }
        }
        return pattern
    }

    /// `method` upper-cased, or an error when it is not a method token.
    public static func method(_ method: String?, pattern: String) throws(RouterError) -> String? {
        guard let method else { return nil }
        guard let normalized = HTTPMethodName.normalized(method) else {
            throw RouterError(
                .invalidPattern, input: pattern, message: "the method '\(method)' is not an HTTP method token")
        }
        return normalized
    }

    /// Refuses an empty variant name.
    static func variant(_ variant: String?, pattern: String) throws(RouterError) {
        if let variant, variant.isEmpty {
            throw RouterError(.invalidPattern, input: pattern, message: "a variant name may not be empty")
        }
    }

    /// A route's pattern parsed and its method normalized, every part checked.
    public static func checked(pattern text: String, method: String?, variant: String?, backend: RouterBackend)
        throws(RouterError) -> (pattern: RoutePattern, method: String?)
    {
        let pattern = try RouteValidation.pattern(text, backend: backend)
        let method = try RouteValidation.method(method, pattern: text)
        try RouteValidation.variant(variant, pattern: text)
        return (pattern, method)
    }

    /// `host` parsed (SEMANTICS.md section 11), its parameter names checked against `pattern`'s.
    ///
    /// - Throws: ``RouterError``: `invalidPattern` naming the host pattern and the offset, or
    ///   `duplicateParameter` for a name the path pattern uses too.
    public static func host(_ host: String?, pattern: RoutePattern) throws(RouterError) -> HostPattern? {
        guard let host else { return nil }
        let parsed = try HostPattern(host)
        let pathNames = Set(pattern.parameterNames)
        if let shared = parsed.parameterNames.first(where: pathNames.contains) {
            throw RouterError(
                .duplicateParameter, input: host,
                message: "the parameter '\(shared)' appears in the host pattern and in '\(pattern.source)'")
        }
        return parsed
    }

    /// A registration, every part checked.
    static func registration(
        pattern text: String, host: String? = nil, method: String?, variant: String?, priority: Int, name: String?,
        handle: Int, backend: RouterBackend
    ) throws(RouterError) -> RouteRegistration {
        let (pattern, method) = try checked(pattern: text, method: method, variant: variant, backend: backend)
        return RouteRegistration(
            pattern: pattern, host: try RouteValidation.host(host, pattern: pattern), method: method,
            variant: variant, priority: priority, name: name, handle: handle)
    }

    /// Rewrite rules, each parsed and compiled on `backend`.
    public static func rules(_ rules: [(expression: String, target: String)], backend: RouterBackend)
        throws(RouterError)
        -> [RewriteRule]
    {
        var parsed: [RewriteRule] = []
        for (expression, target) in rules {
            let rule = try RewriteRule(expression, target: target)
            if let message = backend.engine.compileError(rewriteExpression: rule.regex) {
                throw RouterError(.invalidRewriteRule, input: expression, message: message)
            }
            parsed.append(rule)
        }
        return parsed
    }
}
