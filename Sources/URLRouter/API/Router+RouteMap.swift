public import Foundation

extension Router {
    /// Registers a route map read from JSON (FTRouter's batch format).
    ///
    /// Two shapes are read, and may be mixed:
    ///
    /// ```json
    /// { "account/setting": "SettingViewController",
    ///   "ft://order/flash": "FlashOrderViewController" }
    /// ```
    ///
    /// a flat map of pattern to target, and FTRouter's nested map of scheme to patterns:
    ///
    /// ```json
    /// { "ft": { "order/flash": "FlashOrderViewController", "contract/edit": "GroupEditViewController" } }
    /// ```
    ///
    /// JSON objects have no order, so entries are registered sorted by pattern. By default each
    /// pattern becomes an object route bound to its target string.
    ///
    /// - Parameters:
    ///   - data: the JSON.
    ///   - handler: makes each entry's handler from its pattern (with the group's scheme in front,
    ///     for a nested table) and its target (FTRouter's destination class name, for example); by
    ///     default an object route whose value is the target.
    /// - Returns: the registrations the table's routes replaced (see ``register(contentsOf:)``).
    /// - Throws: ``RouterError`` naming the entry when the table or one of its patterns is refused;
    ///   nothing is registered then.
    @discardableResult
    public func registerRoutes(
        json data: Data,
        handler: (_ entry: (pattern: String, target: String)) -> RouteHandler = { entry in
            .object { _ in entry.target }
        }
    ) throws(RouterError) -> [RouteRegistration] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw RouterError(.invalidRouteTable, input: "JSON route map", message: "not valid JSON: \(error)")
        }
        return try registerRoutes(table: object, handler: handler)
    }

    /// Registers a route map read from a property list (XML or binary), in the shapes of
    /// ``registerRoutes(json:handler:)``; returns the registrations its routes replaced.
    @discardableResult
    public func registerRoutes(
        propertyList data: Data,
        handler: (_ entry: (pattern: String, target: String)) -> RouteHandler = { entry in
            .object { _ in entry.target }
        }
    ) throws(RouterError) -> [RouteRegistration] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw RouterError(
                .invalidRouteTable, input: "property-list route map", message: "not a property list: \(error)")
        }
        return try registerRoutes(table: object, handler: handler)
    }

    /// Registers a route map already decoded into dictionaries.
    func registerRoutes(
        table: Any,
        handler: (_ entry: (pattern: String, target: String)) -> RouteHandler = { entry in
            .object { _ in entry.target }
        }
    ) throws(RouterError) -> [RouteRegistration] {
        let entries = try Router.entries(of: table)
        return try register(
            contentsOf: entries.map { RouteDefinition($0.pattern, name: $0.pattern, handler: handler($0)) })
    }

    /// Flattens a route map into entries, sorted by pattern.
    package static func entries(of table: Any) throws(RouterError) -> [(pattern: String, target: String)] {
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
