@_spi(Tools) import URLRouter

/// One line of a route file (`GET /repos/:owner/:repo`): the method, the path, and the names of its
/// parameters, which every handler reads.
struct BenchRoute: Sendable {
    let method: String
    let path: String
    let parameterNames: [String]

    /// The routes of a route file, read with URLRouter's route-file reader (a bad line throws
    /// with its file and line).
    static func load(_ file: String) throws -> [BenchRoute] {
        try RouteFile(contentsOf: file).routes.map { route in
            let names = route.pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
            return BenchRoute(method: route.method ?? "GET", path: route.pattern, parameterNames: names)
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
