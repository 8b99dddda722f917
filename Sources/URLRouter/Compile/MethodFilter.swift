/// Which routes' methods may answer a lookup, as a matcher compares them (see ``MethodList``).
enum MethodFilter: Sendable, Hashable, BitwiseCopyable {
    /// The lookup's method, as its index in the table's ``MethodList`` (`nil`: the lookup gave
    /// none, or one no route has): routes without a method, routes with that method, and `GET`
    /// routes for a `HEAD` lookup.
    case lookup(Int?)
    /// Every route, whatever its method (used to tell `methodNotAllowed` from `noMatch`).
    case any
}
