/// The mutable set of registrations of one router, and its lowering to the compiled table.
///
/// A value type: the router changes a copy and publishes it only when the change is valid,
/// so a refused registration changes nothing.
///
/// Two registrations are the same, and the later replaces the earlier in its place, when their
/// patterns are the same (same scheme or none, same segments after decoding literals, parameter
/// names ignored, a final catch-all `*` equal to `**`; literals compared case-insensitively under
/// ``RouterOptions/caseInsensitive``) and they have the same method and variant.
struct RouteRegistry: Sendable {
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
    init(options: RouterOptions) {
        self.options = options
    }

    /// The number of registrations.
    var count: Int { entries.count }

    /// Every registration, in registration order.
    var registrations: [RouteRegistration] {
        entries.values.sorted { $0.sequence < $1.sequence }.map(\.registration)
    }

    /// Refuses registrations whose methods would take the registry past
    /// ``HTTPMethodName/maxCount``.
    ///
    /// - Parameter pattern: the first new registration's pattern, for the error.
    /// - Throws: ``RouterError`` with code ``RouterError/Code/invalidPattern``.
    private func checkMethodCount(adding added: some Sequence<String?>, pattern: String) throws(RouterError) {
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
    private func checkDuplicates(_ registrations: [RouteRegistration]) throws(RouterError) {
        guard options.duplicateRoutes == .refuse else { return }
        var added: [Key: RouteRegistration] = [:]
        for registration in registrations {
            let key = key(registration)
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
            pattern: LoweredPattern(registration.parsedPattern, options: options).key, method: registration.method,
            variant: registration.variant)
    }

    /// Registers `registrations` as one batch, all of them or none: the one registration routine
    /// behind ``RouteTable`` and ``Router``. Each is checked against the method limit and, under
    /// ``RouterOptions/DuplicateRoutes/refuse``, against the routes here and those before it; then
    /// each is added, replacing a route of the same pattern, method and variant in its place.
    ///
    /// - Returns: the registrations replaced, in the order they were replaced.
    /// - Throws: ``RouterError`` for the first refusal; nothing changes then.
    mutating func register(_ registrations: [RouteRegistration]) throws(RouterError) -> [RouteRegistration] {
        try checkMethodCount(adding: registrations.map(\.method), pattern: registrations.first?.pattern ?? "")
        try checkDuplicates(registrations)
        return registrations.compactMap { add($0) }
    }

    /// Adds `registration`, replacing the same pattern with the same method and variant in its place.
    ///
    /// - Returns: the registration it replaced, if any.
    @discardableResult
    mutating func add(_ registration: RouteRegistration) -> RouteRegistration? {
        let lowered = LoweredPattern(registration.parsedPattern, options: options)
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
    mutating func remove(pattern: RoutePattern, method: String?, variant: String?) -> RouteRegistration? {
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
    mutating func removeAll() {
        entries.removeAll()
        methodUses.removeAll()
    }

    /// Removes every registration bound to `scheme` (its own scheme or the default one).
    ///
    /// - Returns: how many were removed.
    @discardableResult
    mutating func removeAll(scheme: String) -> Int {
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
        var groups: [GroupKey: [Entry]] = [:]
        for (key, entry) in entries {
            groups[
                GroupKey(pattern: key.pattern, method: key.method, priority: entry.registration.priority), default: []
            ]
            .append(entry)
        }
        let routes = groups.values.map { group -> CompiledRoute in
            let sorted = group.sorted { $0.sequence < $1.sequence }
            return CompiledRoute(
                scheme: sorted[0].lowered.scheme,
                elements: sorted[0].lowered.elements,
                targets: sorted.map(\.registration),
                sequence: sorted[0].sequence,
                strictVariants: options.strictVariants
            )
        }
        return CompiledRoute.sortedByPrecedence(routes)
    }
}

/// Bytes as a dictionary key, hashed once (hashing a byte array element by element is slow, and
/// tables of 10,000 routes hash every key several times): a pattern's identity, a literal's text.
package struct PatternKey: Hashable, Sendable {
    package let bytes: [UInt8]
    let hash: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        hash = Int(truncatingIfNeeded: bytes.withUnsafeBufferPointer { ByteHash.fnv1a($0) })
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    package static func == (lhs: PatternKey, rhs: PatternKey) -> Bool { lhs.hash == rhs.hash && lhs.bytes == rhs.bytes }
}

/// A pattern lowered to elements under a router's options, with its identity key.
package struct LoweredPattern: Sendable {
    package var scheme: String?
    package var elements: [RouteElement]
    package var key: PatternKey

    package init(_ pattern: RoutePattern, options: RouterOptions) {
        scheme = pattern.scheme ?? options.defaultScheme
        let hasDoubleStar = pattern.segments.contains(.doubleStar)
        var elements: [RouteElement] = []
        elements.reserveCapacity(pattern.segments.count)  // kept by the compiled route: no room to spare
        for (index, segment) in pattern.segments.enumerated() {
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
            case .star:
                let isLast = index == pattern.segments.count - 1
                elements.append(isLast && !hasDoubleStar && options.trailingStar == .catchAll ? .catchAll : .wildcard)
            case .doubleStar: elements.append(.catchAll)
            }
        }
        self.elements = elements

        // Byte-exact (Swift's String equality would merge canonically equivalent text),
        // with lengths before text so that no two different patterns share a key.
        var key: [UInt8] = []
        func append(_ text: String, folding: Bool = false) {
            key += Array(String(text.utf8.count).utf8) + [UInt8(ascii: ":")]
            key += folding && options.caseInsensitive ? text.utf8.map(asciiLower) : Array(text.utf8)
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
        self.key = PatternKey(key)
    }
}
