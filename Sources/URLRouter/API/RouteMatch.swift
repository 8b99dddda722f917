/// A successful lookup: the winning route and everything SEMANTICS.md section 4 says a match
/// carries, for the handler router and the tools; a server reads a table's ``RouteTable/Match``.
///
/// A class, immutable after init, over the match's contents (`MatchRecord`): a lookup makes one
/// allocation, the match itself, and passing it around copies a reference.
@usableFromInline
final class RouteMatch: Sendable {
    /// The match's contents.
    @usableFromInline let record: MatchRecord

    /// The match a lookup's resolution found, its ranges copied out of the lent buffers in place
    /// (see `MatchRecord`).
    // The record's parameters, forwarded rather than a record taken whole: built here, the record
    // is written in the object's storage; built apart and handed in, it is copied there, which
    // Benchmarks/instructions counts.
    init(
        store: RegistrationStore, handle: Int, routedURL: String, scheme: String?, decodePlus: Bool,
        hostSpan: (Int32, Int32), tail: URLTail, lookupHost: UnsafeBufferPointer<UInt8>, catchAll: Range<Int>?,
        segments: RangeBuffer, segmentRun: Range<Int>?, captures: RangeBuffer, rare: Resolution.Rare?,
        decoded: (storage: UnsafeBufferPointer<UInt8>, written: UnsafePointer<Range<Int>>?),
        extra: borrowing [String: any Sendable]?, callerURL: String?
    ) {
        self.record = MatchRecord(
            store: store, handle: handle, routedURL: routedURL, scheme: scheme, decodePlus: decodePlus,
            hostSpan: hostSpan, tail: tail, lookupHost: lookupHost,
            catchAll: catchAll, segments: segments, segmentRun: segmentRun, captures: captures, rare: rare,
            decoded: decoded, extra: extra, callerURL: callerURL)
    }

    /// The winning registration (its pattern, method, variant and name).
    var route: RouteRegistration { record.route }
    /// The winning registration's handle: its value's index in a table's values.
    @inlinable var handle: Int { record.handle }
    /// The URL after rewriting, when a rule applied.
    var rewrittenURL: String? { record.rare?.rewrittenURL }
    /// The normalized URL that was matched.
    var request: RequestURL { record.request }
    /// The URL the caller passed.
    var url: String { record.url }
    /// The number of path parameters.
    // Inlinable for a plain match (no rare box): reading parameters from another module costs
    // more when these two are calls (Benchmarks/instructions).
    @inlinable
    var parameterCount: Int { record.rare == nil ? record.packedCaptures.count : detailedParameterCount }

    /// Path parameter `index`'s value, fully decoded: a slice of the URL when it held no escape.
    /// The cheapest way to read parameters in a hot loop; ``parameters`` offers lookups by name.
    @inlinable
    func parameter(at index: Int) -> Substring {
        guard record.rare == nil else { return detailedParameter(at: index) }
        return record.routedURL.utf8Slice(record.packedCaptures[index])
    }

    /// The value for `name` that ``Parameters/get(_:)`` answers: for a match with nothing rare (no
    /// extra values, no escapes, ranges that pack), the path parameter found in one step, else a
    /// named catch-all's or the last query value.
    @usableFromInline func value(named name: String) -> String? {
        guard record.rare == nil else { return parameters.describedValue(name) }
        guard let index = record.store.parameterIndex(named: name, handle: record.handle),
            index < record.packedCaptures.count
        else { return parameters.valueBesidePath(name) }
        return record.packedParameter(at: index)
    }

    /// ``parameterCount`` of a match with a rare box (more ranges than pack).
    @usableFromInline var detailedParameterCount: Int { record.captures.count }

    /// ``parameter(at:)`` of a match with a rare box: ranges that did not pack, or escapes decoded.
    @usableFromInline func detailedParameter(at index: Int) -> Substring {
        Parameters.value(in: record.storage, at: record.captures[index], mayHoldEscapes: record.mayHoldEscapes)
    }

