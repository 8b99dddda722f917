import Foundation

/// A route file, read: the routes and rewrite rules a server serves from a file, each with the
/// line it was written at, for ``LiveRouteTable``, the integrations and the `urlrouter` command
/// (a tool's API, behind the `Tools` SPI).
///
/// Two formats, told apart by the first character that is not white space:
///
/// - **Lines**: one route per line, `METHOD /pattern`, optionally followed by the name of the
///   handler that answers it (`GET /users/:id showUser`); a host pattern written right before the
///   pattern's first `/` binds the route to it, as Go's `ServeMux` writes it
///   (`GET {tenant}.example.com/users/:id showUser`, SEMANTICS.md section 11); `rewrite EXPRESSION TARGET` for a
///   rewrite rule (the word `rewrite` in lower case); blank lines and `#` comments are skipped.
///   A file of `rewrite` lines only is a rewrite-rule file.
/// - **A JSON route map** (FTRouter's format, first character `{`): `{"pattern": "Handler"}`, or
///   `{"scheme": {"pattern": "Handler"}}`; its routes answer any method, in pattern order, as
///   `Router.registerRoutes(json:handler:)` registers them.
///
/// ```swift
/// let file = try RouteFile(contentsOf: "routes.txt")
/// for route in file.routes { print(route.line, route.method ?? "any", route.pattern, route.handler ?? "-") }
/// ```
@_spi(Tools) public struct RouteFile: Sendable {
    /// One route of the file.
    public struct Route: Sendable {
        /// The HTTP method, upper case, or `nil` (a JSON route map's routes answer any method).
        public var method: String?
        /// The pattern; a nested JSON group's scheme is in front.
        public var pattern: String
        /// The host pattern written before the pattern (`api.example.com/users`), or `nil`.
        public var host: String?
        /// The name of the handler that answers it, or `nil` when the line names none.
        public var handler: String?
        /// The 1-based line.
        public var line: Int
        /// The 1-based column of the pattern's first character.
        public var column: Int
        /// How many characters of ``pattern`` the file does not hold at ``column`` (the scheme a
        /// nested JSON group puts in front): what ``column(ofOffset:)`` takes off a pattern offset.
        var shift: Int = 0
        /// The 1-based column of the handler's name on a line (a JSON map's: the key's).
        var handlerColumn: Int = 0
        /// The 1-based column of the host pattern, when the line has one.
        var hostColumn: Int = 0

        /// A route written at `line` and `column` of a file of another format (an OpenAPI
        /// document's operation, for `urlrouter lint`).
        public init(method: String?, pattern: String, handler: String?, line: Int, column: Int) {
            self.init(method: method, pattern: pattern, host: nil, handler: handler, line: line, column: column)
        }

        /// A route with every field, as the file's reader finds it.
        init(
            method: String?, pattern: String, host: String? = nil, handler: String?, line: Int, column: Int,
            shift: Int = 0,
            handlerColumn: Int = 0, hostColumn: Int = 0
        ) {
            self.method = method
            self.pattern = pattern
            self.host = host
            self.handler = handler
            self.line = line
            self.column = column
            self.shift = shift
            self.handlerColumn = handlerColumn
            self.hostColumn = hostColumn
        }

        /// The 1-based column of `offset`, a UTF-8 offset into ``pattern`` (a ``RouterError``'s):
        /// ``column`` for none.
        public func column(ofOffset offset: Int?) -> Int { column + max(0, (offset ?? 0) - shift) }

        /// The 1-based column of `error`'s offset: into the host pattern when the error is about
        /// it, else into the pattern.
        public func column(of error: RouterError) -> Int {
            if let host, hostColumn > 0, error.input == host { return hostColumn + (error.offset ?? 0) }
            return column(ofOffset: error.offset)
        }
    }

    /// One rewrite rule of the file: `rewrite EXPRESSION TARGET`.
    public struct RewriteRule: Sendable {
        /// The regular expression.
        public var expression: String
        /// The target, with `$1` for the first group.
        public var target: String
        /// The 1-based line.
        public var line: Int
    }

    /// Something wrong with a file or one of its lines, as a compiler reports it:
    /// `file:line:column: message` (a ``RouteProblem`` at a place, ``RouteProblem/init(at:error:)``).
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// The file.
        public var file: String
        /// The 1-based line, or 0 for the file as a whole.
        public var line: Int
        /// The 1-based column, or 0 for the line as a whole.
        public var column: Int
        /// What is wrong.
        public var message: String

        /// Makes a problem.
        public init(file: String, line: Int, column: Int = 0, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }

