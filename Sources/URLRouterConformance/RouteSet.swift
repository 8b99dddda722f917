import Foundation
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter
public import URLRouterHandlers

/// A route set in the format of `Benchmarks/Routes`: one
/// `METHOD /path/:param` per line, and requests `METHOD /path` whose line i is best matched by route i.
public struct RouteSet: Sendable {
    /// A `METHOD path` line.
    public struct Line: Sendable, Hashable {
        /// The HTTP method.
        public var method: String
        /// The path pattern or request path.
        public var path: String

        /// Makes a line.
        public init(method: String, path: String) {
            self.method = method
            self.path = path
        }
    }

    /// The name shown in reports.
    public var name: String
    /// The routes, in order.
    public var routes: [Line]
    /// The requests; request i's best match is route i.
    public var requests: [Line]
    /// The route file and the 1-based line of each route, for a set read from files.
    package var routeSource: (file: String, lines: [Int])?

    /// A malformed route or request file: which file and line.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        /// The file.
        public var file: String
        /// The 1-based line.
        public var line: Int
        /// What is wrong.
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// Makes a route set.
    public init(name: String, routes: [Line], requests: [Line]) {
        self.name = name
        self.routes = routes
        self.requests = requests
    }

    /// Reads a route file and its request file.
    public init(routesFile: String, requestsFile: String) throws {
        name = URL(fileURLWithPath: routesFile).deletingPathExtension().lastPathComponent
        let numbered = try RouteSet.lines(inFile: routesFile)
        routes = numbered.map(\.line)
        routeSource = (routesFile, numbered.map(\.number))
        requests = try RouteSet.lines(inFile: requestsFile).map(\.line)
        guard routes.count == requests.count else {
            throw FormatError(
                file: requestsFile, line: requests.count,
                message: "\(requests.count) requests for \(routes.count) routes: request i must be for route i")
        }
    }

    /// The `METHOD /path` lines of a route or request file, each with its 1-based line number;
    /// blank lines and `#` comments are skipped. The example server and the HTTP load comparison
    /// read their route files with it.
    ///
    /// - Throws: ``FormatError`` naming the file and line of a line that is not `METHOD /path`, or
    ///   the error reading the file.
    public static func lines(inFile file: String) throws -> [(number: Int, line: Line)] {
        let read: RouteFile
        do {
            read = try RouteFile.lenient(contentsOf: file)
        } catch {
            throw FormatError(file: file, line: 0, message: error.problems.map(\.error.message).joined(separator: "; "))
        }
        if let problem = read.lineProblems.first {
            throw FormatError(file: file, line: problem.line, message: problem.message)
        }
        return read.routes.map { ($0.line, Line(method: $0.method ?? "", path: $0.pattern)) }
    }

