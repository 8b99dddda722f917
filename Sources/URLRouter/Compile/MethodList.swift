/// The HTTP methods of a table's routes, numbered: a lookup's method becomes a
/// ``MethodFilter`` once, by these rules, and every backend compares numbers.
///
/// The list holds each distinct route method, and `HEAD` where some route is `GET` (a `GET` route
/// answers `HEAD`), sorted; a backend that builds it from the same routes numbers them the same.
package struct MethodList: Sendable {
    /// The methods, sorted.
    package let names: [String]
    /// The same, as tokens, for the methods of up to 15 bytes: compared as two words.
    let tokens: [ShortToken?]
    /// The index of `GET` and of `HEAD`, when the list has them.
    let getIndex: Int?
    let headIndex: Int?

    /// The methods of `routes`.
    package init(routes: [CompiledRoute]) {
        var methods = Set(routes.compactMap(\.method))
        if methods.contains("GET") { methods.insert("HEAD") }
        names = methods.sorted()
        tokens = names.map { ShortToken(method: $0) }
        getIndex = names.firstIndex(of: "GET")
        headIndex = names.firstIndex(of: "HEAD")
    }

    /// The index of a route's method, `nil` for a route without one.
    package func index(ofRouteMethod method: String?) -> Int? {
        method.flatMap { names.firstIndex(of: $0) }
    }

    /// The filter of a lookup by `method` (any case; `nil` for a lookup without one): the index
    /// of its upper-cased form, or `.lookup(nil)` when no route has it (only routes without a
    /// method answer).
    @inline(__always)
    package func filter(for method: String?) -> MethodFilter {
        guard let method else { return .lookup(nil) }
        // A method spelled as a route's (the usual case): small strings compare as two words.
        for index in names.indices where names[index] == method { return .lookup(index) }
        if let token = ShortToken(method: method) {
            for index in tokens.indices {
                if let candidate = tokens[index], candidate.isEqual(to: token) { return .lookup(index) }
            }
            return .lookup(nil)
        }
        guard let normalized = HTTPMethodName.normalized(method) else { return .lookup(nil) }
        return .lookup(names.firstIndex(of: normalized))
    }

    /// Whether a route whose method has index `routeMethod` (`nil`: no method) answers `filter`.
    @inline(__always)
    package func allows(_ filter: MethodFilter, routeMethod: Int?) -> Bool {
        guard case .lookup(let wanted) = filter, let routeMethod else { return true }
        guard let wanted else { return false }
        return routeMethod == wanted || (wanted == headIndex && routeMethod == getIndex)
    }
}
