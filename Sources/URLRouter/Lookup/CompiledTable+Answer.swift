/// Step 5 of a lookup, the answer: which registration of the winning route answers, then the
/// answer in the caller's form, lent in place (``withLookup(_:method:host:variants:_:)``) or copied
/// into a ``RouteMatch`` (``lookup(_:method:variants:extra:)``). The two differ only in that copy.
extension CompiledTable {
    /// The handle of the registration that answers `resolution` for `variants`, or `nil` when
    /// there is none (a miss, or a backend that returned a route that does not answer the
    /// lookup, which is reported as no match).
    @inline(__always)
    func answeringHandle(_ resolution: borrowing Resolution, variants: [String]) -> Int? {
        guard resolution.reason == nil else { return nil }
        let handle: Int
        if variants.isEmpty {
            handle = Int(store.untaggedHandles[resolution.routeIndex])
        } else {
            handle = routes[resolution.routeIndex].target(for: variants)?.handle ?? -1
        }
        return handle >= 0 ? handle : nil
    }

    /// Looks `url` up (on `host`, or in a table with host routes on the URL's own host,
    /// `CompiledTable+Host.swift`) and lends `body` the answer: the borrowed lookup.
    @usableFromInline
    func withLookup(
        _ url: String, method: String?, host: String? = nil, variants: [String],
        _ body: (borrowing ResolvedLookup) -> Void
    ) {
        @inline(__always) func answer(_ prepared: inout PreparedLookup) {
            guard let handle = answeringHandle(prepared.resolution, variants: variants) else {
                return body(
                    .miss(
                        prepared.resolution.missReason ?? .noMatch, allowedMethods: prepared.resolution.allowedMethods))
            }
            let first = Int(store.nameStarts[handle])
            withUnsafeMutablePointer(to: &prepared) { lookup in
                var view = MatchView(
                    handle: handle, registration: UnsafePointer(store.registrations.baseAddress! + handle),
                    names: UnsafeBufferPointer(rebasing: store.nameSpans[first..<Int(store.nameStarts[handle + 1])]),
                    nameBytes: UnsafePointer(store.nameBytes.baseAddress!), lookup: lookup, decodePlus: decodePlus)
                withUnsafePointer(to: &view) { body(.match($0)) }
            }
        }
        guard host == nil, !matchesHosts else {
            return resolve(url, method: method, host: host, variants: variants) { prepared in
                match(&prepared)
                answer(&prepared)
            }
        }
        resolve(url, method: method, variants: variants) { prepared in
            match(&prepared)
            answer(&prepared)
        }
    }

    /// Looks `url` up and answers an owning match: the borrowed lookup's answer, copied.
    ///
    /// - Parameters:
    ///   - url: the URL to route.
    ///   - method: the request's HTTP method (any case), or `nil`.
    ///   - variants: acceptable variants in preference order.
    ///   - extra: the caller's extra values, which beat path and query parameters.
    /// - Returns: the match, or the reason there is none.
    /// - Complexity: linear in the URL's length for routes without user regexes.
    @usableFromInline
    func lookup(
        _ url: String, method: String? = nil, variants: [String] = [], extra: [String: any Sendable]? = nil
    ) -> Result<RouteMatch, RouteMiss> {
        guard !matchesHosts else { return lookup(url, method: method, host: nil, variants: variants, extra: extra) }
        var answer: Result<RouteMatch, RouteMiss>?
        resolve(url, method: method, variants: variants) { prepared in
            match(&prepared)
            answer = copy(prepared, url: url, variants: variants, extra: extra)
        }
        return answer.unsafelyUnwrapped
    }

    /// The owning answer: the registration of the lookup's winner that answers `variants`, and
    /// the match copied out of the lent buffers, or the miss. Its spans are of the URL it routed:
    /// a layer's (``RoutedURL``), the rewritten one or `url`.
    func copy(
        _ prepared: borrowing PreparedLookup, url: String, variants: [String], extra: [String: any Sendable]?
    ) -> Result<RouteMatch, RouteMiss> {
        let layeredURL = prepared.resolution.layered?.url
        let routedURL = layeredURL ?? prepared.resolution.rewrittenURL ?? url
        guard let handle = answeringHandle(prepared.resolution, variants: variants) else {
            return .failure(
                RouteMiss(
                    reason: prepared.resolution.missReason ?? .noMatch, url: url,
                    rewrittenURL: prepared.resolution.rewrittenURL,
                    request: prepared.requestURL(
                        routedURL, decodePlus: decodePlus,
                        decoded: Resolution.extras(
                            storage: prepared.request.bytes, segmentCount: prepared.request.segments.count,
                            written: prepared.resolution.writtenSegments)),
                    detail: prepared.resolution.detail, allowedMethods: prepared.resolution.allowedMethods))
        }
        return .success(
            RouteMatch(
                store: store, handle: handle, routedURL: routedURL,
                scheme: prepared.schemeString, decodePlus: decodePlus,
                hostSpan: prepared.resolution.hostSpan, tail: prepared.resolution.tail,
                lookupHost: prepared.request.host,
                catchAll: prepared.resolution.catchAll, segments: prepared.request.segments,
                segmentRun: prepared.request.segmentRun, captures: prepared.resolution.captures,
                rare: prepared.resolution.rare,
                decoded: (prepared.request.bytes, prepared.resolution.writtenSegments), extra: extra,
                callerURL: prepared.resolution.rewrittenURL == nil && layeredURL == nil ? nil : url))
    }
}