    /// Path parameters, query items and extra values.
    var parameters: Parameters { Parameters(self) }
    /// The segments the catch-all took, decoded and joined by `/`, when the route has one.
    var catchall: String? { record.catchall }
    /// The lower-cased scheme (or the default scheme).
    var scheme: String? { record.requestScheme }
    /// The host the lookup routed on (SEMANTICS.md section 11): the one given, else the URL's
    /// own; lower-cased, without port or trailing `.`.
    var host: String? { record.rare?.host ?? request.host.flatMap(LookupHost.normalized(urlHost:)) }
    /// The normalized path: `/` and the decoded segments (`%2F`, `%25` shown encoded).
    var path: String { request.path(keepingTrailingSlash: record.store.keepsTrailingSlash) }
    /// The fragment as written.
    var fragment: String? { request.fragment.map(String.init) }
    /// The variant of the chosen target, `nil` for the untagged one.
    var variant: String? { route.variant }
    /// Every query item in order (repeated keys keep all their values here).
    var queryItems: [QueryItem] { request.queryItems }
}

extension RouteMatch: CustomStringConvertible {
    /// The route and what it took, for a log line or `print`:
    /// `GET /users/:id (id: 42) for /users/42?tab=repos`.
    @usableFromInline var description: String {
        var text = "\(route.method ?? "any") \(route.pattern)"
        let path = parameters.path
        if !path.isEmpty { text += " (" + path.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")" }
        if let catchall { text += " catch-all \(catchall)" }
        text += " for \(RouteMiss.shortened(url))"
        if let rewrittenURL { text += " (rewritten to \(RouteMiss.shortened(rewrittenURL)))" }
        return text
    }
}

/// A lookup that found no route, and why (SEMANTICS.md section 7).
public struct RouteMiss: Error, Sendable, CustomStringConvertible {
    /// Why a lookup found nothing.
    public enum Reason: Sendable, Hashable {
        /// No route matches.
        case noMatch
        /// The URL has a malformed escape or escapes that are not UTF-8.
        case malformedURL
        /// The URL, or its rewritten form, is longer than ``RouterOptions/maxURLLength``.
        case urlTooLong
        /// The path matched only routes of other methods.
        case methodNotAllowed
        /// A user regex reached the work limit before the answer was known.
        case limitExceeded
        /// A request check refused the path (``RouterOptions/requestChecks``): the one check
        /// that did, such as `.refused(.dotSegments)`. A client error: the integrations answer 400.
        case refused(RequestChecks)
        /// No route for the lookup's method takes the path, but one does with the trailing slash
        /// added or removed (``RouterOptions/TrailingSlash/redirect``): `location` is that URL (the
        /// URL routed, as written, with one `/` added or removed before its `?`, `#` or end), for
        /// a `308 Permanent Redirect` (``MissAnswer``).
        case redirect(location: String)
    }

    /// The fields, in one reference: a lookup's `Result` then stays one word wide, so returning
    /// and inspecting it copies a pointer rather than a normalized URL.
    final class Storage: Sendable {
        let reason: Reason
        let url: String
        let rewrittenURL: String?
        let request: RequestURL?
        let detail: String?
        let allowedMethods: [String]

        init(
            reason: Reason, url: String, rewrittenURL: String?, request: RequestURL?, detail: String?,
            allowedMethods: [String]
        ) {
            self.reason = reason
            self.url = url
            self.rewrittenURL = rewrittenURL
            self.request = request
            self.detail = detail
            self.allowedMethods = allowedMethods
        }
    }

    let storage: Storage

    /// Why.
    public var reason: Reason { storage.reason }
    /// The URL the caller passed.
    public var url: String { storage.url }
    /// The URL after rewriting, when a rule applied.
    public var rewrittenURL: String? { storage.rewrittenURL }
    /// The normalized URL, when it could be normalized.
    var request: RequestURL? { storage.request }
    /// More detail, such as which part of a malformed URL does not decode.
    public var detail: String? { storage.detail }
    /// For ``Reason/methodNotAllowed``: the methods a request for this URL may use, sorted
    /// (`HEAD` wherever `GET` is there), as an `Allow` header lists them; empty otherwise.
    public var allowedMethods: [String] { storage.allowedMethods }

