/// The mutable set of registrations of one router, and its lowering to the compiled table.
///
/// A value type: the router changes a copy and publishes it only when the change is valid,
/// so a refused registration changes nothing.
///
/// Two registrations are the same, and the later replaces the earlier in its place, when their
/// patterns are the same (same scheme or none, same segments after decoding literals, parameter
/// names ignored, a final catch-all `*` equal to `**`; literals compared case-insensitively under
/// ``RouterOptions/caseInsensitive``) and they have the same method and variant.
@_spi(HandlerRouter) public struct RouteRegistry: Sendable {
    /// The options patterns are lowered under.
    let options: RouterOptions

    struct Key: Hashable, Sendable {
        var pattern: PatternKey
        var method: String?
        var variant: String?
    }

    struct Entry: Sendable {
        var registration: RouteRegistration
        var lowered: LoweredPattern
        var sequence: Int
    }

    private var entries: [Key: Entry] = [:]
    private var nextSequence = 0
    /// How many registrations use each method.
    private var methodUses: [String: Int] = [:]

    /// An empty registry.
    public init(options: RouterOptions) {
        self.options = options
    }

    /// The number of registrations.
    var count: Int { entries.count }

    /// Every registration, in registration order.
    public var registrations: [RouteRegistration] {
        entries.values.sorted { $0.sequence < $1.sequence }.map(\.registration)
    }

    /// The same registry with each registration renumbered by its place in registration order
    /// (handle i: the i-th), its lowered pattern kept rather than made again; and the
    /// registrations as they were, in that order.
    public func renumbered() -> (registry: RouteRegistry, registrations: [RouteRegistration]) {
        let ordered = entries.sorted { $0.value.sequence < $1.value.sequence }
        // A router that only ever added routes numbered them so already.
        if ordered.indices.allSatisfy({ ordered[$0].value.registration.handle == $0 }) {
            return (self, ordered.map(\.value.registration))
        }
        var copy = self
        var registrations: [RouteRegistration] = []
        registrations.reserveCapacity(ordered.count)
        for (handle, (key, entry)) in ordered.enumerated() {
            registrations.append(entry.registration)
            var renumbered = entry
            renumbered.registration = entry.registration.renumbered(handle)
            copy.entries[key] = renumbered
        }
        return (copy, registrations)
    }

    /// Refuses registrations whose methods would take the registry past
    /// ``HTTPMethodName/maxCount``.
    ///
    /// - Parameter pattern: the first new registration's pattern, for the error.
    /// - Throws: ``RouterError`` with code ``RouterError/Code/invalidPattern``.
    private func checkMethodCount(adding added: [String?], pattern: String) throws(RouterError) {
        // Only a method the registry has not seen can take it past the limit.
        guard added.contains(where: { $0.map { methodUses[$0] == nil } ?? false }) else { return }
        let methods = HTTPMethodName.answered(by: methodUses.keys.map { Optional($0) } + Array(added))
        guard methods.count > HTTPMethodName.maxCount else { return }
        throw RouterError(
            .invalidPattern, input: pattern,
            message:
                "a router's routes may use at most \(HTTPMethodName.maxCount) distinct HTTP methods (HEAD counted with GET); this would make \(methods.count)"
        )
    }

    /// The registration already here with the pattern, method and variant of `registration`.
    func existing(_ registration: RouteRegistration) -> RouteRegistration? {
        entries[key(registration)]?.registration
    }

    /// Refuses `registrations` when ``RouterOptions/duplicateRoutes`` is
    /// ``RouterOptions/DuplicateRoutes/refuse`` and one of them repeats a registration here or
    /// one before it in the list.
    ///
    /// - Throws: ``RouterError`` with code ``RouterError/Code/duplicateRoute``, naming both.
    private func checkDuplicates(_ registrations: [RouteRegistration], _ lowered: [LoweredPattern]) throws(RouterError)
    {
        guard options.duplicateRoutes == .refuse else { return }
        var added: [Key: RouteRegistration] = [:]
        for (registration, lowered) in zip(registrations, lowered) {
            let key = Key(pattern: lowered.key, method: registration.method, variant: registration.variant)
            guard let earlier = entries[key]?.registration ?? added[key] else {
                added[key] = registration
                continue
            }
            throw RouteRegistry.duplicateError(registration, earlier: earlier)
        }
    }

