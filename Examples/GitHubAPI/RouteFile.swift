#if Hummingbird
import Foundation
import Hummingbird
import URLRouterConformance
import URLRouterHummingbird

/// A route file: one `METHOD /path` per line, in URLRouter's pattern syntax; blank lines and
/// `#` comments are skipped.
struct RouteFile {
    let path: String

    /// Registers each route on `router`, answering ``RouteAnswer``; returns how many.
    ///
    /// - Throws: `RouteSet.FormatError` naming the file and line of a line that is not a route, or
    ///   ``RouteFileError`` naming the file and line of a route whose method or pattern cannot be
    ///   served.
    func register(on router: URLRouterBuilder<BasicRequestContext>) throws -> Int {
        let lines: [(number: Int, line: RouteSet.Line)]
        do {
            lines = try RouteSet.lines(inFile: path)
        } catch let error as RouteSet.FormatError {
            throw error
        } catch {
            throw RouteFileError("\(path): cannot read: \(error.localizedDescription)")
        }
        for (number, line) in lines {
            guard let method = HTTPRequest.Method(line.method) else {
                throw RouteFileError("\(path):\(number): not an HTTP method: \(line.method)")
            }
            let pattern = line.path
            do {
                try router.on(pattern: pattern, method: method) { _, context in
                    RouteAnswer(method: method.rawValue, pattern: pattern, context: context)
                }
            } catch {
                throw RouteFileError("\(path):\(number): \(error)")
            }
        }
        return lines.count
    }
}

/// A route file that cannot be served, with the file and line.
struct RouteFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
#endif
