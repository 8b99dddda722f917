/// Why a URL could not be built for a route (``RouteTable/url(forRouteNamed:parameters:catchAll:query:)``).
///
/// ```
/// invalidValue: '/users/:id(\d+)': the value 'me' of ':id' does not match its constraint \d+
/// ```
public struct URLBuildError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable, CaseIterable {
        /// No route has this name, or this pattern and method.
        case unknownRoute
        /// A parameter of the pattern, or its catch-all, has no value.
        case missingValue
        /// A value was given for a parameter the pattern does not have (or a catch-all it lacks).
        case unusedValue
        /// A value does not fit its segment: empty, or not matched by the constraint or the
        /// in-segment pattern.
        case invalidValue
        /// The pattern has a segment that matches text without naming it (`*`, `*.jpg`), so no
        /// value can be given for it.
        case unnamedSegment
        /// The built URL routes to another route, ranked above this one (the message names it).
        case takenByAnotherRoute
        /// The built URL routes to this route, but its parameters read back differently (an
        /// in-segment pattern split another way, or a rewrite rule changed it).
        case readBackDifferently
    }

    /// What went wrong.
    public var reason: Reason
    /// The route's pattern (or the name or pattern asked for, for ``Reason/unknownRoute``).
    var route: String
    /// The parameter concerned (`**` for the catch-all), if one is.
    var parameter: String?
    /// For ``Reason/takenByAnotherRoute``: the route the URL goes to.
    var takenBy: RouteRegistration?
    /// For ``Reason/takenByAnotherRoute`` and ``Reason/readBackDifferently``: the URL built.
    var url: String?
    /// Why, in one sentence.
    public var message: String

    @_spi(Tools) public init(
        _ reason: Reason, route: String, parameter: String? = nil, takenBy: RouteRegistration? = nil,
        url: String? = nil, message: String
    ) {
        self.reason = reason
        self.route = route
        self.parameter = parameter
        self.takenBy = takenBy
        self.url = url
        self.message = message
    }

    /// `reason: 'pattern': message`.
    public var description: String { "\(reason): '\(route)': \(message)" }
}