    /// The error for `registration`, a duplicate of `earlier`.
    static func duplicateError(_ registration: RouteRegistration, earlier: RouteRegistration) -> RouterError {
        let method = registration.method ?? "any"
        let variant = registration.variant.map { "'\($0)'" } ?? "none"
        return RouterError(
            .duplicateRoute, input: registration.pattern,
            message:
                "'\(earlier.pattern)' is registered already with the same pattern, method (\(method)) and variant (\(variant)), and duplicateRoutes is .refuse"
        )
    }

    private func key(_ registration: RouteRegistration) -> Key {
        Key(
            pattern: LoweredPattern(registration, options: options).key, method: registration.method,
            variant: registration.variant)
    }

    /// Registers `registrations` as one batch, all of them or none: the one registration routine
    /// behind ``RouteTable`` and `Router`. Each is checked against the method limit and, under
    /// ``RouterOptions/DuplicateRoutes/refuse``, against the routes here and those before it; then
    /// each is added, replacing a route of the same pattern, method and variant in its place.
    ///
    /// - Returns: the registrations replaced, in the order they were replaced.
    /// - Throws: ``RouterError`` for the first refusal; nothing changes then.
    public mutating func register(_ registrations: [RouteRegistration]) throws(RouterError) -> [RouteRegistration] {
        try checkMethodCount(adding: registrations.map(\.method), pattern: registrations.first?.pattern ?? "")
        entries.reserveCapacity(entries.count + registrations.count)
        // Each pattern lowered once, for the check and the entry.
        let lowered = registrations.map { LoweredPattern($0, options: options) }
        try checkDuplicates(registrations, lowered)
        return zip(registrations, lowered).compactMap { add($0, lowered: $1) }
    }

    /// Adds `registration`, replacing the same pattern with the same method and variant in its place.
    ///
    /// - Returns: the registration it replaced, if any.
    @discardableResult
    mutating func add(_ registration: RouteRegistration) -> RouteRegistration? {
        add(registration, lowered: LoweredPattern(registration, options: options))
    }

    /// ``add(_:)`` with the registration's pattern already lowered under this registry's options.
    private mutating func add(_ registration: RouteRegistration, lowered: LoweredPattern) -> RouteRegistration? {
        let key = Key(pattern: lowered.key, method: registration.method, variant: registration.variant)
        if let method = registration.method { methodUses[method, default: 0] += 1 }
        if var existing = entries[key] {
            let replaced = existing.registration
            forget(replaced)
            existing.registration = registration
            existing.lowered = lowered
            entries[key] = existing
            return replaced
        }
        entries[key] = Entry(registration: registration, lowered: lowered, sequence: nextSequence)
        nextSequence += 1
        return nil
    }

    /// Removes the one registration of this pattern, method and variant.
    ///
    /// - Returns: the removed registration, or `nil` when there was none.
    @discardableResult
    public mutating func remove(pattern: RoutePattern, method: String?, variant: String?) -> RouteRegistration? {
        let lowered = LoweredPattern(pattern, options: options)
        let removed = entries.removeValue(forKey: Key(pattern: lowered.key, method: method, variant: variant))?
            .registration
        if let removed { forget(removed) }
        return removed
    }

    /// Removes a registration's method use.
    private mutating func forget(_ registration: RouteRegistration) {
        guard let method = registration.method, let uses = methodUses[method] else { return }
        methodUses[method] = uses > 1 ? uses - 1 : nil
    }

    /// Removes every registration.
    public mutating func removeAll() {
        entries.removeAll()
        methodUses.removeAll()
    }

    /// Removes every registration bound to `scheme` (its own scheme or the default one).
    ///
    /// - Returns: how many were removed.
    @discardableResult
    public mutating func removeAll(scheme: String) -> Int {
        let scheme = asciiLowercased(scheme)
        let before = entries.count
        for entry in entries.values where entry.lowered.scheme == scheme { forget(entry.registration) }
        entries = entries.filter { $0.value.lowered.scheme != scheme }
        return before - entries.count
    }

