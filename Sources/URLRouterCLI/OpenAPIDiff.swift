import Foundation
@_spi(HandlerRouter) @_spi(Tools) package import URLRouter

/// `urlrouter diff old.yaml new.yaml`: what serving one OpenAPI document's operations instead of
/// another's changes. The operations added, removed and changed (by `operationId`: its method or
/// template is another), and the requests that reach another operation, or none, each with both
/// answers: what deploying the new document does to live traffic, before it happens.
///
/// Both documents are routed as the transports route them (``OpenAPIRouteTable``). The requests
/// are the caller's (a log of `METHOD URL` lines, as the route-file `diff` reads), or one example
/// of each operation of either document. A request changes when the operation that answers it
/// changes (another `operationId`, or an answer for a miss); parameters renamed within one
/// operation do not change it.
package struct OpenAPIDiff: Sendable {
    /// An operation that both documents have, with another method or template.
    package struct Changed: Sendable {
        /// The operation as `old` has it.
        package var old: OpenAPIDocument.Operation
        /// The operation as `new` has it.
        package var new: OpenAPIDocument.Operation
    }

    /// A request that reaches another operation.
    package struct Change: Sendable {
        /// The request's method.
        package var method: String
        /// The request's URL.
        package var url: String
        /// The operation that answers it serving `old` (``OpenAPIDocument/Operation/identifier``),
        /// or the miss's reason.
        package var old: String
        /// The same, serving `new`.
        package var new: String
    }

    /// The documents' paths.
    package var oldPath: String
    package var newPath: String
    /// Operations of `new` that `old` lacks (by ``OpenAPIDocument/Operation/identifier``).
    package var added: [OpenAPIDocument.Operation] = []
    /// Operations of `old` that `new` lacks.
    package var removed: [OpenAPIDocument.Operation] = []
    /// Operations of both with another method or template.
    package var changed: [Changed] = []
    /// How many requests were looked up in both.
    package var requestCount = 0
    /// The requests whose operation changes, in request order.
    package var changes: [Change] = []

    /// Compares `old` and `new` under `options` over `requests` (`(method, url)`), or over an
    /// example of each operation of either when `requests` is `nil`.
    package init(
        old: OpenAPIDocument, new: OpenAPIDocument, options: RouterOptions,
        requests: [(method: String, url: String)]?
    ) {
        oldPath = old.path
        newPath = new.path
        let before = Dictionary(old.operations.map { ($0.identifier, $0) }) { first, _ in first }
        let after = Dictionary(new.operations.map { ($0.identifier, $0) }) { first, _ in first }
        added = new.operations.filter { before[$0.identifier] == nil }
        removed = old.operations.filter { after[$0.identifier] == nil }
        changed = old.operations.compactMap { operation in
            guard let now = after[operation.identifier],
                now.method != operation.method || now.template != operation.template
            else { return nil }
            return Changed(old: operation, new: now)
        }
        let oldTable = OpenAPIRouteTable(document: old, options: options)
        let newTable = OpenAPIRouteTable(document: new, options: options)
        let asked = requests ?? RouteFileDiff.examples(of: [oldTable.table, newTable.table])
        requestCount = asked.count
        for request in asked {
            let was = oldTable.answer(method: request.method, url: request.url)
            let now = newTable.answer(method: request.method, url: request.url)
            if was != now { changes.append(Change(method: request.method, url: request.url, old: was, new: now)) }
        }
    }

    /// Whether serving `new` changes anything at all.
    package var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty && changes.isEmpty }

    /// The report for a person: `+`, `-` and `~` lines for operations, then each changed request
    /// as `METHOD URL: old -> new`.
    package var text: String {
        var lines: [String] = []
        lines += added.map { "+ \($0.name)  (\(newPath):\($0.line))" }
        lines += removed.map { "- \($0.name)  (\(oldPath):\($0.line))" }
        lines += changed.map {
            "~ '\($0.old.identifier)': \($0.old.method) \($0.old.template) -> \($0.new.method) \($0.new.template)  (\(newPath):\($0.new.line))"
        }
        lines += changes.map { "\($0.method) \($0.url): \($0.old) -> \($0.new)" }
        let operations = "\(added.count) added, \(removed.count) removed, \(changed.count) changed"
        let requests =
            "\(changes.count) of \(requestCount) request\(requestCount == 1 ? "" : "s") reach another operation"
        lines.append("operations: \(operations); \(requests)")
        return lines.joined(separator: "\n")
    }

    /// The report as one JSON object.
    package var json: String {
        func operation(_ operation: OpenAPIDocument.Operation, in path: String) -> [String: Any] {
            [
                "operation": operation.identifier, "method": operation.method, "template": operation.template,
                "location": "\(path):\(operation.line)",
            ]
        }
        let object: [String: Any] = [
            "added": added.map { operation($0, in: newPath) },
            "removed": removed.map { operation($0, in: oldPath) },
            "changed": changed.map { ["old": operation($0.old, in: oldPath), "new": operation($0.new, in: newPath)] },
            "requests": requestCount,
            "changedRequests": changes.map { ["method": $0.method, "url": $0.url, "old": $0.old, "new": $0.new] },
        ]
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
