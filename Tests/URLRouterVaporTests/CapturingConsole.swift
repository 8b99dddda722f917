#if Vapor
import Foundation
import Vapor

/// A console that keeps what a command prints.
final class CapturingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var printed = ""
    var userInfo: [AnySendableHashable: any Sendable] = [:]
    var size: (width: Int, height: Int) { (200, 50) }

    /// What was printed.
    var text: String { lock.withLock { printed } }

    func input(isSecure: Bool) -> String { "" }
    func output(_ text: ConsoleText, newLine: Bool) {
        lock.withLock { printed += text.description + (newLine ? "\n" : "") }
    }
    func clear(_ type: ConsoleClear) {}
    func report(error: String, newLine: Bool) { output(error.consoleText(), newLine: newLine) }
}
#endif
