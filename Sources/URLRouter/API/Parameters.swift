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
    /// The match the parameters are read from: one reference, so that making and dropping the
    /// parameters retains and releases one object.
    @usableFromInline let match: RouteMatch

    /// The parameters of `match`.
    @usableFromInline
    init(_ match: RouteMatch) {
        self.match = match
    }

    /// Path parameter names, in pattern order.
    var names: [String] { match.record.route.parameterNames }

    /// The number of path parameters.
    var count: Int {
        match.record.rare == nil ? match.record.packedCaptures.count : match.record.captures.count
    }

    /// The caller's extra values.
    var extra: [String: any Sendable] { match.record.extra ?? [:] }

    /// Path parameter `index`'s value, fully decoded.
    func value(at index: Int) -> String {
        guard match.record.rare == nil else {
            return String(
                Parameters.value(
                    in: match.record.storage, at: match.record.captures[index],
                    mayHoldEscapes: match.record.mayHoldEscapes))
        }
        return match.record.packedParameter(at: index)
    }

    /// The value at `range` of `storage` (comparison form), fully decoded: the slice itself unless
    /// it may hold `%2F`/`%25`, which only decoded storage does.
    static func value(in storage: String, at range: Range<Int>, mayHoldEscapes: Bool) -> Substring {
        let value = storage.utf8Slice(range)
        guard mayHoldEscapes, PercentCoding.holdsPercent(value) else { return value }
        return PercentCoding.decodeComparisonForm(value)[...]
    }

    /// Every query item, in order, decoded (`""` for a name or value left empty); an item
    /// without `=` is left out.
    public var query: [(name: String, value: String)] { queryItems.map { ($0.name, $0.value) } }

    /// Every query item, in order, decoded.
    var queryItems: [QueryItem] {
        RequestURL.range(match.record.tail.spans(in: match.record.routedURL).query).map {
            QueryItem.items(of: match.record.routedURL.utf8Slice($0), decodePlus: match.record.decodePlus)
        } ?? []
    }

    /// Path parameters in pattern order, then a named catch-all's (`{*name}`), then the host
    /// pattern's (SEMANTICS.md section 11).
    public var path: [(name: String, value: String)] {
        let names = self.names
        return (0..<count).map { (names[$0], value(at: $0)) } + catchAll + host
    }

    /// A named catch-all's segments (`{*name}`), decoded and joined by `/`, as that parameter.
    var catchAll: [(name: String, value: String)] {
        guard let name = match.record.route.parsedPattern.catchAllName, let value = match.catchall else { return [] }
        return [(name, value)]
    }

    /// The host pattern's parameters, in pattern order: the labels of the lookup's host they took.
    var host: [(name: String, value: String)] {
        guard var host = match.record.rare?.host, let pattern = match.record.route.hostPattern else { return [] }
        return host.withUTF8 { pattern.parameters(in: $0) }
    }

    /// The host pattern's parameter called `name`, or `nil`.
    func hostValue(_ name: String) -> String? {
        guard var host = match.record.rare?.host, let pattern = match.record.route.hostPattern else { return nil }
        return host.withUTF8 { bytes in
            pattern.range(ofParameter: name, in: bytes).map {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
            }
        }
    }

    /// The path parameter or query value for `name` (an extra value first, described as text),
    /// fully decoded; `nil` when there is none.
    // Inlinable: the caller calls the match's lookup by name itself, one call fewer a name
    // (Benchmarks/instructions, owning-parameters).
    @inlinable public func get(_ name: String) -> String? { match.value(named: name) }

    /// ``get(_:)``: ``anyValue(named:)`` as text. Out of line: only a match with a rare box (a
    /// rewrite, escapes, extra values) reads it, and inlined it grows the plain match's read by name.
    @inline(never)
    func describedValue(_ name: String) -> String? { anyValue(named: name).map(Parameters.described) }

    /// A value as text: a `String` as it is, any other value described.
    static func described(_ value: any Sendable) -> String { value as? String ?? String(describing: value) }

    /// The value for `name` converted to `T`, or `nil` when absent or not convertible.
    public func get<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        if let value = match.record.extra?[name] as? T { return value }
        return get(name).flatMap { T($0) }
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
    var all: [String: any Sendable] {
        var merged: [String: any Sendable] = [:]
        for item in queryItems { merged[item.name] = item.value }
        for (index, name) in names.enumerated() where index < count { merged[name] = value(at: index) }
        for (name, value) in catchAll + host { merged[name] = value }
        for (name, value) in extra { merged[name] = value }
        return merged
    }

    /// All values of a query key, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// The path parameter `name` (a named catch-all's and the host pattern's too), else the last
    /// query value of that name.
    func string(_ name: String) -> String? {
        if let index = match.record.store.parameterIndex(named: name, handle: match.record.handle), index < count {
            return value(at: index)
        }
        return valueBesidePath(name)
    }

    /// A named catch-all's or the host pattern's value for `name`, else the last query value: what
    /// ``string(_:)`` answers for a name no path parameter has.
    func valueBesidePath(_ name: String) -> String? {
        if let catchAllName = match.record.route.parsedPattern.catchAllName, catchAllName == name {
            return match.catchall
        }
        if let value = hostValue(name) { return value }
        return lastQueryValue(name)
    }

    /// The last query value called `name`.
    func lastQueryValue(_ name: String) -> String? {
        queryItems.last(where: { $0.name == name })?.value
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

// The handler router's parameters (`parameters[name]`, extra values as given) and the
// conformance runner's (every value as text).
@_spi(HandlerRouter) extension Parameters {
    /// The value for `name`: an extra value as the caller gave it, else a path parameter, else the
    /// last query value (the handler router's `parameters[name]`).
    public func anyValue(named name: String) -> (any Sendable)? {
        if let value = match.record.extra?[name] { return value }
        return string(name)
    }

    /// Every value merged with the precedence above, extra values described as strings.
    public var strings: [String: String] {
        all.mapValues(Parameters.described)
    }
}
