import Foundation
import OpenAPIKit
import OpenAPIKit30
import Yams

/// An OpenAPI document (3.0, 3.1 or 3.2; YAML or JSON) as `urlrouter lint` reads it: its
/// operations and its servers, each at the line it is written on.
///
/// OpenAPIKit decodes the document and resolves its local references, so that a document it
/// refuses is refused here, with its reason; Yams' node tree says where each part is written,
/// which a decoded document no longer knows. The operations are read from that tree, their path
/// templates as written, and a path item given by a `$ref` is read where the reference points.
package struct OpenAPIDocument: Sendable {
    /// One operation: a method at a path template.
    package struct Operation: Sendable, Hashable {
        /// The HTTP method, upper case.
        package var method: String
        /// The path template, as written.
        package var template: String
        /// The operation's `operationId`, when it has one.
        package var operationID: String?
        /// Where the operation's method is written (1-based).
        package var line: Int
        package var column: Int

        /// Its `operationId`, or `METHOD template` when it has none: what JSON findings name it by.
        package var identifier: String { operationID ?? "\(method) \(template)" }

        /// How findings name it: `'getUser' (GET /users/{id})`, or `GET /users/{id}` without an id.
        package var name: String {
            operationID.map { "'\($0)' (\(method) \(template))" } ?? "\(method) \(template)"
        }
    }

    /// One entry of the document's `servers`.
    package struct Server: Sendable, Hashable {
        /// The URL, as written (variables and all).
        package var url: String
        /// The URL's path without a final `/` (`""` for none): what a transport serves under.
        package var basePath: String
        /// Where the URL is written.
        package var line: Int
    }

    /// Why a document cannot be read: what, and where.
    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var file: String
        package var line: Int
        package var column: Int
        package var message: String

        /// `file:line:column: message`.
        package var description: String { "\(file):\(line):\(column): \(message)" }
    }

    /// The document's path, as given.
    package let path: String
    /// The `openapi` field (`3.1.0`).
    package let version: String
    /// Every operation, in document order.
    package let operations: [Operation]
    /// The document's servers, in order.
    package let servers: [Server]
    /// What was read but not followed: `$ref`s to other documents, which leave their path items
    /// out of the operations.
    package let notes: [Problem]

    /// The HTTP methods a path item names operations by (OpenAPI 3.2 adds `query`).
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    /// Whether `lint` reads the file at `path` as an OpenAPI document: a `.yaml` or `.yml` file
    /// (route files are lines or JSON), or a JSON object with an `openapi` or `swagger` field (a
    /// JSON route map's keys are patterns and schemes).
    package static func isOpenAPI(path: String) -> Bool {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") { return true }
        guard let data = FileManager.default.contents(atPath: path),
            data.first(where: { !" \t\r\n".utf8.contains($0) }) == UInt8(ascii: "{"),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return object["openapi"] != nil || object["swagger"] != nil
    }

    /// Reads the document at `path`.
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
        func problem(_ node: Node?, _ message: String) -> Problem {
            Problem(file: path, line: node?.mark?.line ?? 1, column: node?.mark?.column ?? 1, message: message)
        }
        let parsed: Node?
        do {
            parsed = try Yams.compose(yaml: text)
        } catch {
            throw Self.problem(reading: error, path: path)
        }
        guard let root = parsed, let top = root.mapping else {
            throw problem(parsed, "not an OpenAPI document: its top level is not a mapping")
        }
        guard let versionNode = top["openapi"], let version = versionNode.string else {
            if top["swagger"] != nil {
                throw problem(top["swagger"], "a Swagger 2.0 document: lint reads OpenAPI 3.0, 3.1 and 3.2")
            }
            throw problem(root, "not an OpenAPI document: it has no 'openapi' field")
        }
        self.path = path
        self.version = version

        // Every `$ref` within the document must resolve; one to another document is noted and not followed.
        var notes: [Problem] = []
        var external = false
        for (reference, node) in Self.references(in: root) {
            if reference.hasPrefix("#") {
                guard Self.resolve(reference, in: root) != nil else {
                    throw problem(node, "the $ref '\(reference)' does not resolve: nothing in the document is there")
                }
            } else {
                external = true
                notes.append(
                    problem(node, "the $ref '\(reference)' points into another document, which lint does not read"))
            }
        }

        // OpenAPIKit's reading of the document: what it refuses is refused here.
        do {
            let decoder = YAMLDecoder()
            if version.hasPrefix("3.0.") {
                let document = try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: text)
                if !external { _ = try document.locallyDereferenced() }
            } else if version.hasPrefix("3.1.") || version.hasPrefix("3.2.") {
                let document = try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: text)
                if !external { _ = try document.locallyDereferenced() }
            } else {
                throw problem(versionNode, "OpenAPI \(version) is not read: lint reads 3.0, 3.1 and 3.2")
            }
        } catch let refused as Problem {
            throw refused
        } catch let error as DecodingError {
            let wrapped = OpenAPIKit.OpenAPI.Error(from: error)
            throw problem(
                Self.node(at: wrapped.codingPath, in: root),
                "not a valid OpenAPI \(version) document: \(Self.oneLine(wrapped.localizedDescription))")
        } catch {
            throw problem(root, "not a valid OpenAPI \(version) document: \(error)")
        }

        var operations: [Operation] = []
        for (key, value) in top["paths"]?.mapping ?? [:] {
            guard let template = key.string else { continue }
            var item = value
            if let reference = value.mapping?["$ref"]?.string {
                guard reference.hasPrefix("#"), let target = Self.resolve(reference, in: root) else { continue }
                item = target
            }
            for (field, operation) in item.mapping ?? [:] {
                guard let name = field.string else { continue }
                var methods: [(String, Node, Node)] = []
                if Self.methods.contains(name) {
                    methods = [(name.uppercased(), field, operation)]
                } else if name == "additionalOperations" {
                    methods = (operation.mapping ?? [:]).compactMap { key, value in
                        key.string.map { ($0.uppercased(), key, value) }
                    }
                }
                for (method, place, body) in methods {
                    operations.append(
                        Operation(
                            method: method, template: template, operationID: body.mapping?["operationId"]?.string,
                            line: place.mark?.line ?? key.mark?.line ?? 1, column: place.mark?.column ?? 1))
                }
            }
        }
        self.operations = operations
        servers = (top["servers"]?.sequence ?? []).compactMap { server in
            guard let url = server.mapping?["url"] else { return nil }
            guard let text = url.string else { return nil }
            return Server(url: text, basePath: Self.basePath(of: text), line: url.mark?.line ?? 1)
        }
        self.notes = notes
    }

    /// The path of a server URL, without a final `/`: `https://api.example.com/v1/` and `/v1` are
    /// `/v1`; a URL with no path is `""`.
    package static func basePath(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        return String(rest)
    }

    /// Every `$ref` in the tree under `node`, with the node that holds it, in document order.
    static func references(in node: Node) -> [(String, Node)] {
        switch node {
        case .mapping(let mapping):
            var found: [(String, Node)] = []
            for (key, value) in mapping {
                if key.string == "$ref", let reference = value.string {
                    found.append((reference, value))
                } else {
                    found += references(in: value)
                }
            }
            return found
        case .sequence(let sequence): return sequence.flatMap { references(in: $0) }
        case .scalar, .alias: return []
        }
    }

    /// The node a local reference (`#/components/schemas/User`, a JSON pointer) names, or `nil`.
    static func resolve(_ reference: String, in root: Node) -> Node? {
        guard let pointer = reference.removingPercentEncoding, pointer.hasPrefix("#") else { return nil }
        var node = root
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let mapping = node.mapping, let next = mapping[key] {
                node = next
            } else if let sequence = node.sequence, let index = Int(key), sequence.indices.contains(index) {
                node = sequence[index]
            } else {
                return nil
            }
        }
        return node
    }

    /// The deepest node of the tree that `codingPath` (a decoding error's) reaches.
    static func node(at codingPath: [any CodingKey], in root: Node) -> Node {
        var node = root
        for key in codingPath {
            if let mapping = node.mapping, let next = mapping[key.stringValue] {
                node = next
            } else if let sequence = node.sequence, let index = key.intValue, sequence.indices.contains(index) {
                node = sequence[index]
            } else {
                break
            }
        }
        return node
    }

    /// `text` on one line: its runs of white space as one space, without a final `.` doubled.
    static func oneLine(_ text: String) -> String {
        var line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        while line.hasSuffix("..") { line.removeLast() }
        return line
    }

    /// The problem of text Yams cannot read as YAML (or JSON), at the place it names.
    static func problem(reading error: any Error, path: String) -> Problem {
        guard let error = error as? YamlError else {
            return Problem(file: path, line: 1, column: 1, message: "not YAML or JSON: \(error)")
        }
        switch error {
        case .scanner(_, let what, let mark, _), .parser(_, let what, let mark, _), .composer(_, let what, let mark, _):
            return Problem(file: path, line: mark.line, column: mark.column, message: "not YAML or JSON: \(what)")
        default:
            return Problem(file: path, line: 1, column: 1, message: "not YAML or JSON: \(error)")
        }
    }
}