    /// The routes in precedence order, each with its targets (one per variant).
    func compile() -> [CompiledRoute] {
        struct GroupKey: Hashable {
            var pattern: PatternKey
            var method: String?
            var priority: Int
        }
        // In registration order, so that each group's first entry is its earliest; most groups
        // (a pattern, method and priority) have one entry, and cost no array of their own.
        let ordered = entries.values.sorted { $0.sequence < $1.sequence }
        var groupOf: [GroupKey: Int] = [:]
        groupOf.reserveCapacity(ordered.count)
        var others: [Int: [RouteRegistration]] = [:]
        // A pattern with optional segments is one route per expansion, each in its own group.
        var firsts: [(entry: Int, pattern: LoweredPattern)] = []
        for (position, entry) in ordered.enumerated() {
            for pattern in entry.lowered.expansions(options: options) {
                let key = GroupKey(
                    pattern: pattern.key, method: entry.registration.method, priority: entry.registration.priority)
                if let group = groupOf[key] {
                    others[group, default: []].append(entry.registration)
                } else {
                    groupOf[key] = firsts.count
                    firsts.append((position, pattern))
                }
            }
        }
        let routes = firsts.enumerated().map { group, first in
            let entry = ordered[first.entry]
            return CompiledRoute(
                scheme: first.pattern.scheme, elements: first.pattern.elements, firstTarget: entry.registration,
                otherTargets: others[group] ?? [], sequence: entry.sequence, strictVariants: options.strictVariants,
                slash: first.pattern.slash, host: first.pattern.host)
        }
        return CompiledRoute.sortedByPrecedence(routes)
    }
}

/// Bytes as a dictionary key, hashed once (hashing a byte array element by element is slow, and
/// tables of 10,000 routes hash every key several times): a pattern's identity, a literal's text.
struct PatternKey: Hashable, Sendable {
    let bytes: [UInt8]
    let hash: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        hash = Int(truncatingIfNeeded: bytes.withUnsafeBufferPointer { PatternKey.fnv1a($0) })
    }

    /// FNV-1a of `bytes`, which a key hashes with once, when made. Over a buffer, not a generic
    /// collection, so that it runs a plain loop over the bytes.
    static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<bytes.count {
            let byte = bytes[index]
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    static func == (lhs: PatternKey, rhs: PatternKey) -> Bool { lhs.hash == rhs.hash && lhs.bytes == rhs.bytes }
}

/// A pattern lowered to elements under a router's options, with its identity key.
@_spi(Tools) public struct LoweredPattern: Sendable {
    public var scheme: String?
    public var elements: [RouteElement]
    /// Which paths the pattern takes by their trailing slash (``RouterOptions/trailingSlash``).
    public var slash: SlashRule
    /// The host pattern (SEMANTICS.md section 11), or `nil` for any host.
    public var host: HostPattern?
    /// How many of the last elements are optional (`:name?`, ``RoutePattern/optionalCount``).
    public var optionalCount: Int
    /// Whether the pattern ends in `/` (``RoutePattern/endsWithSlash``), for its expansions.
    let endsWithSlash: Bool
    var key: PatternKey
    /// The identity key as text: equal for two patterns exactly when they are the same route.
    public var keyText: String { String(decoding: key.bytes, as: UTF8.self) }

    /// The pattern of `registration`, with its host pattern.
    public init(_ registration: RouteRegistration, options: RouterOptions) {
        self.init(registration.parsedPattern, host: registration.hostPattern, options: options)
    }

    public init(_ pattern: RoutePattern, host: HostPattern? = nil, options: RouterOptions) {
        var elements: [RouteElement] = []
        elements.reserveCapacity(pattern.segments.count)  // kept by the compiled route: no room to spare
        for segment in pattern.segments {
            switch segment.kind {
            case .literal(let text): elements.append(.literal(text))
            case .parameter(_, nil): elements.append(.parameter)
            case .parameter(_, let constraint?): elements.append(.constrained(constraint))
            case .composite(let pieces):
                elements.append(
                    .composite(
                        CompositePattern(
                            pieces: pieces.map {
                                switch $0 {
                                case .literal(let text): return .literal(text)
                                case .capture: return .capture
                                case .star: return .star
                                }
                            })))
            case .star: elements.append(.wildcard)
            case .doubleStar: elements.append(.catchAll)
            }
        }
        self.init(
            scheme: pattern.scheme, elements: elements, endsWithSlash: pattern.endsWithSlash,
            host: host, optionalCount: pattern.optionalCount, options: options)
    }

