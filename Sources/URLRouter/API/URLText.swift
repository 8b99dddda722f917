/// Bytes of a URL lent for one borrowed lookup (``RouteTable/withMatch(method:url:variants:_:)``):
/// a path parameter, a catch-all segment or a query value, read without copying.
///
/// Valid only during the call that lends it. ``string`` copies and decodes it.
public struct URLText {
    /// The bytes: a path value in comparison form (escapes decoded except `%2F` and `%25`) or as
    /// written (for the integrations), a query value as written.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// How the bytes decode.
    let form: Form

    enum Form {
        /// Path text, in comparison form or as written: every escape decodes, `+` is itself.
        case path
        /// Percent-encoded as written, `+` a space when `plusAsSpace`.
        case query(plusAsSpace: Bool)
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, form: Form) {
        self.bytes = bytes
        self.form = form
    }

    /// The value fully decoded, as a new string.
    public var string: String {
        var plusAsSpace = false
        if case .query(let plus) = form { plusAsSpace = plus }
        let needsDecoding = bytes.contains { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }
        let text = String(copyingUTF8: bytes)
        guard needsDecoding else { return text }
        // A query was checked when the URL was scanned; a path value holds only well-formed escapes.
        return PercentCoding.decoded(text, plusAsSpace: plusAsSpace) ?? text
    }

    /// Whether the bytes, as they are (not decoded), are `text`'s UTF-8 bytes: the allocation-free
    /// comparison for values without escapes.
    func bytesEqual(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.elementsEqual(bytes) }
    }
}

@available(*, unavailable, message: "a URLText lends bytes for one call")
extension URLText: Sendable {}
