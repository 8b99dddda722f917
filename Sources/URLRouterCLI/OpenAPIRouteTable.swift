@_spi(HandlerRouter) @_spi(Tools) package import URLRouter
import URLRouterHandlers

/// An OpenAPI document's operations in a router, as the OpenAPI transports of both integrations
/// register them: each template turned into a pattern by ``OpenAPIPathTemplate/pattern(_:)`` (the
/// one reading), in document order, a later operation of the same route replacing an earlier one,
/// as a transport's table serves it. What `urlrouter lint` and `diff` route a document's requests
/// through.
package struct OpenAPIRouteTable: Sendable {
    /// The operations registered: those whose template a transport can serve, in document order.
    package let served: [OpenAPIDocument.Operation]
    /// The router, each route named by its index in ``served`` (and, in findings, by its operation).
    package let table: RouteFileTable

    /// The operations of `document` under `options`.
    package init(document: OpenAPIDocument, options: RouterOptions) {
        served = document.operations.filter { $0.templateNote?.serves ?? true }
        let routes = served.map {
            RouteFile.Route(
                method: $0.method, pattern: OpenAPIPathTemplate.pattern($0.template), handler: $0.operationID,
                line: $0.line, column: $0.column)
        }
        table = RouteFileTable(
            file: RouteFile(path: document.path, routes: routes), options: options, backend: .default,
            labels: served.map { "operation \($0.name) at line \($0.line)" })
    }

    /// The operation that answers `method` and `url` (by ``OpenAPIDocument/Operation/identifier``),
    /// or the miss's reason (`noMatch`, `methodNotAllowed`, …).
    package func answer(method: String, url: String) -> String {
        switch table.router.match(url, method: method) {
        case .success(let match):
            return table.entry(of: match.route).map { served[$0.index].identifier } ?? "noMatch"
        case .failure(let miss): return miss.reason.name
        }
    }
}

extension OpenAPIDocument.Operation {
    /// What a transport makes of the operation's template, when it is not served as written: it
    /// cannot serve it (an unbalanced `{` or `}`, an empty `{}`, a `?` or `#`: `serves` is
    /// `false`), or it registers it escaped (a `:`, `*`, `(`, `)` or `\` outside a name, which
    /// URLRouter's syntax reads). `nil` for a template served as written. (A template whose
    /// pattern the router refuses is refused when it is registered.)
    package var templateNote: (serves: Bool, message: String)? {
        var open: Int?
        var escaped: [Character] = []
        for (offset, character) in template.enumerated() {
            switch character {
            case "{":
                if let open {
                    return (false, "the '{' at offset \(open) of its template is not closed before the next '{'")
                }
                open = offset
            case "}":
                guard let start = open else {
                    return (false, "the '}' at offset \(offset) of its template closes no '{'")
                }
                if offset == start + 1 {
                    return (false, "its template has an empty parameter name '{}' at offset \(start)")
                }
                open = nil
            case "?", "#":
                guard open == nil else { continue }
                return (
                    false,
                    "its template holds a '\(character)', which starts a query or fragment: no request path reaches it"
                )
            case "*", ":", "(", ")", "\\":
                if open == nil, !escaped.contains(character) { escaped.append(character) }
            default: break
            }
        }
        if let open { return (false, "the '{' at offset \(open) of its template is not closed") }
        guard !escaped.isEmpty else { return nil }
        let listed = escaped.map { "'\($0)'" }.joined(separator: ", ")
        return (
            true,
            "the transports register its template as '\(OpenAPIPathTemplate.pattern(template))': \(listed) \(escaped.count == 1 ? "is" : "are") route syntax, escaped to match as written"
        )
    }
}