    /// The pattern of `elements`, its key made under `options`.
    private init(
        scheme: String?, elements: [RouteElement], endsWithSlash: Bool, host: HostPattern?, optionalCount: Int,
        options: RouterOptions
    ) {
        self.scheme = scheme
        self.elements = elements
        self.endsWithSlash = endsWithSlash
        self.host = host
        self.optionalCount = optionalCount
        let slash = SlashRule(endsWithSlash: endsWithSlash, elements: elements, policy: options.trailingSlash)
        self.slash = slash
        key = LoweredPattern.key(
            scheme: scheme, elements: elements, slash: slash, host: host, optionalCount: optionalCount,
            options: options)
    }

    /// The patterns this one is (SEMANTICS.md section 2): itself, then without its last optional
    /// element, and so on down to none of them; each keeps the final `/`. Just itself when it has
    /// no optional element.
    public func expansions(options: RouterOptions) -> [LoweredPattern] {
        guard optionalCount > 0 else { return [self] }
        return (0...optionalCount).map { left in
            LoweredPattern(
                scheme: scheme, elements: Array(elements.dropLast(left)), endsWithSlash: endsWithSlash, host: host,
                optionalCount: 0, options: options)
        }
    }

    /// The identity of a pattern: byte-exact (Swift's String equality would merge canonically
    /// equivalent text), with lengths before text so that no two different patterns share a key.
    static func key(
        scheme: String?, elements: [RouteElement], slash: SlashRule, host: HostPattern?, optionalCount: Int,
        options: RouterOptions
    ) -> PatternKey {
        var key: [UInt8] = []
        key.reserveCapacity(16 + 4 * elements.count)
        func append(_ text: String, folding: Bool = false) {
            // The length in decimal, `:`, then the bytes (no temporary arrays: a table of 100,000
            // routes makes a key for each).
            var length = text.utf8.count
            var divisor = 1
            while divisor * 10 <= length { divisor *= 10 }
            while divisor > 0 {
                key.append(UInt8(ascii: "0") + UInt8(length / divisor))
                length %= divisor
                divisor /= 10
            }
            key.append(UInt8(ascii: ":"))
            if folding && options.caseInsensitive {
                for byte in text.utf8 { key.append(asciiLower(byte)) }
            } else {
                key.append(contentsOf: text.utf8)
            }
        }
        append(scheme ?? "")
        for element in elements {
            switch element {
            case .literal(let text):
                key.append(UInt8(ascii: "L"))
                append(text, folding: true)
            case .parameter: key.append(UInt8(ascii: "P"))
            case .constrained(let regex):
                key.append(UInt8(ascii: "C"))
                append(regex.source)
            case .composite(let composite):
                key.append(UInt8(ascii: "S"))
                append(String(composite.pieces.count))
                for piece in composite.pieces {
                    switch piece {
                    case .literal(let text):
                        key.append(UInt8(ascii: "l"))
                        append(text, folding: true)
                    case .capture: key.append(UInt8(ascii: "c"))
                    case .star: key.append(UInt8(ascii: "s"))
                    }
                }
            case .wildcard: key.append(UInt8(ascii: "W"))
            case .catchAll: key.append(UInt8(ascii: "A"))
            }
        }
        switch slash {
        case .any, .forbidden: break
        case .required: key.append(UInt8(ascii: "/"))
        case .either: key.append(UInt8(ascii: "?"))
        }
        if optionalCount > 0 {
            key.append(UInt8(ascii: "O"))
            append(String(optionalCount))
        }
        if let host {
            key.append(UInt8(ascii: "@"))
            append(host.key)
        }
        return PatternKey(key)
    }
}
