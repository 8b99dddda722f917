import Foundation

/// One line of a route file (`GET /repos/:owner/:repo`): the method, the path, and the names of its
/// parameters, which every handler reads.
struct BenchRoute: Sendable {
    let method: String
    let path: String
    let parameterNames: [String]

    /// The routes of `file`, one `METHOD /path` per line; blank lines and `#` comments are skipped.
    static func load(_ file: String) throws -> [BenchRoute] {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var routes: [BenchRoute] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(separator: " ")
            guard fields.count == 2, fields[1].hasPrefix("/") else {
                throw BenchError("\(file):\(index + 1): expected `METHOD /path`, got \(trimmed.debugDescription)")
            }
            let names = fields[1].split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
            routes.append(BenchRoute(method: String(fields[0]), path: String(fields[1]), parameterNames: names))
        }
        return routes
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
