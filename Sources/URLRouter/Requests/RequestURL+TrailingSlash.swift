/// A URL's trailing slash (SEMANTICS.md section 12): a `/` that ends a path of at least one
/// segment. Read from the URL as written, where its path ends.
extension RequestURL {
    /// Whether the URL `bytes`, whose path has `segmentCount` segments, has a trailing slash: the
    /// one reading of it, for a lookup (``Resolution``) and for a match's report.
    static func hasTrailingSlash(
        _ bytes: UnsafeBufferPointer<UInt8>, segmentCount: Int, tail: URLTail
    ) -> Bool {
        let end = tail.pathEnd(count: bytes.count)
        return segmentCount > 0 && end > 0 && bytes[end - 1] == UInt8(ascii: "/")
    }

    /// Whether the path has a trailing slash.
    var hasTrailingSlash: Bool {
        var url = url
        return url.withUTF8 {
            RequestURL.hasTrailingSlash($0, segmentCount: segmentRanges.count, tail: tail)
        }
    }

    /// ``path``, with a `/` after it when the URL has a trailing slash and `keepingTrailingSlash`
    /// (a table that does not ignore them).
    public func path(keepingTrailingSlash: Bool) -> String {
        keepingTrailingSlash && hasTrailingSlash ? path + "/" : path
    }
}
