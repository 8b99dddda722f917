/// A route map: a JSON or property-list object of pattern → target, flat or grouped by scheme
/// (`{ "ft": { "order/flash": "FlashOrder" } }`), as route files and the handler router read it.
@_spi(HandlerRouter) public enum RouteMap: Sendable {
    /// Flattens a route map into entries, sorted by pattern.
    public static func entries(of table: Any) throws(RouterError) -> [(pattern: String, target: String)] {
        guard let dictionary = table as? [String: Any] else {
            throw RouterError(
                .invalidRouteTable, input: "route map",
                message: "the table must be an object of pattern → target, or of scheme → { pattern → target }")
        }
        var entries: [(pattern: String, target: String)] = []
        for (key, value) in dictionary {
            if let target = value as? String {
                entries.append((pattern: key, target: target))
            } else if let group = value as? [String: Any] {
                guard URLParts.isScheme(key) else {
                    throw RouterError(
                        .invalidRouteTable, input: key, message: "a nested group's key must be a scheme such as \"ft\"")
                }
                for (path, value) in group {
                    guard let target = value as? String else {
                        throw RouterError(
                            .invalidRouteTable, input: "\(key) → \(path)", message: "the target must be a string")
                    }
                    let parts = URLParts(path)
                    if parts.scheme != nil, parts.authority != nil {
                        throw RouterError(
                            .invalidRouteTable, input: "\(key) → \(path)",
                            message: "a pattern inside the scheme group '\(key)' may not have a scheme of its own")
                    }
                    let trimmed = path.drop { $0 == "/" }
                    entries.append((pattern: key + "://" + trimmed, target: target))
                }
            } else {
                throw RouterError(
                    .invalidRouteTable, input: key,
                    message: "the value must be a target string, or an object of pattern → target for a scheme")
            }
        }
        return entries.sorted { $0.pattern.utf8.lexicographicallyPrecedes($1.pattern.utf8) }
    }
}
