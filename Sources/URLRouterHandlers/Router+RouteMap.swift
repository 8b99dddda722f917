public import Foundation
@_spi(HandlerRouter) public import URLRouter

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
    /// - Returns: the registrations the table's routes replaced (see `register(contentsOf:)`).
    /// - Throws: `RouterError` naming the entry when the table or one of its patterns is refused;
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
    /// `registerRoutes(json:handler:)`; returns the registrations its routes replaced.
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
        let entries = try RouteMap.entries(of: table)
        return try register(
            contentsOf: entries.map { RouteDefinition($0.pattern, name: $0.pattern, handler: handler($0)) })
    }
}
