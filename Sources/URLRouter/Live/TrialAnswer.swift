#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lookup's answer as a trial compares it, and as `urlrouter diff` writes one: the winning
/// route (`GET /users/:id`, `ANY` for a route of every method, its host pattern in front) and its
/// path parameters (`(id=7, **=a/b)`), or the miss's reason (`methodNotAllowed (allowed: GET)`).
/// Two answers are compared in place, allocating nothing; the text is written only for a change.
/// Both answers of one comparison come from the same kind of lookup, owning or borrowed, read
/// without their values (so that the comparison is compiled once, whatever the table's type).
enum TrialAnswer {
    /// Whether two owning answers are the same: the winner's route, its parameters and its
    /// catch-all, or the miss's reason and allowed methods.
    static func same(_ a: Result<RouteMatch, RouteMiss>, _ b: Result<RouteMatch, RouteMiss>) -> Bool {
        switch (a, b) {
        case (.success(let a), .success(let b)):
            guard sameRoute(a.route, b.route), a.parameterCount == b.parameterCount else { return false }
            for index in 0..<a.parameterCount where a.parameter(at: index) != b.parameter(at: index) { return false }
            return a.catchall == b.catchall
        case (.failure(let a), .failure(let b)): return a.reason == b.reason && a.allowedMethods == b.allowedMethods
        default: return false
        }
    }

    /// Whether two borrowed answers are the same, compared as owning ones are: the winner's
    /// route, its parameters and its catch-all's segments, or the miss.
    static func same(_ a: ResolvedLookup, _ b: ResolvedLookup) -> Bool {
        switch (a, b) {
        case (.match(let a), .match(let b)):
            guard sameRoute(registration(a), registration(b)), a.parameterCount == b.parameterCount,
                a.catchAllSegmentCount == b.catchAllSegmentCount
            else { return false }
            for index in 0..<a.parameterCount where !equal(a.parameter(at: index), b.parameter(at: index)) {
                return false
            }
            for index in 0..<(a.catchAllSegmentCount ?? 0)
            where !equal(a.catchAllSegment(at: index), b.catchAllSegment(at: index)) {
                return false
            }
            return true
        case (.miss(let a, let allowedA), .miss(let b, let allowedB)): return a == b && allowedA == allowedB
        default: return false
        }
    }

    /// An owning lookup's answer, written.
    static func text(_ result: Result<RouteMatch, RouteMiss>) -> String {
        switch result {
        case .success(let match):
            var parameters = match.parameters.path.map { "\($0.name)=\($0.value)" }
            if let catchall = match.catchall { parameters.append("**=\(catchall)") }
            return route(match.route, parameters)
        case .failure(let miss): return self.miss(miss.reason, miss.allowedMethods)
        }
    }

    /// A borrowed lookup's answer, written.
    static func text(_ lookup: ResolvedLookup) -> String {
        switch lookup {
        case .match(let match):
            var parameters = (0..<match.parameterCount).map {
                "\(match.parameterName(at: $0))=\(match.parameter(at: $0).string)"
            }
            if let catchall = match.catchall { parameters.append("**=\(catchall)") }
            return route(registration(match), parameters)
        case .miss(let reason, let allowedMethods): return miss(reason, allowedMethods)
        }
    }

    /// Whether two routes are one for a client: their method, host pattern and pattern.
    static func sameRoute(_ a: RouteRegistration, _ b: RouteRegistration) -> Bool {
        a.method == b.method && a.pattern == b.pattern && a.host == b.host
    }

    /// The registration of a borrowed match's winner.
    static func registration(_ match: UnsafePointer<MatchView>) -> RouteRegistration {
        match.pointee.registration.pointee.unsafelyUnwrapped
    }

    /// Whether two lent texts hold the same bytes.
    static func equal(_ a: borrowing URLText, _ b: borrowing URLText) -> Bool {
        a.bytes.count == b.bytes.count
            && (a.bytes.isEmpty || memcmp(a.bytes.baseAddress!, b.bytes.baseAddress!, a.bytes.count) == 0)
    }

    static func route(_ route: RouteRegistration, _ parameters: [String]) -> String {
        let text = "\(route.method ?? "ANY") \(route.host ?? "")\(route.pattern)"
        return parameters.isEmpty ? text : "\(text) (\(parameters.joined(separator: ", ")))"
    }

    static func miss(_ reason: RouteMiss.Reason, _ allowedMethods: [String]) -> String {
        allowedMethods.isEmpty ? reason.name : "\(reason.name) (allowed: \(allowedMethods.joined(separator: ", ")))"
    }
}
