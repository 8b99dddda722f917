import Foundation

/// One line of progress on standard error, rewritten in place, shown only when standard error is
/// a terminal (so logs and pipes get the results alone).
struct ProgressLine: Sendable {
    /// The progress line, or `nil` when standard error is not a terminal.
    static var standardError: ProgressLine? { isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil }

    /// Replaces the line with `text`.
    func show(_ text: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }

    /// Erases the line.
    func clear() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
