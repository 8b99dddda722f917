public import Foundation

/// Route files for tests: each in a folder of its own, replaced by rename as deploy tools do.
public enum RouteFiles: Sendable {
    /// A rename that failed.
    public struct RenameFailed: Error, CustomStringConvertible {
        /// The `errno` of `rename`.
        public let code: Int32
        public var description: String { "rename failed: errno \(code)" }
    }

    /// A new, empty folder of its own, inside ``processFolder``.
    public static func folder() throws -> URL {
        let url = processFolder.appendingPathComponent("route-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The folder that holds every route file of this test process, removed when the process
    /// exits, so that a test run leaves nothing in the temporary directory.
    static let processFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("urlrouter-tests-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: RouteFiles.processFolder) }
        return url
    }()

    /// `routes.txt`, holding `text`, in a folder of its own; its path.
    public static func write(_ text: String) throws -> String {
        let path = try folder().appendingPathComponent("routes.txt").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Writes `text` to a new file beside `path` and renames it over `path`.
    ///
    /// - Throws: ``RenameFailed`` when the rename fails.
    public static func replace(_ path: String, with text: String) throws {
        let next = path + ".next"
        try text.write(toFile: next, atomically: false, encoding: .utf8)
        guard rename(next, path) == 0 else { throw RenameFailed(code: errno) }
    }
}
