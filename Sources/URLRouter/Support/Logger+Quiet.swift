import Logging

extension Logger {
    /// A logger that prints nothing: tables and routers are quiet unless given a logger.
    static let quiet = Logger(label: "URLRouter", factory: { _ in SwiftLogNoOpLogHandler() })
}
