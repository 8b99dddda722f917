/// One registration as the caller made it: a pattern with its method, variant, priority and name.
///
/// A class, immutable after init: matches refer to it without copying its fields.
public final class RouteRegistration: Sendable {
    /// The pattern, parsed.
    @_spi(Tools) public let parsedPattern: RoutePattern
    /// The pattern, as written.
    public var pattern: String { parsedPattern.source }
    /// The host pattern, parsed (SEMANTICS.md section 11), or `nil` for a route of any host.
    let hostPattern: HostPattern?
    /// The host pattern, as written, or `nil` for a route of any host.
    public var host: String? { hostPattern?.source }
    /// The upper-cased HTTP method, or `nil` for any.
    public let method: String?
    /// The variant tag (SEMANTICS.md section 9), or `nil` for the untagged target.
    public let variant: String?
    /// Higher wins first. Default 0.
    @_spi(Tools) public let priority: Int
    /// The caller's name for the route (a fixture's route id), if any.
    public let name: String?
    /// The route's index among the routes its table was made from: where a table keeps the
    /// route's value (``RouteTable``) or handler (`Router`).
    @_spi(HandlerRouter) public let handle: Int
    /// The pattern's parameter names, in order (computed once).
    let parameterNames: [String]

    /// Makes a registration.
    @_spi(HandlerRouter) public init(
        pattern: RoutePattern, host: HostPattern? = nil, method: String? = nil, variant: String? = nil,
        priority: Int = 0, name: String? = nil, handle: Int = 0
    ) {
        self.parsedPattern = pattern
        self.hostPattern = host
        self.method = method
        self.variant = variant
        self.priority = priority
        self.name = name
        self.handle = handle
        self.parameterNames = pattern.parameterNames
    }

    /// The same registration with another handle.
    func renumbered(_ handle: Int) -> RouteRegistration {
        RouteRegistration(
            pattern: parsedPattern, host: hostPattern, method: method, variant: variant, priority: priority,
            name: name, handle: handle)
    }
}
