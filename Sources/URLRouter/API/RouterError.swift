/// An input the router refuses: a pattern, a constraint, a rewrite rule, a route table entry or a
/// duplicate route.
///
/// Callers tell errors apart by ``code``; the ``description`` says what was refused, where,
/// and why:
///
/// ```
/// invalidPattern: '/a/:id.json' at offset 3: a segment starting with ':' must be ':name' or ':name(regex)'; write '{id}.json'
/// ```
public struct RouterError: Error, Sendable, CustomStringConvertible {
    /// What kind of input was refused. Extensible: new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case invalidPattern, duplicateParameter, invalidConstraint, invalidRewriteRule, invalidRouteTable,
                duplicateRoute
        }
        let base: Base

        /// The pattern breaks the syntax of SEMANTICS.md section 2.
        public static let invalidPattern = Code(base: .invalidPattern)
        /// The pattern names a parameter twice.
        public static let duplicateParameter = Code(base: .duplicateParameter)
        /// A `:name(regex)` constraint is not in the shared regex syntax, or captures.
        public static let invalidConstraint = Code(base: .invalidConstraint)
        /// A rewrite rule does not compile, or its target names a group the expression lacks.
        public static let invalidRewriteRule = Code(base: .invalidRewriteRule)
        /// A batch route table is not in a format the router reads.
        public static let invalidRouteTable = Code(base: .invalidRouteTable)
        /// The route has the pattern, method and variant of a route registered before it, and
        /// ``RouterOptions/duplicateRoutes`` is ``RouterOptions/DuplicateRoutes/refuse``.
        public static let duplicateRoute = Code(base: .duplicateRoute)

        /// The code's name, as fixtures spell it (`invalidPattern`, ...).
        public var description: String { base.rawValue }

        init(base: Base) { self.base = base }
    }

    /// What kind of input was refused.
    public var code: Code
    /// The refused input: the pattern, the rule's expression or target, or the table entry.
    public var input: String
    /// The UTF-8 offset in ``input`` where the problem is, when there is one place.
    @_spi(Tools) public var offset: Int?
    /// Why, in one sentence.
    public var message: String
    /// The error that caused this one, such as an engine's compile error.
    var underlyingError: (any Error & Sendable)?

    /// Makes an error.
    @_spi(HandlerRouter) public init(
        _ code: Code,
        input: String,
        offset: Int? = nil,
        message: String,
        underlyingError: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.input = input
        self.offset = offset
        self.message = message
        self.underlyingError = underlyingError
    }

    public var description: String {
        var text = "\(code): '\(input)'"
        if let offset { text += " at offset \(offset)" }
        return text + ": " + message
    }
}
