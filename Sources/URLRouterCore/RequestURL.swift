/// One `name=value` item of a query string, percent-decoded.
public struct QueryItem: Sendable, Hashable {
    /// The decoded key (`""` for `=x`).
    public var name: String
    /// The decoded value (`""` for `b=`).
    public var value: String

    /// Makes an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A URL normalized for matching: the one function behind SEMANTICS.md section 1.
///
/// - The scheme is lower-cased; a URL without one takes ``RouterOptions/defaultScheme``.
/// - The host is the first segment unless ``RouterOptions/hostAsSegment`` says otherwise;
///   userinfo and port never take part.
/// - The path is split on `/` before decoding; empty segments are dropped; `.` and `..` are
///   ordinary segments. Segments are kept in their comparison form (see ``PercentCoding``).
/// - A first segment equal (ASCII case-insensitively) to a transition prefix is removed and
///   reported as ``transition``.
/// - Query items are split on `&`; an item without `=` is dropped; keys and values are decoded,
///   with `+` as a space first when ``RouterOptions/decodePlus`` is on.
/// - The fragment is kept as written; with ``RouterOptions/fragmentAsCallbackURL`` a non-empty
///   fragment is also the ``callbackURL``, prefixed with the URL's `scheme://` when it has no
///   scheme of its own.
///
/// Any malformed escape, or escapes decoding to invalid UTF-8, in any part of the URL
/// makes the whole URL malformed.
///
/// Segments are slices of the URL itself when they hold no escape, so normalizing a plain URL
/// allocates only the array of segments.
public struct RequestURL: Sendable {
    /// The lower-cased scheme, or the default scheme, or `nil`.
    public var scheme: String?
    /// The host in comparison form, `nil` when the URL has none.
    public var host: Substring?
    /// The path segments used for matching, in comparison form.
    public var segments: [Substring]
    /// The query as written, without `?`.
    public var query: Substring?
    /// The fragment as written.
    public var fragment: Substring?
    /// The removed transition prefix, spelled as in ``RouterOptions/transitionPrefixes``.
    public var transition: String?
    /// The fragment as a callback URL (``RouterOptions/fragmentAsCallbackURL``).
    public var callbackURL: String?
    /// Whether `+` in the query is a space.
    public var decodePlus: Bool

    /// `/` followed by the segments joined by `/` (comparison form).
    public var path: String {
        "/" + segments.joined(separator: "/")
    }

    /// The query items in order, decoded.
    public var queryItems: [QueryItem] {
        guard let query else { return [] }
        return RequestURL.items(of: query, decodePlus: decodePlus)
    }

    /// A malformed URL: which part, and why.
    public struct MalformedURL: Error, Sendable, Hashable, CustomStringConvertible {
        /// The part of the URL that does not decode (`host`, `path segment`, `query`, ...).
        public var part: String
        /// The offending text as written.
        public var text: String

        public var description: String {
            "malformed URL: the \(part) '\(text)' has a '%' not followed by two hex digits, or escapes that are not UTF-8"
        }
    }

    /// Normalizes `url` under `options`.
    ///
    /// - Throws: ``MalformedURL`` when any part has a bad escape.
    /// - Complexity: O(*n*) in the length of `url`.
    public init(normalizing url: String, options: RouterOptions) throws(MalformedURL) {
        try self.init(parts: URLParts(url), options: options)
    }

    /// Normalizes already split parts under `options`.
    public init(parts: URLParts, options: RouterOptions) throws(MalformedURL) {
        decodePlus = options.decodePlus
        if let text = parts.userinfo, !PercentCoding.isWellFormed(text) {
            throw MalformedURL(part: "userinfo", text: String(text))
        }
        if let text = parts.port, !PercentCoding.isWellFormed(text) {
            throw MalformedURL(part: "port", text: String(text))
        }
        if let written = parts.scheme {
            scheme = RequestURL.lowercased(written)
        } else {
            scheme = options.defaultScheme
        }

        var segments: [Substring] = []
        segments.reserveCapacity(8)
        if let rawHost = parts.host, !rawHost.isEmpty {
            let host = try RequestURL.comparisonForm(rawHost, part: "host")
            self.host = host
            if RequestURL.hostIsSegment(host, options.hostAsSegment) { segments.append(host) }
        }
        let path = parts.path
        var start = path.utf8.startIndex
        let end = path.utf8.endIndex
        while start < end {
            var stop = start
            while stop < end, path.utf8[stop] != UInt8(ascii: "/") { path.utf8.formIndex(after: &stop) }
            if stop > start {
                segments.append(try RequestURL.comparisonForm(path[start..<stop], part: "path segment"))
            }
            start = stop < end ? path.utf8.index(after: stop) : end
        }
        if !options.transitionPrefixes.isEmpty, let first = segments.first,
            let word = options.transitionPrefixes.first(where: { asciiCaseInsensitiveEqual($0.utf8, first.utf8) })
        {
            transition = word
            segments.removeFirst()
        }
        self.segments = segments

        if let query = parts.query {
            guard PercentCoding.isWellFormed(query) else { throw MalformedURL(part: "query", text: String(query)) }
            self.query = query
        }
        if let fragment = parts.fragment {
            guard PercentCoding.isWellFormed(fragment) else { throw MalformedURL(part: "fragment", text: String(fragment)) }
            self.fragment = fragment
            if options.fragmentAsCallbackURL, !fragment.isEmpty {
                if URLParts.schemeEnd(fragment) == nil, let scheme {
                    callbackURL = scheme + "://" + fragment
                } else {
                    callbackURL = String(fragment)
                }
            }
        }
    }

    /// The comparison form of `text`: the text itself when it holds no escape.
    @inline(__always)
    static func comparisonForm(_ text: Substring, part: String) throws(MalformedURL) -> Substring {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        guard let decoded = PercentCoding.comparisonForm(text) else { throw MalformedURL(part: part, text: String(text)) }
        return decoded[...]
    }

    @inline(__always)
    static func lowercased(_ text: Substring) -> String {
        if text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            return String(decoding: text.utf8.map(asciiLower), as: UTF8.self)
        }
        return String(text)
    }

    /// Splits a query on `&`; items without `=` are dropped.
    static func items(of query: Substring, decodePlus: Bool) -> [QueryItem] {
        var items: [QueryItem] = []
        for rawItem in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let item = Substring(rawItem)
            guard let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            // The whole query was checked when the URL was normalized.
            let name = PercentCoding.decoded(item[..<equals], plusAsSpace: decodePlus) ?? String(item[..<equals])
            let rest = item[item.index(after: equals)...]
            items.append(QueryItem(name: name, value: PercentCoding.decoded(rest, plusAsSpace: decodePlus) ?? String(rest)))
        }
        return items
    }

    static func hostIsSegment(_ host: Substring, _ rule: RouterOptions.HostAsSegment) -> Bool {
        switch rule {
        case .always: return true
        case .never: return false
        case .unlessDotted: return !host.utf8.contains(UInt8(ascii: "."))
        case .unlessDottedOrLocalhost:
            return !host.utf8.contains(UInt8(ascii: ".")) && !asciiCaseInsensitiveEqual(host.utf8, "localhost".utf8)
        }
    }
}