/// The answer of a borrowed lookup before the value is attached (see ``RouteTable/Lookup``).
@usableFromInline
enum ResolvedLookup {
    /// The winner's view, lent for the call.
    case match(UnsafePointer<MatchView>)
    case miss(RouteMiss.Reason, allowedMethods: [String])
}

@available(*, unavailable, message: "lends pointers for one call")
extension ResolvedLookup: Sendable {}

/// What a ``CompiledTable`` keeps of its registrations for the answer step, flat: each
/// registration by handle, each route's untagged target's handle, and the parameter names, so
/// that a lookup reads them through pointers without retaining anything.
///
/// Owns every buffer below; they are allocated in `init`, never written afterwards, and freed
/// once in `deinit`. Lookups lend pointers into them only for the duration of a `withLookup` call.
// @unchecked: the buffers are immutable after init.
final class RegistrationStore: @unchecked Sendable {
    /// Per handle, its registration, or `nil` for a handle no route of the table has (a route
    /// that a later one replaced).
    let registrations: UnsafeMutableBufferPointer<RouteRegistration?>
    /// Per route (precedence order), the handle of its target for a lookup without variants, or -1.
    let untaggedHandles: UnsafeMutableBufferPointer<Int32>
    /// Per handle, where its names start in ``nameSpans`` (one more entry at the end).
    let nameStarts: UnsafeMutableBufferPointer<Int32>
    /// Every parameter name, as a span of ``nameBytes``.
    let nameSpans: UnsafeMutableBufferPointer<(Int32, Int32)>
    let nameBytes: UnsafeMutableBufferPointer<UInt8>
    /// The same names as strings, for an owning match's lookups by name: comparing two strings
    /// costs less than comparing a string's bytes with a span (Benchmarks/instructions).
    let names: UnsafeMutableBufferPointer<String>
    /// Whether a match reports its path with the trailing slash (a table that does not ignore
    /// them, ``RouterOptions/trailingSlash``).
    let keepsTrailingSlash: Bool

    /// The store of `routes` (in precedence order), of a table that keeps trailing slashes or not.
    init(routes: [CompiledRoute], keepsTrailingSlash: Bool = false) {
        self.keepsTrailingSlash = keepsTrailingSlash
        var handleCount = 0
        var spanCount = 0
        var byteCount = 0
        for route in routes {
            route.forEachTarget { target in
                handleCount = max(handleCount, target.handle + 1)
                spanCount += target.parameterNames.count
                for name in target.parameterNames { byteCount += name.utf8.count }
            }
        }
        let registrations = UnsafeMutableBufferPointer<RouteRegistration?>.allocate(capacity: max(1, handleCount))
        registrations.initialize(repeating: nil)
        for route in routes { route.forEachTarget { registrations[$0.handle] = $0 } }
        self.registrations = registrations
        untaggedHandles = .allocate(capacity: max(1, routes.count))
        for (index, route) in routes.enumerated() {
            untaggedHandles[index] = Int32(route.target(for: [] as [String]).map(\.handle) ?? -1)
        }
        nameStarts = .allocate(capacity: handleCount + 1)
        nameSpans = .allocate(capacity: max(1, spanCount))
        nameBytes = .allocate(capacity: max(1, byteCount))
        names = .allocate(capacity: max(1, spanCount))
        var span = 0
        var byte = 0
        for handle in 0..<handleCount {
            nameStarts[handle] = Int32(span)
            for name in registrations[handle]?.parameterNames ?? [] {
                nameSpans[span] = (Int32(byte), Int32(byte + name.utf8.count))
                (names.baseAddress! + span).initialize(to: name)
                for character in name.utf8 {
                    nameBytes[byte] = character
                    byte += 1
                }
                span += 1
            }
        }
        nameStarts[handleCount] = Int32(span)
    }

    deinit {
        registrations.deinitialize()
        registrations.deallocate()
        UnsafeMutableBufferPointer(rebasing: names[..<Int(nameStarts[handleCount])]).deinitialize()
        names.deallocate()
        untaggedHandles.deallocate()
        nameStarts.deallocate()
        nameSpans.deallocate()
        nameBytes.deallocate()
    }

    /// The number of handles (one more than the largest).
    var handleCount: Int { nameStarts.count - 1 }

    /// The index of the path parameter called `name` among registration `handle`'s, or `nil`.
    func parameterIndex(named name: String, handle: Int) -> Int? {
        let first = Int(nameStarts[handle])
        for index in first..<Int(nameStarts[handle + 1]) where names[index] == name { return index - first }
        return nil
    }
}
