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
    /// Path parameter names, in pattern order.
    package let names: [String]
    /// The caller's extra values.
    package let extra: [String: any Sendable]
    let storage: String
    let ranges: RangeList
    let rawQuery: Substring?
    let decodePlus: Bool
    /// Whether values may hold `%2F`/`%25` (only when the URL had escapes).
    let mayHoldEscapes: Bool

    /// Makes parameters from values in comparison form at `ranges` of `storage`, and a raw query.
    init(
        names: [String], storage: String, ranges: RangeList, query: Substring?, decodePlus: Bool,
        extra: [String: any Sendable]
    ) {
        self.names = names
        self.storage = storage
        self.ranges = ranges
        self.rawQuery = query
        self.decodePlus = decodePlus
        self.extra = extra
        self.mayHoldEscapes = true
    }

    init(names: [String], request: RequestURL, ranges: RangeList, extra: [String: any Sendable]) {
        self.names = names
        self.storage = request.storage
        self.ranges = ranges
        self.rawQuery = request.query
        self.decodePlus = request.decodePlus
        self.extra = extra
        self.mayHoldEscapes = !request.segmentsAreInURL
    }

    /// The number of path parameters.
    package var count: Int { ranges.count }

    /// Path parameter `index`'s value, fully decoded: a slice of the URL when it held no escape.
    package func value(at index: Int) -> Substring {
        Parameters.value(in: storage, at: ranges[index], mayHoldEscapes: mayHoldEscapes)
    }

    /// The value at `range` of `storage` (comparison form), fully decoded: the slice itself unless
    /// it may hold `%2F`/`%25`, which only decoded storage does.
    static func value(in storage: String, at range: Range<Int>, mayHoldEscapes: Bool) -> Substring {
        let value = storage.utf8Slice(range)
        guard mayHoldEscapes, value.utf8.contains(UInt8(ascii: "%")) else { return value }
        return PercentCoding.decodeComparisonForm(value)[...]
    }

    /// Path parameter values, fully decoded, in pattern order.
    package var values: [Substring] { ranges.indices.map(value(at:)) }

    /// Every query item, in order, decoded.
    public var query: [QueryItem] {
        rawQuery.map { QueryItem.items(of: $0, decodePlus: decodePlus) } ?? []
    }

    /// Path parameters in pattern order.
    public var path: [(name: String, value: Substring)] {
        Array(zip(names, values))
    }

    /// The value for `name`: an extra value, else a path parameter, else the last query value.
    package subscript(name: String) -> (any Sendable)? {
        if let value = extra[name] { return value }
        return string(name).map(String.init)
    }

    /// The path parameter or query value for `name` (an extra value first, described as text).
    public func get(_ name: String) -> Substring? {
        if !extra.isEmpty, let value = extra[name] { return (value as? String ?? String(describing: value))[...] }
        return string(name)
    }

    /// The value for `name` converted to `T`, or `nil` when absent or not convertible.
    public func get<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        if let value = extra[name] as? T { return value }
        return get(name).flatMap { T(String($0)) }
    }

    /// The value for `name`.
    ///
    /// - Throws: ``MissingParameter`` when there is none.
    public func require(_ name: String) throws(MissingParameter) -> Substring {
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
        for (index, name) in names.enumerated() where index < ranges.count { merged[name] = String(value(at: index)) }
        for (name, value) in extra { merged[name] = value }
        return merged
    }

    /// Every value merged with the precedence above, extra values described as strings.
    package var strings: [String: String] {
        all.mapValues { $0 as? String ?? String(describing: $0) }
    }

    /// All values of a query key, in order.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    func string(_ name: String) -> Substring? {
        for index in names.indices where names[index] == name && index < ranges.count { return value(at: index) }
        guard let item = query.last(where: { $0.name == name }) else { return nil }
        return item.value[...]
    }
}

/// A required parameter is absent or does not convert to the requested type.
public struct MissingParameter: Error, Sendable, CustomStringConvertible {
    /// The parameter's name.
    public var name: String
    /// The type it was asked as, when one was.
    var expectedType: String?

    public var description: String {
        if let expectedType { return "parameter '\(name)' is missing or is not a \(expectedType)" }
        return "parameter '\(name)' is missing"
    }
}
