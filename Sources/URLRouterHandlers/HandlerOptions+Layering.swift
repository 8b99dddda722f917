@_spi(HandlerRouter) import URLRouter

/// How the router reads patterns and URLs before its table does (SEMANTICS.md section 8): the
/// iOS routers' default scheme, host as a segment and trailing star, which a table does not have.
/// A pattern registers with the default scheme when it has none, and a final lone `*` as `**`; a
/// URL is routed (after the table's rewrite) with the default scheme when it has none, and with
/// a host that is a segment repeated at the front of its path.
extension HandlerOptions {
    /// The pattern the table registers for `pattern`.
    func registered(_ pattern: RoutePattern) -> RoutePattern {
        var pattern = pattern
        if let defaultScheme { pattern = pattern.givingScheme(defaultScheme) }
        if trailingStar == .catchAll { pattern = pattern.endingWithCatchAll() }
        return pattern
    }

    /// The text of the pattern the table registers for the text `pattern` (to find a route by its
    /// pattern); `pattern` itself when it does not parse.
    package func registered(_ pattern: String) -> String {
        guard let parsed = try? RoutePattern(pattern) else { return pattern }
        var text = pattern
        if trailingStar == .catchAll, parsed.endsWithLoneStar, let star = text.lastIndex(of: "*") {
            text.insert("*", at: star)
        }
        if let defaultScheme, parsed.scheme == nil { text = defaultScheme + "://" + text }
        return text
    }

    /// Whether the router may route another URL than `url` (``routedURL(for:)``): always under a
    /// default scheme; else never for a path (a first `/`, not `//`), which has no host, and
    /// never when the host is not a segment. Nearly every URL a server sees is a path: found from
    /// its first two bytes.
    package func mayInsert(into url: String) -> Bool {
        if defaultScheme != nil { return true }
        return hostAsSegment != .never && !isPath(url)
    }

    /// Whether `url` is a path: a first `/`, not `//` (nearly every URL a server sees), found
    /// from its first two bytes.
    func isPath(_ url: String) -> Bool {
        url.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.first == UInt8(ascii: "/") && (bytes.count == 1 || bytes[1] != UInt8(ascii: "/"))
        } == true
    }

    /// What the router routes in place of a URL, or `nil` when it reads URLs as its table does.
    var layering: RoutedURL.Layering? {
        guard defaultScheme != nil || hostAsSegment != .never else { return nil }
        return { routedURL(for: $0) }
    }

    /// The URL the table routes for `url`: with the default scheme in front when it has no
    /// scheme, and its host repeated as the first segment of its path when the host is a segment
    /// (the table still routes on the host); `nil` when neither applies. The host is where the URL
    /// alone puts it: a scheme in front moves none of its parts.
    package func routedURL(for url: String) -> RoutedURL? {
        guard mayInsert(into: url) else { return nil }
        // A path (nearly every URL) has neither a scheme nor a host: it is not split into parts.
        let path = isPath(url)
        let scheme = defaultScheme.flatMap { path || URLParts.schemeEnd(url[...]) == nil ? $0 + ":" : nil } ?? ""
        let parts = path ? nil : URLParts(url)
        guard let parts, let host = parts.host, !host.isEmpty, hostAsSegment.takes(host) else {
            guard !scheme.isEmpty else { return nil }
            return RoutedURL(url: scheme + url, insertions: [0..<scheme.utf8.count])
        }
        let segment = "/" + host
        let pathStart = parts.path.startIndex
        let start = scheme.utf8.count + url.utf8.distance(from: url.startIndex, to: pathStart)
        var insertions = [start..<(start + segment.utf8.count)]
        if !scheme.isEmpty { insertions.insert(0..<scheme.utf8.count, at: 0) }
        return RoutedURL(url: scheme + url[..<pathStart] + segment + url[pathStart...], insertions: insertions)
    }
}

extension HandlerOptions {
    /// Whether a behaviour a table does not have is on: the fallback, transition prefixes or
    /// callback URLs.
    package var hasBehaviours: Bool { fallbackToLastHandler || !transitionPrefixes.isEmpty || fragmentAsCallbackURL }

    /// The options under which the router reads patterns and URLs as its table does: no default
    /// scheme, the host never a segment, a final `*` one segment, and none of the behaviours.
    package static var readingAsTable: HandlerOptions {
        var options = HandlerOptions()
        options.hostAsSegment = .never
        options.trailingStar = .singleSegment
        return options
    }
}
