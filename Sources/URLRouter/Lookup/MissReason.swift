/// Why a lookup found no winner, as the lookup carries it: ``RouteMiss/Reason`` without a
/// redirect's location, which the resolution keeps in its box of rare parts. A reason that held a
/// string would make every lookup copy and destroy it (`Benchmarks/instructions`).
@_spi(HandlerRouter) public enum MissReason: Sendable, Hashable {
    case noMatch
    case malformedURL
    case urlTooLong
    case methodNotAllowed
    case limitExceeded
    case refused(RequestChecks)
    case redirect

    /// The lookup's form of `reason`.
    init(_ reason: RouteMiss.Reason) {
        switch reason {
        case .noMatch: self = .noMatch
        case .malformedURL: self = .malformedURL
        case .urlTooLong: self = .urlTooLong
        case .methodNotAllowed: self = .methodNotAllowed
        case .limitExceeded: self = .limitExceeded
        case .refused(let check): self = .refused(check)
        case .redirect: self = .redirect
        }
    }

    /// The public reason; a redirect's with `location`.
    func reason(location: String?) -> RouteMiss.Reason {
        switch self {
        case .noMatch: .noMatch
        case .malformedURL: .malformedURL
        case .urlTooLong: .urlTooLong
        case .methodNotAllowed: .methodNotAllowed
        case .limitExceeded: .limitExceeded
        case .refused(let check): .refused(check)
        case .redirect: .redirect(location: location ?? "")
        }
    }
}
