@_spi(HandlerRouter) @_spi(Tools) package import URLRouter

/// `urlrouter lint` for an OpenAPI document: its operations routed as the OpenAPI transports of
/// both integrations route them (each template turned into a pattern by
/// ``OpenAPIPathTemplate/pattern(_:)``, the one reading), under the table's options, and what can
/// go wrong with that found before a server runs:
///
/// - a template no transport can serve (an unbalanced `{`, an empty name, a `?` or `#`, a
///   pattern the router refuses): an error; one the transports register escaped (`:`, `*`,
///   `(`, `)`, `\` in a literal part): a warning that says how;
/// - the route-file lint's findings (``RouteLinter``): operations that never win, two templates
///   that are one route (under the trailing-slash policy too: `/items` and `/items/` unless it is
///   `strict`), pairs only their order in the document decides;
/// - overlaps precedence decides where routers disagree: mixed components (`/{name}` beside
///   `/{name}.zip`) and crossing literals (`/{a}/b` beside `/a/{b}`);
/// - `servers` whose base paths differ, of which a transport serves one.
///
/// Each finding names its operation, the other one of a pair, and, with an example request, the
/// operation that answers it.
package struct OpenAPILinter: Sendable {
    /// The document.
    package let document: OpenAPIDocument
    /// The options the operations are routed under (``RouterOptions/trailingSlash`` among them).
    package let options: RouterOptions

    /// A linter of `document` under `options`.
    package init(document: OpenAPIDocument, options: RouterOptions) {
        self.document = document
        self.options = options
    }

    /// Every finding, in document order.
    package func diagnostics() -> [LintDiagnostic] {
        var found = document.notes.map {
            LintDiagnostic(file: $0.file, line: $0.line, column: $0.column, severity: .warning, message: $0.message)
        }
        found += document.operations.compactMap(templateFinding)
        let routes = OpenAPIRouteTable(document: document, options: options)
        let served = routes.served
        let table = routes.table
        let linter = RouteLinter(table: table)
        let examples = RouteExamples(patterns: table.file.routes.map(\.pattern), options: options)
        for var finding in linter.diagnostics() + linter.precedenceOverlaps() {
            if let subject = finding.routes.subject {
                let operation = served[subject]
                finding.operations = LintDiagnostic.Operations(
                    subject: operation.identifier, other: finding.routes.other.map { served[$0].identifier },
                    answeredBy: finding.routes.winner.map { served[$0].identifier })
                finding.message = message(of: finding, about: operation, served: served)
                // At the operation's method: a refusal's column is an offset into a pattern, which
                // the document does not hold.
                (finding.line, finding.column) = (operation.line, operation.column)
                if finding.exampleURL == nil {
                    finding.exampleURL = examples.example(of: table.file.routes[subject].pattern)
                }
            }
            found.append(finding)
        }
        found += serverFindings()
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// A route-file finding said of operations: the operation first, and a duplicate that two
    /// templates make only by their final `/` said as a trailing-slash collision.
    func message(
        of finding: LintDiagnostic, about operation: OpenAPIDocument.Operation, served: [OpenAPIDocument.Operation]
    )
        -> String
    {
        if finding.kind == .duplicate, let other = finding.routes.other.map({ served[$0] }) {
            if Self.withoutFinalSlash(other.template) == Self.withoutFinalSlash(operation.template) {
                return
                    "operation \(operation.name) and operation \(other.name) at line \(other.line) are one route when trailing slashes are ignored: requests of either path reach this operation alone, and a transport's validate() refuses the pair (--trailing-slash strict serves them apart)"
            }
            return
                "operation \(operation.name) is the same route as operation \(other.name) at line \(other.line) (their parameters differ only in name): its requests reach this operation alone, and a transport's validate() refuses the pair"
        }
        if finding.kind == .refused {
            return "operation \(operation.name): no transport can serve its template: \(finding.message)"
        }
        return "operation \(operation.name): \(finding.message)"
    }

    /// `template` without its final `/`.
    static func withoutFinalSlash(_ template: String) -> Substring {
        template.hasSuffix("/") ? template.dropLast() : Substring(template)
    }

    /// The finding about `operation`'s template, when a transport cannot serve it or registers it
    /// escaped (``OpenAPIDocument/Operation/templateNote``).
    func templateFinding(_ operation: OpenAPIDocument.Operation) -> LintDiagnostic? {
        guard let note = operation.templateNote else { return nil }
        var finding = LintDiagnostic(
            file: document.path, line: operation.line, column: operation.column,
            severity: note.serves ? .warning : .error, message: "operation \(operation.name): \(note.message)")
        finding.operations = LintDiagnostic.Operations(subject: operation.identifier, other: nil, answeredBy: nil)
        return finding
    }

    /// A warning when the document's servers have base paths that differ: a transport serves the
    /// operations under one of them, and requests through the others miss.
    func serverFindings() -> [LintDiagnostic] {
        guard let first = document.servers.first else { return [] }
        return document.servers.dropFirst().filter { $0.basePath != first.basePath }.map { server in
            LintDiagnostic(
                file: document.path, line: server.line, column: 1, severity: .warning,
                message:
                    "the server '\(server.url)' has the base path '\(server.basePath.isEmpty ? "/" : server.basePath)', the first server (line \(first.line)) '\(first.basePath.isEmpty ? "/" : first.basePath)': a transport serves the operations under one base path, and requests through the other miss"
            )
        }
    }
}
