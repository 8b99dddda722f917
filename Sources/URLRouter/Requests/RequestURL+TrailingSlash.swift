/// A URL's trailing slash (SEMANTICS.md section 12): a `/` that ends a path of at least one
/// segment. Read from the URL as written, where its path ends.
extension RequestURL {
    /// Where the path of a URL of `count` bytes ends: before its `?` or `#`, else at the end.
    static func pathEnd(_ count: Int, querySpan: (Int32, Int32), fragmentSpan: (Int32, Int32)) -> Int {
        if querySpan.0 >= 0 { return Int(querySpan.0) - 1 }
        if fragmentSpan.0 >= 0 { return Int(fragmentSpan.0) - 1 }
        return count
    }

    /// Whether the URL `bytes`, whose path has `segmentCount` segments, has a trailing slash: the
    /// one reading of it, for a lookup (``Resolution``) and for a match's report.
    static func hasTrailingSlash(
        _ bytes: UnsafeBufferPointer<UInt8>, segmentCount: Int, querySpan: (Int32, Int32),
        fragmentSpan: (Int32, Int32)
    ) -> Bool {
        let end = pathEnd(bytes.count, querySpan: querySpan, fragmentSpan: fragmentSpan)
        return segmentCount > 0 && end > 0 && bytes[end - 1] == UInt8(ascii: "/")
    }

    /// Whether the path has a trailing slash.
    var hasTrailingSlash: Bool {
        var url = url
        return url.withUTF8 {
            RequestURL.hasTrailingSlash(
                $0, segmentCount: segmentRanges.count, querySpan: querySpan, fragmentSpan: fragmentSpan)
        }
    }

    /// ``path``, with a `/` after it when the URL has a trailing slash and `keepingTrailingSlash`
    /// (a table that does not ignore them).
    public func path(keepingTrailingSlash: Bool) -> String {
        keepingTrailingSlash && hasTrailingSlash ? path + "/" : path
    }
}
