/// The parameters of a match: path parameters, query items and the caller's extra values.
///
/// Lookups by name follow SEMANTICS.md section 4: the caller's extra values beat path
/// parameters, which beat query items (the last of a repeated key). A query string can
/// never overwrite a path parameter.
///
/// ```swift
/// let id = match.parameters.get("id")               // String?
/// let page = match.parameters.get("page", as: Int.self)
/// let user = try match.parameters.require("user")
/// ```
public struct Parameters: Sendable {
    /// Path parameters in pattern order, fully decoded.
    public let path: [(name: String, value: String)]
    /// Every query item, in order.
    public let query: [QueryItem]
    /// The caller's extra values.
    public let extra: [String: any Sendable]

    /// Makes parameters.
    public init(path: [(name: String, value: String)], query: [QueryItem], extra: [String: any Sendable]) {
        self.path = path
        self.query = query
        self.extra = extra
    }

    /// The value for `name`: an extra value, else a path parameter, else the last query value.
    public subscript(name: String) -> (any Sendable)? {
        if let value = extra[name] { return value }
        return string(name)
    }

    /// The path parameter or query value for `name` (extra values that are strings first).
    public func get(_ name: String) -> String? {
        if let value = extra[name] { return value as? String ?? String(describing: value) }
        return string(name)
    }

    /// The value for `name` converted to `T`, or `nil` when absent or not convertible.
    public func get<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        if let value = extra[name] as? T { return value }
        return get(name).flatMap(T.init)
    }

    /// The value for `name`.
    ///
    /// - Throws: ``MissingParameter`` when there is none.
    public func require(_ name: String) throws(MissingParameter) -> String {
        guard let value = get(name) else { throw MissingParameter(name: name, expectedType: nil) }
        return value
    }

    /// The value for `name` converted to `T`.
    ///
    /// - Throws: ``MissingParameter`` when there is none or it does not convert.
    public func require<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws(MissingParameter) -> T {
        guard let value = get(name, as: type) else {
            throw MissingParameter(name: name, expectedType: String(describing: T.self))
        }
        return value
    }

    /// Every value merged with the precedence above.
    public var all: [String: any Sendable] {
        var merged: [String: any Sendable] = [:]
        for item in query { merged[item.name] = item.value }
        for (name, value) in path { merged[name] = value }
        for (name, value) in extra { merged[name] = value }
        return merged
    }

    /// Every value merged with the precedence above, extra values described as strings.
    public var strings: [String: String] {
        all.mapValues { $0 as? String ?? String(describing: $0) }
    }

    /// All values of a query key, in order.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    func string(_ name: String) -> String? {
        if let parameter = path.first(where: { $0.name == name }) { return parameter.value }
        return query.last(where: { $0.name == name })?.value
    }
}

/// A required parameter is absent or does not convert to the requested type.
public struct MissingParameter: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name.
    public var name: String
    /// The type it was asked as, when one was.
    public var expectedType: String?

    public var description: String {
        if let expectedType { return "parameter '\(name)' is missing or is not a \(expectedType)" }
        return "parameter '\(name)' is missing"
    }
}
