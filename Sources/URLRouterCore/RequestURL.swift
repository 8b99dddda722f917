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
public struct RequestURL: Sendable, Hashable {
    /// The lower-cased scheme, or the default scheme, or `nil`.
    public var scheme: String?
    /// The host in comparison form, `nil` when the URL has none.
    public var host: String?
    /// The path segments used for matching, in comparison form.
    public var segments: [String]
    /// The query items in order.
    public var queryItems: [QueryItem]
    /// The fragment as written.
    public var fragment: String?
    /// The removed transition prefix, spelled as in ``RouterOptions/transitionPrefixes``.
    public var transition: String?
    /// The fragment as a callback URL (``RouterOptions/fragmentAsCallbackURL``).
    public var callbackURL: String?

    /// `/` followed by the segments joined by `/` (comparison form).
    public var path: String {
        "/" + segments.joined(separator: "/")
    }

    /// A malformed URL: which part, and why.
    public struct MalformedURL: Error, Sendable, Hashable, CustomStringConvertible {
        /// The part of the URL that does not decode (`host`, `path`, `query`, ...).
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
        let parts = URLParts(url)
        try self.init(parts: parts, options: options)
    }

    /// Normalizes already split parts under `options`.
    public init(parts: URLParts, options: RouterOptions) throws(MalformedURL) {
        for (name, text) in [("scheme", parts.scheme), ("userinfo", parts.userinfo), ("port", parts.port)] {
            if let text, !PercentCoding.isWellFormed(text) { throw MalformedURL(part: name, text: String(text)) }
        }
        scheme = parts.scheme.map { asciiLowercased(String($0)) } ?? options.defaultScheme

        var segments: [String] = []
        if let rawHost = parts.host, !rawHost.isEmpty {
            guard let host = PercentCoding.comparisonForm(rawHost) else {
                throw MalformedURL(part: "host", text: String(rawHost))
            }
            self.host = host
            if RequestURL.hostIsSegment(host, options.hostAsSegment) { segments.append(host) }
        }
        for raw in parts.path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let text = Substring(raw)
            guard let segment = PercentCoding.comparisonForm(text) else {
                throw MalformedURL(part: "path segment", text: String(text))
            }
            segments.append(segment)
        }
        if let first = segments.first, !options.transitionPrefixes.isEmpty,
            let word = options.transitionPrefixes.first(where: { asciiCaseInsensitiveEqual($0.utf8, first.utf8) })
        {
            transition = word
            segments.removeFirst()
        }
        self.segments = segments

        queryItems = []
        if let query = parts.query {
            for rawItem in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                let item = Substring(rawItem)
                guard let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) else {
                    guard PercentCoding.isWellFormed(item) else { throw MalformedURL(part: "query", text: String(item)) }
                    continue
                }
                guard let name = PercentCoding.decoded(item[..<equals], plusAsSpace: options.decodePlus),
                    let value = PercentCoding.decoded(item[item.index(after: equals)...], plusAsSpace: options.decodePlus)
                else { throw MalformedURL(part: "query", text: String(item)) }
                queryItems.append(QueryItem(name: name, value: value))
            }
        }

        if let fragment = parts.fragment {
            guard PercentCoding.isWellFormed(fragment) else { throw MalformedURL(part: "fragment", text: String(fragment)) }
            self.fragment = String(fragment)
            if options.fragmentAsCallbackURL, !fragment.isEmpty {
                if URLParts.schemeEnd(fragment) == nil, let scheme {
                    callbackURL = scheme + "://" + fragment
                } else {
                    callbackURL = String(fragment)
                }
            }
        }
    }

    static func hostIsSegment(_ host: String, _ rule: RouterOptions.HostAsSegment) -> Bool {
        switch rule {
        case .always: return true
        case .never: return false
        case .unlessDotted: return !host.utf8.contains(UInt8(ascii: "."))
        case .unlessDottedOrLocalhost:
            return !host.utf8.contains(UInt8(ascii: ".")) && !asciiCaseInsensitiveEqual(host.utf8, "localhost".utf8)
        }
    }
}