    /// Makes a miss.
    init(
        reason: Reason, url: String, rewrittenURL: String? = nil, request: RequestURL? = nil, detail: String? = nil,
        allowedMethods: [String] = []
    ) {
        storage = Storage(
            reason: reason, url: url, rewrittenURL: rewrittenURL, request: request, detail: detail,
            allowedMethods: allowedMethods)
    }

    /// The reason and the URL, for a log line: a URL longer than 200 UTF-8 bytes is shown by its
    /// first 200 bytes and its length.
    public var description: String {
        var text = "\(reason.name): \(RouteMiss.shortened(url))"
        if let rewrittenURL { text += " (rewritten to \(RouteMiss.shortened(rewrittenURL)))" }
        if let detail { text += " — \(detail)" }
        return text
    }
}

// The tools' view of a miss: reasons by name, as fixtures and logs spell them, and the
// normalized URL's parts.
@_spi(HandlerRouter) extension RouteMiss.Reason {
    /// Every reason: the six misses, then one refusal per check.
    public static var allCases: [RouteMiss.Reason] {
        [.noMatch, .malformedURL, .urlTooLong, .methodNotAllowed, .limitExceeded, .redirect(location: "")]
            + RequestChecks.each.map { .refused($0.check) }
    }

    /// The reason's name, as fixtures and logs spell it: the case's, or for a refusal its
    /// check's (`dotSegment`, SEMANTICS.md section 10).
    public var name: String {
        switch self {
        case .noMatch: "noMatch"
        case .malformedURL: "malformedURL"
        case .urlTooLong: "urlTooLong"
        case .methodNotAllowed: "methodNotAllowed"
        case .limitExceeded: "limitExceeded"
        case .redirect: "redirect"
        case .refused(let check): RequestChecks.each.first { $0.check == check }?.reason ?? "refused"
        }
    }

    /// For a refusal, why, in a few words that never quote the request; `nil` for other reasons.
    public var refusal: String? {
        guard case .refused(let check) = self else { return nil }
        return RequestChecks.each.first { $0.check == check }?.refusal
    }
}

@_spi(HandlerRouter) extension RouteMiss {
    /// The lower-cased scheme, when the URL was normalized.
    public var scheme: String? { request?.scheme }
    /// The normalized path, when the URL was normalized.
    public var path: String? { request?.path }
    /// The fragment as written, when the URL was normalized.
    public var fragment: String? { request?.fragment.map(String.init) }

    /// `url`, or, past `limit` UTF-8 bytes, its first `limit` bytes (fewer, to end on a whole
    /// character), `…` and its length; control characters written as `%XX`, so that a log line
    /// never carries the raw bytes of a hostile URL.
    public static func shortened(_ url: String, limit: Int = 200) -> String {
        guard !url.utf8.contains(where: RequestRefusal.isControl) else {
            return shortened(
                String(
                    url.unicodeScalars.map { scalar in
                        guard scalar.value < 0x20 || scalar.value == 0x7F else { return String(scalar) }
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        return (hex.count == 1 ? "%0" : "%") + hex
                    }.joined()), limit: limit)
        }
        let bytes = url.utf8.count
        guard bytes > limit else { return url }
        var end = url.utf8.index(url.utf8.startIndex, offsetBy: limit)
        // Back to the start of a UTF-8 sequence: the shown text stays valid.
        while end > url.utf8.startIndex, url.utf8[end] & 0xC0 == 0x80 { end = url.utf8.index(before: end) }
        return "\(String(decoding: url.utf8[..<end], as: UTF8.self))… (\(bytes) bytes)"
    }
}
