extension RouteTable {
    /// Builds a URL for the route named `name` (reverse routing).
    ///
    /// ```swift
    /// let table = try RouteTable<Int>([.init("/users/:id(\\d+)/files/**", name: "file", value: 1)])
    /// try table.url(forRouteNamed: "file", parameters: ["id": "42"], catchAll: ["a b", "c"])
    /// // "/users/42/files/a%20b/c"
    /// ```
    ///
    /// Values are percent-encoded (a `/` in a parameter becomes `%2F`), checked against their
    /// segment (not empty; the constraint; the in-segment pattern), and the URL is looked up: it
    /// is returned only when it routes to this route with these values.
    ///
    /// - Parameters:
    ///   - name: the route's name.
    ///   - parameters: a value for each parameter of the pattern, by name, not encoded.
    ///   - catchAll: the segments of the catch-all (`**`, or a final `*`), not encoded.
    ///   - query: query items to append, encoded.
    /// - Throws: ``URLBuildError``: no such route, a missing, unused or invalid value, or a URL
    ///   another route takes (the message names it) or that reads back differently.
    public func url(
        forRouteNamed name: String, parameters: [String: String] = [:], catchAll: [String] = [],
        query: [(name: String, value: String)] = []
    ) throws(URLBuildError) -> String {
        guard let registration = table.routes.lazy.flatMap(\.targets).first(where: { $0.name == name }) else {
            throw URLBuildError(.unknownRoute, route: name, message: "no route is named '\(name)'")
        }
        return try url(for: registration, parameters: parameters, catchAll: catchAll, query: query)
    }

    /// Builds a URL for the route with this pattern and method; see
    /// ``url(forRouteNamed:parameters:catchAll:query:)``. The pattern is found as a duplicate
    /// registration would be (`/users/{x}` finds `/users/:id`), and the values are named as the
    /// registered pattern names them (`id`).
    public func url(
        forPattern pattern: String, method: String? = nil, parameters: [String: String] = [:],
        catchAll: [String] = [], query: [(name: String, value: String)] = []
    ) throws(URLBuildError) -> String {
        let parsed: RoutePattern
        do {
            parsed = try RoutePattern(pattern)
        } catch {
            throw URLBuildError(.unknownRoute, route: pattern, message: error.message)
        }
        let key = LoweredPattern(parsed, options: options).key
        let method = method.flatMap(HTTPMethodName.normalized)
        let found = table.routes.lazy.flatMap(\.targets).first { registration in
            registration.method == method
                && LoweredPattern(registration, options: options).key == key
        }
        guard let registration = found else {
            throw URLBuildError(
                .unknownRoute, route: pattern, message: "no route has this pattern and method \(method ?? "(any)")")
        }
        return try url(for: registration, parameters: parameters, catchAll: catchAll, query: query)
    }

    func url(
        for registration: RouteRegistration, parameters: [String: String], catchAll: [String],
        query: [(name: String, value: String)]
    ) throws(URLBuildError) -> String {
        try URLBuilder(registration: registration, options: options).build(
            parameters: parameters, catchAll: catchAll, query: query
        ) { url, host in
            table.lookup(
                url, method: registration.method, host: host, variants: registration.variant.map { [$0] } ?? [])
        }
    }
}
