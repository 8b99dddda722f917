import Foundation

/// One finding of `urlrouter lint`, printed as a compiler prints one: `file:line:column: error: message`.
package struct LintDiagnostic: Sendable {
    /// How bad the finding is: errors make `lint` exit 1.
    package enum Severity: String, Sendable, Hashable {
        /// The file is wrong: a route is refused, repeated, or can never win.
        case error
        /// Worth a look: the order of two lines decides, or a route can possibly never win.
        case warning
    }

    /// The file.
    package var file: String
    /// The 1-based line (0: the whole file).
    package var line: Int
    /// The 1-based column (0: the whole line).
    package var column: Int
    /// How bad.
    package var severity: Severity
    /// What, in one sentence.
    package var message: String
    /// An example URL showing it, if there is one.
    package var exampleURL: String?
    /// What kind of finding it is, for a reader that words it otherwise (``OpenAPILinter``).
    package var kind: Kind?

    /// The kinds of finding ``RouteLinter`` makes.
    package enum Kind: Sendable {
        /// The router refuses the route.
        case refused
        /// The same pattern, host, method and variant as an earlier route, which it replaces.
        case duplicate
        /// An optional segment's expansion equals an earlier route's path.
        case sharedExpansion
        /// Every URL the route matches goes to a route ranked above.
        case neverWins
        /// Only the registration order decides between two routes.
        case orderDecided
        /// Two routes overlap in one segment, one taking it whole, the other by an in-segment pattern.
        case mixedComponents
        /// Two routes overlap, each literal where the other takes any segment (`/{a}/b`, `/a/{b}`).
        case crossing
    }

    /// For a finding in an OpenAPI document, the operations it is about (``OpenAPILinter``).
    package var operations: Operations?

    /// The operations of an OpenAPI document a finding is about, each by its `operationId` (or
    /// `METHOD template` without one).
    package struct Operations: Sendable {
        /// The operation the finding is reported at.
        package var subject: String
        /// The other operation of a pair.
        package var other: String?
        /// The operation that answers the finding's example request.
        package var answeredBy: String?
    }

    /// The file's routes the finding is about, by index in the file: the one it is reported at,
    /// the other one of a pair, and the one that answers ``exampleURL``.
    package var routes: (subject: Int?, other: Int?, winner: Int?) = (nil, nil, nil)

    /// Makes a finding.
    package init(
        file: String, line: Int, column: Int, severity: Severity, message: String, exampleURL: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.exampleURL = exampleURL
    }

    /// `file:line:column: severity: message`.
    package var text: String {
        let place = line == 0 ? file : "\(file):\(line):\(column)"
        return "\(place): \(severity.rawValue): \(message)"
    }

    /// One JSON object.
    package var jsonObject: [String: Any] {
        [
            "file": file, "line": line, "column": column, "severity": severity.rawValue, "message": message,
            "example": exampleURL ?? NSNull(),
        ].merging(operationFields) { kept, _ in kept }
    }

    /// The operations, in JSON: `operation`, `otherOperation`, `answeredBy`; none for a route file.
    var operationFields: [String: Any] {
        guard let operations else { return [:] }
        return [
            "operation": operations.subject, "otherOperation": operations.other ?? NSNull(),
            "answeredBy": operations.answeredBy ?? NSNull(),
        ]
    }
}
