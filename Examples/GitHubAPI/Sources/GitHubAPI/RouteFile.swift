import Foundation
import Hummingbird
import URLRouterHummingbird

/// A route file: one `METHOD /path` per line, in URLRouter's pattern syntax; blank lines and
/// `#` comments are skipped.
struct RouteFile {
    let path: String

    /// Registers each route on `router`, answering ``RouteAnswer``; returns how many.
    ///
    /// - Throws: ``RouteFileError`` naming the file and line of a line that is not a route, or of
    ///   a pattern URLRouter refuses.
    func register(on router: URLRouterBuilder<BasicRequestContext>) throws -> Int {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw RouteFileError("\(path): cannot read: \(error.localizedDescription)")
        }
        var count = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(separator: " ")
            guard fields.count == 2, let method = HTTPRequest.Method(String(fields[0])) else {
                throw RouteFileError("\(path):\(index + 1): expected `METHOD /path`, got \(trimmed.debugDescription)")
            }
            let pattern = String(fields[1])
            do {
                try router.on(pattern: pattern, method: method) { _, context in
                    RouteAnswer(method: method.rawValue, pattern: pattern, context: context)
                }
            } catch {
                throw RouteFileError("\(path):\(index + 1): \(error)")
            }
            count += 1
        }
        return count
    }
}

/// A route file that cannot be served, with the file and line.
struct RouteFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
