/// Lookups that route on a host (SEMANTICS.md section 11): those given one, and every lookup of
/// a table with host routes, which routes on the URL's own host when it is given none. The
/// pipeline is the same; the host is read once, before the match (a given host that is not a
/// host misses with `malformedURL`), lent to the matcher, which decides it with the path in its
/// one call, and to the answer. Out of line: a table without host routes, looked up without a
/// host, never comes here.
extension CompiledTable {
    /// The owning lookup of `url` on `host` (`nil`: the URL's own).
    @usableFromInline
    @inline(never)
    func lookup(
        _ url: String, method: String?, host: String?, variants: [String] = [], extra: [String: any Sendable]? = nil
    ) -> Result<RouteMatch, RouteMiss> {
        var answer: Result<RouteMatch, RouteMiss>?
        resolve(url, method: method, host: host, variants: variants) { prepared in
            match(&prepared)
            answer = copy(prepared, url: url, variants: variants, extra: extra)
        }
        return answer.unsafelyUnwrapped
    }

    /// Steps 1 to 3 for a lookup on a host: `given` checked and normalized (``LookupHost``) in
    /// room lent for the call, else, in a table with host routes, the URL's own host; `body` gets
    /// the prepared lookup, its request on that host (empty: none), lent for the call.
    ///
    /// - Parameters:
    ///   - forcingCharges: as for ``resolve(_:method:variants:forcingCharges:layering:_:)``.
    ///   - layering: as for ``resolve(_:method:variants:forcingCharges:layering:_:)``.
    func resolve(
        _ url: String, method: String?, host given: String?, variants: [String], forcingCharges: Bool = false,
        layering: RoutedURL.Layering? = nil, _ body: (inout PreparedLookup) -> Void
    ) {
        guard var given else {
            return resolve(
                url, method: method, variants: variants, forcingCharges: forcingCharges, layering: layering
            ) { prepared in
                guard matchesHosts, prepared.resolution.scanned, var host = prepared.resolution.urlHost else {
                    return body(&prepared)
                }
                host.withUTF8 { host in
                    prepared.request.host = host
                    body(&prepared)
                }
            }
        }
        given.withUTF8 { raw in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, raw.count)) { room in
                let count: Int
                do throws(LookupHost.Malformed) {
                    count = try LookupHost.normalize(raw, into: room)
                } catch {
                    return CompiledTable.miss(.malformedURL, error.description, rewrittenURL: nil, body)
                }
                let host = UnsafeBufferPointer(rebasing: room[..<count])
                resolve(
                    url, method: method, variants: variants, forcingCharges: forcingCharges, layering: layering
                ) { prepared in
                    if prepared.resolution.scanned { prepared.request.host = host }
                    body(&prepared)
                }
            }
        }
    }
}
