/// Lookups that route on a host (SEMANTICS.md section 11): those given one, and every lookup of
/// a table with host routes, which routes on the URL's own host when it is given none. The
/// pipeline is the same; the host is read once, before the match (a given host that is not a
/// host misses with `malformedURL`), kept for the answer, and lent to the matcher, which decides
/// it with the path in its one call. Out of line: a table without host routes, looked up
/// without a host, never comes here.
extension CompiledTable {
    /// The borrowed lookup of `url` on `host` (`nil`: the URL's own).
    @usableFromInline
    @inline(never)
    func withLookup(
        _ url: String, method: String?, host: String?, variants: [String], _ body: (borrowing ResolvedLookup) -> Void
    ) {
        resolve(url, method: method, host: host, variants: variants) { prepared in
            match(&prepared)
            lend(prepared.resolution, host: prepared.host, variants: variants, body)
        }
    }

    /// The owning lookup of `url` on `host` (`nil`: the URL's own).
    @usableFromInline
    @inline(never)
    package func lookup(
        _ url: String, method: String?, host: String?, variants: [String] = [], extra: [String: any Sendable]? = nil
    ) -> Result<RouteMatch, RouteMiss> {
        var answer: Result<RouteMatch, RouteMiss>?
        resolve(url, method: method, host: host, variants: variants) { prepared in
            match(&prepared)
            answer = copy(prepared.resolution, url: url, variants: variants, extra: extra)
        }
        return answer.unsafelyUnwrapped
    }

    /// Steps 1 to 3 for a lookup on a host: `given` checked and normalized (``LookupHost``), else,
    /// in a table with host routes, the URL's own host, lent to `body` in the prepared lookup
    /// (``PreparedLookup/host``) and kept by its resolution for an owning answer.
    ///
    /// - Parameter forcingCharges: as for ``resolve(_:method:variants:forcingCharges:_:)``.
    func resolve(
        _ url: String, method: String?, host given: String?, variants: [String], forcingCharges: Bool = false,
        _ body: (inout PreparedLookup) -> Void
    ) {
        var normalized: String?
        if let given {
            do throws(LookupHost.Malformed) {
                normalized = try LookupHost.normalized(given: given)
            } catch {
                return CompiledTable.miss(.malformedURL, error.description, rewrittenURL: nil, body)
            }
        }
        resolve(url, method: method, variants: variants, forcingCharges: forcingCharges) { prepared in
            guard prepared.resolution.scanned,
                var host = normalized ?? (matchesHosts ? prepared.resolution.urlHost : nil)
            else { return body(&prepared) }
            prepared.resolution.lookupHost = host
            host.withUTF8 { bytes in
                prepared.host = bytes
                body(&prepared)
            }
        }
    }
}
