/// Where a URL's query and fragment are: its bytes from its first `?` or `#` to its end. A
/// lookup notes only where they start, and checks their escapes as one part
/// (``RequestURL/scanTail(_:from:to:into:)``); the `#` that splits them is looked for only when
/// one of them is read (a query value, the fragment, a malformed part's name).
struct URLTail: Sendable {
    /// The offset of the `?` or `#` the tail starts at, or -1 when the URL has neither.
    var start: Int32 = -1

    /// A URL with no query and no fragment.
    static let absent = URLTail()

    /// The tail that starts at offset `start` of a URL (its first `?` or `#`).
    init(start: Int) {
        self.start = Int32(start)
    }

    private init() {}

    /// Where the path of a URL of `count` bytes ends: where its tail starts, else at its end.
    func pathEnd(count: Int) -> Int { start >= 0 ? Int(start) : count }

    /// The spans of the query (after the `?`, up to the first `#` or the end) and of the
    /// fragment (after that `#`) in `bytes`, the URL's; `RequestURL.absent` for a part the URL
    /// lacks.
    func spans(in bytes: UnsafeBufferPointer<UInt8>) -> (query: (Int32, Int32), fragment: (Int32, Int32)) {
        guard start >= 0, let base = bytes.baseAddress else { return (RequestURL.absent, RequestURL.absent) }
        let first = Int(start)
        let total = bytes.count
        guard base[first] == UInt8(ascii: "?") else {
            return (RequestURL.absent, (start + 1, Int32(total)))
        }
        let hash = RequestURL.find(UInt8(ascii: "#"), in: base, from: first + 1, to: total)
        let query = (start + 1, Int32(hash))
        return (query, hash < total ? (Int32(hash + 1), Int32(total)) : RequestURL.absent)
    }

    /// ``spans(in:)`` of the URL `url`.
    func spans(in url: String) -> (query: (Int32, Int32), fragment: (Int32, Int32)) {
        guard start >= 0 else { return (RequestURL.absent, RequestURL.absent) }
        var url = url
        return url.withUTF8 { spans(in: $0) }
    }
}