    /// A deterministic synthetic table of `count` routes, like the synthetic sets of `Benchmarks/Routes`:
    /// 2–5 segments, the first static, about 30% params, GET only; requests put digits in params.
    public static func synthetic(_ count: Int, seed: UInt64 = 2026) -> RouteSet {
        var state = seed ^ UInt64(count)
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func word() -> String {
            let consonants = Array("bcdfghjklmnprstvz")
            let vowels = Array("aeiou")
            return String(
                (0..<Int(2 + next() % 4)).flatMap { _ in
                    [consonants[Int(next() % UInt64(consonants.count))], vowels[Int(next() % UInt64(vowels.count))]]
                })
        }
        let firstWords = (0..<max(1, count / 50)).map { _ in word() }
        var seen: Set<String> = []
        var routes: [Line] = []
        var requests: [Line] = []
        while routes.count < count {
            var pattern = "/" + firstWords[Int(next() % UInt64(firstWords.count))]
            var request = pattern
            var parameter = 0
            for _ in 1..<Int(2 + next() % 4) {
                if next() % 10 < 3 {
                    parameter += 1
                    pattern += "/:p\(parameter)"
                    request += "/\(next() % 100_000)"
                } else {
                    let literal = word()
                    pattern += "/" + literal
                    request += "/" + literal
                }
            }
            // The same shape twice (ignoring parameter names) would make two routes tie.
            let shape = pattern.replacingOccurrences(of: #":p\d+"#, with: ":", options: .regularExpression)
            guard seen.insert(shape).inserted else { continue }
            routes.append(Line(method: "GET", path: pattern))
            requests.append(Line(method: "GET", path: request))
        }
        return RouteSet(name: "synthetic-\(count)", routes: routes, requests: requests)
    }

    /// Where route `index` comes from: `file:line` for a set read from files, otherwise the
    /// set's name and the route's 1-based position.
    public func location(ofRoute index: Int) -> String {
        guard let routeSource else { return "\(name): route \(index + 1)" }
        return "\(routeSource.file):\(routeSource.lines[index])"
    }

    /// A typed table holding the set's routes, each bound to its index; by default under
    /// SEMANTICS.md's defaults (no request checks, as the routers it is compared with have none).
    public func typedTable(
        backend: RouterBackend, options: RouterOptions = .handlerRouter
    ) throws(RouteValidationError) -> RouteTable<Int> {
        try RouteTable(tableRoutes, options: options, backend: backend)
    }

    /// The set's routes for a typed table, each bound to its index.
    public var tableRoutes: [RouteTable<Int>.Route] {
        routes.enumerated().map { RouteTable<Int>.Route($1.path, method: $1.method, value: $0) }
    }

    /// `error`, refusing one of the set's routes, as a ``FormatError`` naming the route's file and
    /// line (or, for a generated set, its position), when the route can be told.
    public func locating(_ error: RouteValidationError) -> any Error {
        guard let problem = error.problems.first, let index = problem.route, routes.indices.contains(index) else {
            return error
        }
        let file = routeSource?.file ?? name
        return FormatError(file: file, line: routeSource?.lines[index] ?? index + 1, message: problem.error.description)
    }

    /// `error`, refusing one of the set's routes, as a ``FormatError`` naming the route's file and line.
    public func locating(_ error: RouterError) -> any Error {
        guard let index = routes.firstIndex(where: { $0.path == error.input }) else { return error }
        let file = routeSource?.file ?? name
        return FormatError(file: file, line: routeSource?.lines[index] ?? index + 1, message: error.description)
    }

    /// A router holding the set's routes, each named by its index.
    public func router(backend: RouterBackend) throws(RouterError) -> Router {
        let router = Router(backend: backend)
        try router.register(
            contentsOf: routes.enumerated().map { index, line in
                RouteDefinition(line.path, method: line.method, name: String(index), handler: .action { _ in })
            })
        return router
    }

    /// A request whose winner was not its own route.
    package struct WrongAnswer: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The request, `METHOD /path`.
        package var request: String
        /// Its own route, `METHOD /pattern`, and where it is.
        package var expected: String
        /// The route that won, `METHOD /pattern`, or the miss reason.
        package var got: String

        package var description: String { "\(request): expected \(expected), got \(got)" }
    }

    /// The requests whose winner in `table` (built by ``router(backend:)``) is not their own route.
    package func wrongAnswers(in table: RouteTable<RouteHandler>) -> [WrongAnswer] {
        requests.indices.compactMap { index in
            let request = requests[index]
            let got: String
            switch table.lookup(method: request.method, url: request.path) {
            case .success(let match):
                if match.route.name == String(index) { return nil }
                let winner = Int(match.route.name ?? "").map { routes[$0] }
                got = winner.map { "\($0.method) \($0.path)" } ?? match.route.pattern
            case .failure(let miss):
                got = miss.reason.name
            }
            return WrongAnswer(
                request: "\(request.method) \(request.path)",
                expected: "\(routes[index].method) \(routes[index].path) (\(location(ofRoute: index)))", got: got)
        }
    }
}
