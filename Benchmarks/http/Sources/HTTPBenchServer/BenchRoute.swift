import URLRouterConformance

/// One line of a route file (`GET /repos/:owner/:repo`): the method, the path, and the names of its
/// parameters, which every handler reads.
struct BenchRoute: Sendable {
    let method: String
    let path: String
    let parameterNames: [String]

    /// The routes of a route file (read by `RouteSet`, as `urlrouter bench` reads it).
    static func load(_ file: String) throws -> [BenchRoute] {
        try RouteSet.lines(inFile: file).map { _, line in
            let names = line.path.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
            return BenchRoute(method: line.method, path: line.path, parameterNames: names)
        }
    }

    /// What every server answers: the route and its parameters, `GET /users/:user user=octocat`.
    func answer(_ value: (String) -> String?) -> String {
        var body = method + " " + path
        for name in parameterNames {
            body += " " + name + "=" + (value(name) ?? "")
        }
        return body
    }
}

/// A route file or option the server cannot use.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