        /// `file:line:column: message`, without the parts that are 0.
        public var description: String {
            switch (line, column) {
            case (0, _): "\(file): \(message)"
            case (_, 0): "\(file):\(line): \(message)"
            default: "\(file):\(line):\(column): \(message)"
            }
        }
    }

    /// The largest file read (16 MiB): a route file is text a person or a deploy tool writes.
    static let maxBytes = 16 << 20

    /// The file's path, as given.
    public let path: String
    /// Whether the file is a JSON route map.
    let isJSON: Bool
    /// The routes, in file order (a JSON route map's in pattern order).
    public let routes: [Route]
    /// The rewrite rules, in file order.
    public let rewriteRules: [RewriteRule]
    /// The lines that are neither a route nor a rule (``init(text:path:)`` throws when there is one).
    public let lineProblems: [Problem]

    /// Reads the file at `path`.
    ///
    /// - Throws: ``RouteValidationError`` listing every line that is neither a route nor a rule,
    ///   or why the file cannot be read (missing, not UTF-8, larger than 16 MiB, or a JSON map in
    ///   no shape a router reads).
    public init(contentsOf path: String) throws(RouteValidationError) {
        self = try RouteFile.lenient(contentsOf: path).strict()
    }

    /// Reads `text`; `path` names it in problems.
    ///
    /// - Throws: ``RouteValidationError`` as ``init(contentsOf:)`` does.
    public init(text: String, path: String) throws(RouteValidationError) {
        let file: RouteFile
        do {
            file = try RouteFile(lenientText: text, path: path)
        } catch {
            throw RouteValidationError(error)
        }
        self = try file.strict()
    }

    /// Reads `path`, keeping the lines that are neither a route nor a rule in ``lineProblems``
    /// rather than refusing the file (`urlrouter lint` reports them with the rest).
    ///
    /// - Throws: a ``RouteValidationError`` with the one problem about the file as a whole.
    public static func lenient(contentsOf path: String) throws(RouteValidationError) -> RouteFile {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > maxBytes {
                throw Problem(file: path, line: 0, message: "larger than \(maxBytes >> 20) MiB (\(size) bytes)")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let problem as Problem {
            throw RouteValidationError(problem)
        } catch {
            throw RouteValidationError(
                Problem(file: path, line: 0, message: "cannot read the file: \(error.localizedDescription)"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw RouteValidationError(Problem(file: path, line: 0, message: "not UTF-8 text"))
        }
        do {
            return try RouteFile(lenientText: text, path: path)
        } catch {
            throw RouteValidationError(error)
        }
    }

    /// The routes of a file of another format (an OpenAPI document's operations), at the lines
    /// they were read from.
    public init(path: String, routes: [Route]) {
        self.path = path
        isJSON = false
        self.routes = routes
        rewriteRules = []
        lineProblems = []
    }

    /// Reads `text` as ``lenient(contentsOf:)`` reads a file.
    public init(lenientText text: String, path: String) throws(Problem) {
        self.path = path
        isJSON = text.first { !$0.isWhitespace } == "{"
        if isJSON {
            routes = try RouteFile.jsonRoutes(text, path: path)
            rewriteRules = []
            lineProblems = []
        } else {
            (routes, rewriteRules, lineProblems) = RouteFile.lines(text, path: path)
        }
    }

    /// This file, or the error listing its line problems.
    private func strict() throws(RouteValidationError) -> RouteFile {
        guard lineProblems.isEmpty else {
            throw RouteValidationError(problems: lineProblems.map { RouteProblem(at: $0) })
        }
        return self
    }

    /// `file:line:column` of `offset` (a UTF-8 offset into the pattern, as a ``RouterError``'s) in `route`.
    public func location(of route: Route, offset: Int? = nil) -> String {
        "\(path):\(route.line):\(route.column(ofOffset: offset))"
    }

    /// The routes, rules and problems of a text of lines.
    static func lines(_ text: String, path: String) -> ([Route], [RewriteRule], [Problem]) {
        var routes: [Route] = []
        var rules: [RewriteRule] = []
        var problems: [Problem] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let fields = line.split(omittingEmptySubsequences: true) { $0 == " " || $0 == "\t" }
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            func column(_ field: Substring) -> Int { line.distance(from: line.startIndex, to: field.startIndex) + 1 }
            func problem(_ message: String, at field: Substring? = nil) {
                problems.append(Problem(file: path, line: index + 1, column: column(field ?? first), message: message))
            }
            if first == "rewrite" {
                guard fields.count == 3 else {
                    problem("expected 'rewrite EXPRESSION TARGET', found \(fields.count - 1) fields after 'rewrite'")
                    continue
                }
                rules.append(RewriteRule(expression: String(fields[1]), target: String(fields[2]), line: index + 1))
                continue
            }
            guard fields.count == 2 || fields.count == 3 else {
                problem(
                    "expected 'METHOD /pattern' or 'METHOD /pattern HANDLER', found '\(fields.joined(separator: " "))'")
                continue
            }
            guard let method = HTTPMethodName.normalized(String(first)) else {
                problem("'\(first)' is not an HTTP method")
                continue
            }
            var pattern = fields[1]
            var host: Substring?
            if !pattern.hasPrefix("/"), !pattern.contains("://"), let slash = pattern.firstIndex(of: "/") {
                host = pattern[..<slash]
                pattern = pattern[slash...]
            }
            guard pattern.hasPrefix("/") || pattern.contains("://") else {
                problem(
                    "a pattern starts with '/', a host ('api.example.com/') or a scheme ('app://'), found '\(fields[1])'",
                    at: fields[1])
                continue
            }
            routes.append(
                Route(
                    method: method, pattern: String(pattern), host: host.map(String.init),
                    handler: fields.count == 3 ? String(fields[2]) : nil, line: index + 1, column: column(pattern),
                    handlerColumn: column(fields.last!), hostColumn: host.map(column) ?? 0))
        }
        return (routes, rules, problems)
    }

    /// A JSON route map's routes, each at the line and column of its key.
    static func jsonRoutes(_ text: String, path: String) throws(Problem) -> [Route] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw Problem(file: path, line: 0, message: "not valid JSON: \(error.localizedDescription)")
        }
        let flat: [(pattern: String, target: String)]
        do {
            flat = try RouteMap.entries(of: object)
        } catch {
            throw Problem(file: path, line: 0, message: error.description)
        }
        let groups = (object as? [String: Any]) ?? [:]
        let lines = LineIndex(text)
        return flat.map { entry in
            // A flat entry's key is the pattern; a nested one's is the path inside its scheme's object.
            if groups[entry.pattern] is String, let at = lines.keyOffset(entry.pattern, in: text) {
                let (line, column) = lines.position(of: at + 1)
                return Route(method: nil, pattern: entry.pattern, handler: entry.target, line: line, column: column)
            }
            let scheme = String(entry.pattern.prefix { $0 != ":" })
            let rest = String(entry.pattern.dropFirst(scheme.count + 3))
            let group = (groups[scheme] as? [String: Any]) ?? [:]
            let key = group.keys.first { $0.drop { $0 == "/" } == rest } ?? rest
            let start = lines.keyOffset(scheme, in: text) ?? 0
            let at = lines.keyOffset(key, in: text, after: start) ?? start
            let (line, column) = lines.position(of: at + 1)
            let shift = scheme.utf8.count + 3 - (key.utf8.count - rest.utf8.count)
            return Route(
                method: nil, pattern: entry.pattern, host: nil, handler: entry.target, line: line, column: column,
                shift: shift)
        }
    }
}

