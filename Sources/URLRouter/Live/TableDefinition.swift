/// What a live table's table was made from: its routes, rules and options, compared to tell a
/// change that changes nothing (``ReloadOutcome/Kind/unchanged``).
struct TableDefinition<Value: Sendable>: Sendable, Equatable {
    /// One route, without its value.
    struct Route: Sendable, Hashable {
        var pattern: String
        var host: String?
        var method: String?
        var variant: String?
        var priority: Int
        var name: String?
        /// The handler a route file names (a file's values follow from its handler names).
        var handler: String?
    }

    var routes: [Route]
    var rewriteRules: [[String]]
    var options: RouterOptions
    /// The routes' values, for routes given in code; `nil` for a file's, whose values follow from
    /// the file.
    var values: [Value]?

    init(
        routes: [RouteTable<Value>.Route], rewriteRules: [(expression: String, target: String)], options: RouterOptions
    ) {
        self.routes = routes.map {
            Route(
                pattern: $0.pattern, host: $0.host, method: $0.method, variant: $0.variant, priority: $0.priority,
                name: $0.name, handler: nil)
        }
        self.rewriteRules = rewriteRules.map { [$0.expression, $0.target] }
        self.options = options
        values = routes.map(\.value)
    }

    init(file: RouteFile, options: RouterOptions) {
        routes = file.routes.map {
            Route(
                pattern: $0.pattern, host: $0.host, method: $0.method, variant: nil, priority: 0, name: nil,
                handler: $0.handler)
        }
        rewriteRules = file.rewriteRules.map { [$0.expression, $0.target] }
        self.options = options
        values = nil
    }

    /// Equal routes, rules and options; values equal when both are a file's, or pairwise equal
    /// values of an `Equatable` type.
    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.routes == rhs.routes, lhs.rewriteRules == rhs.rewriteRules, lhs.options == rhs.options else {
            return false
        }
        switch (lhs.values, rhs.values) {
        case (nil, nil): return true
        case (let left?, let right?): return zip(left, right).allSatisfy { areEqual($0, $1) }
        default: return false
        }
    }

    /// Whether `lhs` and `rhs` are equal values of an `Equatable` type (`false` for any other).
    private static func areEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        guard let lhs = lhs as? any Equatable else { return false }
        return lhs.isEqual(to: rhs)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
