#if PCRE2

/// The routes whose every position is a literal, answered from one hash lookup of the request's
/// whole path before any regex runs (as matchit and Hummingbird answer static paths).
///
/// A literal route beats every other route of its priority and host rank that matches the same
/// path (at the first position where they differ it has a literal, SEMANTICS.md section 3), so
/// for a literal path the winner is the first of its literal routes, in precedence order, that
/// answers the lookup's method, scheme, variants and host, unless a route of higher priority or
/// host rank matches too. Only literal routes that rank at least as high as every other route by
/// priority and host are kept, so that case never arises. When none of a path's routes answers, the lookup goes on to the alternation,
/// which holds every other route and decides as before (a `methodNotAllowed`, say): the routes
/// held here are left out of it, since a lookup only reaches it when none of them answers, and
/// every later call of the same lookup (the fallback's, those that find the allowed methods)
/// asks here first. A table's literal routes thus cost a hash slot rather than JIT code.
///
/// Owns its buffers: allocated and filled in `init`, read-only afterwards, freed in `deinit`.
/// Lookups go through ``index``, which borrows them.
// @unchecked: the buffers are written only in init.
final class LiteralRoutes: @unchecked Sendable {
    /// One route of a path: its index, its method's index in the table's ``MethodList`` (-1:
    /// none), and whether its scheme, variants or trailing slash must be checked too.
    struct Candidate {
        var route: Int32
        var method: Int32
        var checksSchemeOrVariants: Bool
    }

    /// What a lookup reads, borrowed. Trivially copyable, so a matcher holds it inline.
    struct Index {
        let paths: ByteKeyTable.Index
        /// Bit `n` set when a literal path is `n` bytes long (bit 63: 63 or more), so that most
        /// other paths are passed over without hashing them.
        let lengths: UInt64
        /// Per path, its candidates' run in ``candidates``.
        let runs: UnsafeMutablePointer<(start: Int32, count: Int32)>
        let candidates: UnsafeMutablePointer<Candidate>

        /// Whether a literal path may be `length` bytes long: when not, no path of that length
        /// needs hashing.
        @inline(__always)
        func mayHold(length: Int) -> Bool { lengths & (1 << UInt64(min(length, 63))) != 0 }

        /// The candidates of `path` (`/seg1/seg2`, the segments in comparison form), in
        /// precedence order; empty when no literal route has that path.
        func candidates(path: UnsafeBufferPointer<UInt8>, folding: Bool) -> UnsafeBufferPointer<Candidate> {
            guard let value = paths.lookup(path, folding: folding) else {
                return UnsafeBufferPointer(start: nil, count: 0)
            }
            let run = runs[value]
            return UnsafeBufferPointer(start: candidates + Int(run.start), count: Int(run.count))
        }
    }

    let paths: ByteKeyTable
    let runs: UnsafeMutableBufferPointer<(start: Int32, count: Int32)>
    let candidates: UnsafeMutableBufferPointer<Candidate>
    let index: Index

    /// The routes held here, which the alternation leaves out (computed: the table keeps none of it).
    var heldRoutes: [Int] { candidates.map { Int($0.route) } }

    /// The literal routes of `routes` (in precedence order) that can be answered this way; `nil`
    /// when there are none.
    init?(routes: [CompiledRoute], methods: MethodList, caseInsensitive: Bool) {
        // The priority, then the host (SEMANTICS.md section 3, steps 1 and 2), decide before the
        // path does: a literal route is held only when no other route ranks above it by them.
        let highestOther = routes.lazy.filter { !LiteralRoutes.isLiteral($0) }.map(LiteralRoutes.rank).min(by: <)
        // Each path numbered in order of its first route (keys hashed once), then the candidates
        // laid out path by path, each path's in precedence order.
        var numbers: [PatternKey: Int] = [:]
        var order: [[UInt8]] = []
        var held: [(path: Int, candidate: Candidate)] = []
        var path: [UInt8] = []
        for (index, route) in routes.enumerated()
        where LiteralRoutes.isLiteral(route) && highestOther.map({ LiteralRoutes.rank(route) <= $0 }) ?? true {
            path.removeAll(keepingCapacity: true)
            for case .literal(let text) in route.elements {
                path.append(UInt8(ascii: "/"))
                appendCaseFolded(text.utf8, folding: caseInsensitive, to: &path)
            }
            let key = PatternKey(path)
            let number: Int
            if let known = numbers[key] {
                number = known
            } else {
                number = order.count
                numbers[key] = number
                order.append(path)
            }
            let candidate = Candidate(
                route: Int32(index), method: Int32(methods.index(ofRouteMethod: route.method) ?? -1),
                checksSchemeOrVariants: route.scheme != nil || !route.answersEveryVariantList || route.slash.refusesSome
                    || route.host != nil)
            held.append((number, candidate))
        }
        guard !order.isEmpty else { return nil }
        paths = ByteKeyTable(order.enumerated().map { (key: $1, value: $0) })
        var counts = [Int32](repeating: 0, count: order.count)
        for entry in held { counts[entry.path] += 1 }
        runs = .allocate(capacity: order.count)
        var start: Int32 = 0
        for (number, count) in counts.enumerated() {
            runs.initializeElement(at: number, to: (start, 0))
            start += count
        }
        candidates = .allocate(capacity: held.count)
        for entry in held {
            let run = runs[entry.path]
            candidates.initializeElement(at: Int(run.start + run.count), to: entry.candidate)
            runs[entry.path].count += 1
        }
        let lengths = order.reduce(UInt64(0)) { $0 | 1 << UInt64(min($1.count, 63)) }
        index = Index(
            paths: paths.index, lengths: lengths, runs: runs.baseAddress!, candidates: candidates.baseAddress!)
    }

    deinit {
        runs.deallocate()
        candidates.deallocate()
    }

    /// A route's rank by priority and host, lower first: what decides before the path does
    /// (``PrecedenceKey/leadingWords(priority:host:)``).
    static func rank(_ route: CompiledRoute) -> (UInt64, UInt64) {
        PrecedenceKey.leadingWords(priority: route.priority, host: route.host)
    }

    /// Whether every position of `route` is a literal.
    static func isLiteral(_ route: CompiledRoute) -> Bool {
        route.elements.allSatisfy { if case .literal = $0 { true } else { false } }
    }
}
#endif
