/// The HTTP answer to a request no route takes: one rule for every server, which the Hummingbird
/// and Vapor integrations answer with and a server of its own can too.
///
/// | miss | answer |
/// | --- | --- |
/// | no route | 404 |
/// | routes of other methods take the path (``RouteMiss/Reason/methodNotAllowed``) | 405 with `Allow`, OPTIONS 204 with `Allow` (plus `OPTIONS`); a table that does not report it (``RouterOptions/reportsMethodNotAllowed`` off, as Hummingbird's and Vapor's routers answer) misses with `noMatch`, a 404 |
/// | a request check refused it (``RouterOptions/requestChecks``) | 400, `refused: ` and a short reason that never quotes the request (``MissAnswer/reason``) |
/// | a malformed escape | 400 |
/// | the constraints' work limit | 400 |
/// | longer than ``RouterOptions/maxURLLength`` | 414 |
/// | the path with its trailing slash flipped has a route (``RouteMiss/Reason/redirect(location:)``) | 308 with `Location` |
///
/// ```swift
/// let answer = MissAnswer(.methodNotAllowed, method: "DELETE", allowedMethods: ["GET", "HEAD"])
/// // answer.status == 405, answer.allow == "GET, HEAD"
/// ```
public struct MissAnswer: Sendable {
    /// The status code: 404, 405, 204, 308, 400 or 414.
    public let status: Int
    /// The `Allow` header's value (405 and 204), else `nil`.
    public let allow: String?
    /// For a 400, why, in a few words that never quote the request; `nil` where the status says it.
    public let reason: String?
    /// The `Location` header's value (308), else `nil`.
    public let location: String?

    /// The answer to a miss of `reason` for a request of `method`.
    ///
    /// - Parameters:
    ///   - reason: why the lookup found no route.
    ///   - method: the request's method.
    ///   - allowedMethods: for ``RouteMiss/Reason/methodNotAllowed``, the methods that would
    ///     have answered (the miss's).

    public init(_ reason: RouteMiss.Reason, method: String, allowedMethods: [String]) {
        switch reason {
        case .methodNotAllowed:
            let isOptions = method == "OPTIONS"  // methods are case-sensitive
            self.init(
                status: isOptions ? 204 : 405,
                allow: (allowedMethods + (isOptions ? ["OPTIONS"] : [])).joined(separator: ", "), reason: nil)
        case .malformedURL:
            self.init(status: 400, reason: "malformed URL: a '%' not followed by two hex digits, or not UTF-8")
        case .limitExceeded:
            self.init(status: 400, reason: "the URL takes the route constraints too much work")
        case .urlTooLong:
            self.init(status: 414)
        case .redirect(let location):
            self.init(status: 308, location: location)
        case _ where reason.refusal != nil:
            self.init(status: 400, reason: "refused: \(reason.refusal ?? reason.name)")
        default:
            self.init(status: 404)
        }
    }

    private init(status: Int, allow: String? = nil, reason: String? = nil, location: String? = nil) {
        self.status = status
        self.allow = allow
        self.reason = reason
        self.location = location
    }
}
