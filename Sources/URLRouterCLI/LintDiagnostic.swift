import Foundation

/// One finding of `urlrouter lint`, printed as a compiler prints one: `file:line:column: error: message`.
package struct LintDiagnostic: Sendable, Hashable {
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
        ]
    }
}