extension RouteValidationError {
    /// The error of one problem with a file as a whole.
    init(_ problem: RouteFile.Problem) {
        self.init(problems: [RouteProblem(at: problem)])
    }
}

/// Byte offsets of a text's lines, to turn an offset into a line and column.
private struct LineIndex {
    var starts: [Int] = [0]

    init(_ text: String) {
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    }

    /// The 1-based line and column of a UTF-8 offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let line = (starts.lastIndex { $0 <= offset } ?? 0)
        return (line + 1, offset - starts[line] + 1)
    }

    /// The offset of the opening quote of `key` written as a JSON object key (`"key"` then `:`),
    /// searching from `after`.
    func keyOffset(_ key: String, in text: String, after: Int = 0) -> Int? {
        guard let encoded = try? JSONSerialization.data(withJSONObject: [key], options: [.withoutEscapingSlashes])
        else { return nil }
        let quoted = Array(Array(encoded).dropFirst().dropLast())  // `"key"` from `["key"]`
        let bytes = Array(text.utf8)
        var start = after
        while start + quoted.count <= bytes.count {
            guard let found = bytes[start...].firstRange(of: quoted) else { return nil }
            var next = found.upperBound
            while next < bytes.count,
                bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")
                    || bytes[next] == UInt8(ascii: "\n") || bytes[next] == UInt8(ascii: "\r")
            {
                next += 1
            }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":") { return found.lowerBound }
            start = found.upperBound
        }
        return nil
    }
}
