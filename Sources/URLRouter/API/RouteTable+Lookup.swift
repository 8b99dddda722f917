extension RouteTable {
    /// The answer of a borrowed lookup (``RouteTable/withMatch(method:url:variants:_:)``), valid
    /// only during the call that lends it: noncopyable, so that it cannot leave that call.
    public enum Lookup: ~Copyable {
        /// A route matched.
        case match(BorrowedMatch)
        /// No route answers, and why; for ``RouteMiss/Reason/methodNotAllowed``, the methods that
        /// would have answered, sorted (`HEAD` wherever `GET` is there), for an `Allow` header.
        case miss(RouteMiss.Reason, allowedMethods: [String])

    }

    /// A match read in place: the winning route's value, its route and parameters, all read
    /// through pointers into the table and the URL, with nothing allocated or retained until a
    /// caller asks for a `String` (or copies a value that is a reference).
    ///
    /// Valid only during the call that lends it, and noncopyable, so that it cannot leave that
    /// call: `withMatch`'s result is copyable, so `{ $0 }` or a closure returning the match does
    /// not compile. The body copies what it keeps: ``URLText/string``, or ``value``. (It is not
    /// `~Escapable`: in Swift 6.3 a type of one's own built from pointers and returned with a
    /// lifetime needs the experimental `Lifetimes` feature, which a package may not ask its users
    /// for.)
    public struct BorrowedMatch: ~Copyable {
        /// The view, on the lookup's stack: a match is two pointers, so handing it on copies
        /// two words rather than the view.
        @usableFromInline let view: UnsafePointer<MatchView>
        @usableFromInline let valuePointer: UnsafePointer<Value>

        @usableFromInline
        init(view: UnsafePointer<MatchView>, value: UnsafePointer<Value>) {
            self.view = view
            self.valuePointer = value
        }

        /// The value the winning route stores.
        // The members below are not inlinable: inlined into another module they save next to
        // nothing (Benchmarks/instructions). `value`, generic, is read in place.
        @inlinable public var value: Value { valuePointer.pointee }

        /// The winning route's pattern, as written.
        public var pattern: String { view.pattern }

        /// The winning route's name, when it has one.
        public var name: String? { view.name }

        /// The number of captured path parameters (in-segment captures included), in pattern order.
        public var parameterCount: Int { view.parameterCount }

        /// The path parameter at `index` (pattern order), in comparison form: escapes decoded
        /// except `%2F` and `%25` (``URLText/string`` decodes those too).
        public func parameter(at index: Int) -> URLText { view.parameter(at: index) }

        /// The path parameter at `index` (pattern order) as written in the routed URL, escapes and
        /// all: what Hummingbird's router stores, and what an OpenAPI transport hands the generated
        /// code, which decodes each value once. ``URLText/string`` decodes it fully. For the
        /// integrations.
        package func rawParameter(at index: Int) -> URLText { view.rawParameter(at: index) }

        /// The path parameter called `name`, or `nil` when the route has none of that name.
        public func parameter(_ name: String) -> URLText? { view.parameter(name) }

        /// The name of the path parameter at `index`.
        public func parameterName(at index: Int) -> String { view.parameterName(at: index) }

        /// The number of segments the catch-all (`**`) took, or `nil` for a route without one.
        public var catchAllSegmentCount: Int? { view.catchAllSegmentCount }

        /// The segment at `index` of those the catch-all took, in comparison form.
        public func catchAllSegment(at index: Int) -> URLText { view.catchAllSegment(at: index) }

        /// The segment at `index` of those the catch-all took, as written in the routed URL.
        package func rawCatchAllSegment(at index: Int) -> URLText { view.rawCatchAllSegment(at: index) }

        /// The segments the catch-all took, decoded and joined by `/` (a new string), or `nil`
        /// for a route without one.
        package var catchall: String? { view.catchall }

        /// The value of the last query item called `name` (the name compared decoded), as written
        /// in the URL; `nil` when the query has no such item.
        public func queryValue(_ name: String) -> URLText? { view.queryValue(name) }
    }
}

@available(*, unavailable, message: "a borrowed match lends pointers for one call")
extension RouteTable.BorrowedMatch: Sendable {}

@available(*, unavailable, message: "a borrowed lookup lends pointers for one call")
extension RouteTable.Lookup: Sendable {}
