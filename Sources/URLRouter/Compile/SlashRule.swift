/// Which request paths a route takes by their trailing slash (``RouterOptions/trailingSlash``,
/// SEMANTICS.md section 12): the one place a pattern's final `/` is read against a request's.
@_spi(Tools) public enum SlashRule: Sendable, Hashable {
    /// Either: the table ignores trailing slashes.
    case any
    /// Only a path without a trailing slash (a pattern that does not end in `/`).
    case forbidden
    /// Only a path with one (a pattern that ends in `/`).
    case required
    /// Either, under a policy that does not ignore them: a pattern ending in a catch-all.
    case either

    /// The rule of a pattern lowered to `elements` that ends in `/` or not, under `policy`.
    init(endsWithSlash: Bool, elements: [RouteElement], policy: RouterOptions.TrailingSlash) {
        if policy == .ignore {
            self = .any
        } else if endsWithSlash {
            self = .required
        } else {
            self = elements.last == .catchAll ? .either : .forbidden
        }
    }

    /// Whether a path's trailing slash can refuse the route (it takes only one of the two).
    var refusesSome: Bool { self == .forbidden || self == .required }

    /// Whether the route takes a path that has a trailing slash (`true`) or has none.
    func accepts(trailingSlash: Bool) -> Bool {
        switch self {
        case .any, .either: true
        case .forbidden: !trailingSlash
        case .required: trailingSlash
        }
    }
}
