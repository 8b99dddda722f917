import Foundation
import URLRouter

/// A route file as `urlrouter match --routes` and `urlrouter lint` read it: `METHOD /pattern`
/// lines (the format of `Benchmarks/Routes`; blank lines and `#` comments skipped), or a JSON
/// route table in FTRouter's format (`{"pattern": "Target"}`, or `{"scheme": {"pattern": "Target"}}`),
/// each route with the line and column it was written at.
package struct RouteFile: Sendable {
    /// One route of the file.
    package struct Entry: Sendable, Hashable {
        /// The HTTP method, or `nil` (a JSON table's routes answer any method).
        package var method: String?
        /// The pattern; a nested JSON group's scheme is in front.
        package var pattern: String
        /// A JSON table's target (FTRouter's destination), or `nil`.
        package var target: String?
        /// The 1-based line.
        package var line: Int
        /// The 1-based column of the pattern's first character.
        package var column: Int
        /// How many characters of ``pattern`` the file does not hold at ``column`` (the scheme a
        /// nested JSON group puts in front), so a pattern offset `o` is at column `column + o - shift`.
        package var shift: Int = 0
    }

    /// A line or file that cannot be read, as a compiler reports it: `file:line:column: message`.
    package struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file.
        package var file: String
        /// The 1-based line (0: the file as a whole).
        package var line: Int
        /// The 1-based column (0: the line as a whole).
        package var column: Int
        /// What is wrong.
        package var message: String

        package var description: String {
            line == 0 ? "\(file): \(message)" : "\(file):\(line):\(column): \(message)"
        }
    }

    /// The file's path.
    package var path: String
    /// Whether the file is a JSON route map (FTRouter's format).
    package var isJSON: Bool
    /// The routes, in file order (a JSON table's sorted by pattern, as ``Router/registerRoutes(json:handler:)``
    /// registers them).
    package var entries: [Entry]
    /// Lines that are not `METHOD /pattern` (a text file goes on past them).
    package var problems: [Problem]

    /// Reads `path`: a JSON table when its first non-blank character is `{`, otherwise lines.
    ///
    /// - Throws: ``Problem`` when the file cannot be read, or is a JSON table in no shape a router reads.
    package init(contentsOf path: String) throws(Problem) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Problem(
                file: path, line: 0, column: 0, message: "cannot read the file: \(error.localizedDescription)")
        }
        try self.init(text: text, path: path)
    }

    /// Reads `text`; `path` names it in problems.
    package init(text: String, path: String) throws(Problem) {
        self.path = path
        isJSON = text.first { !$0.isWhitespace } == "{"
        if isJSON {
            entries = try RouteFile.jsonEntries(text, path: path)
            problems = []
        } else {
            (entries, problems) = RouteFile.lineEntries(text, path: path)
        }
    }

    /// `file:line:column` of `offset` (a UTF-8 offset into the pattern, as ``RouterError/offset``) in `entry`.
    package func location(of entry: Entry, offset: Int? = nil) -> String {
        "\(path):\(entry.line):\(entry.column + max(0, (offset ?? 0) - entry.shift))"
    }

    /// The `METHOD /pattern` lines of `text`, and the lines that are not.
    static func lineEntries(_ text: String, path: String) -> ([Entry], [Problem]) {
        var entries: [Entry] = []
        var problems: [Problem] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 2, let method = HTTPMethodName.normalized(String(fields[0])),
                fields[1].hasPrefix("/") || fields[1].contains("://")
            else {
                let column = line.distance(from: line.startIndex, to: fields.first?.startIndex ?? line.startIndex) + 1
                problems.append(
                    Problem(
                        file: path, line: index + 1, column: column,
                        message: "expected 'METHOD /pattern', found '\(trimmed)'"))
                continue
            }
            let column = line.distance(from: line.startIndex, to: fields[1].startIndex) + 1
            entries.append(Entry(method: method, pattern: String(fields[1]), line: index + 1, column: column))
        }
        return (entries, problems)
    }

    /// A JSON table's routes, each at the line and column of its key.
    static func jsonEntries(_ text: String, path: String) throws(Problem) -> [Entry] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw Problem(file: path, line: 0, column: 0, message: "not valid JSON: \(error.localizedDescription)")
        }
        let flat: [(pattern: String, target: String)]
        do {
            flat = try Router.entries(of: object)
        } catch {
            throw Problem(file: path, line: 0, column: 0, message: error.description)
        }
        let groups = (object as? [String: Any]) ?? [:]
        let lines = LineIndex(text)
        return flat.map { entry in
            // A flat entry's key is the pattern; a nested one's is the path inside its scheme's object.
            if groups[entry.pattern] is String, let at = lines.keyOffset(entry.pattern, in: text) {
                let (line, column) = lines.position(of: at + 1)
                return Entry(method: nil, pattern: entry.pattern, target: entry.target, line: line, column: column)
            }
            let scheme = String(entry.pattern.prefix { $0 != ":" })
            let rest = String(entry.pattern.dropFirst(scheme.count + 3))
            let group = (groups[scheme] as? [String: Any]) ?? [:]
            let key = group.keys.first { $0.drop { $0 == "/" } == rest } ?? rest
            let start = lines.keyOffset(scheme, in: text) ?? 0
            let at = lines.keyOffset(key, in: text, after: start) ?? start
            let (line, column) = lines.position(of: at + 1)
            let shift = scheme.utf8.count + 3 - (key.utf8.count - rest.utf8.count)
            return Entry(
                method: nil, pattern: entry.pattern, target: entry.target, line: line, column: column, shift: shift)
        }
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
