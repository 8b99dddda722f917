// URLRouter's one ASCII case fold: a case-insensitive table (RouterOptions.caseInsensitive)
// compares literals, keys its patterns and hashes first segments with `A-Z` lowered, on every
// backend. (ByteHash folds eight bytes at once the same way, for the lookup's hash tables.)

/// `text` with `A-Z` lowered, every other byte kept.
func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return text }
    return String(decoding: text.utf8.map { asciiLower($0) }, as: UTF8.self)
}

/// `byte` with `A-Z` lowered: URLRouter's one ASCII case fold (literal comparisons,
/// pattern keys, first-segment hashing, on every backend).
func asciiLower(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
}

/// Whether two byte sequences are equal, ignoring the case of ASCII letters.
@_spi(HandlerRouter)
public func asciiCaseInsensitiveEqual<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { asciiLower($0) == asciiLower($1) }
}

/// The UTF-8 bytes `bytes` as a table keys them: `A-Z` lowered when `folding` (a case-insensitive
/// table), kept as they are otherwise.
func caseFoldedBytes<Bytes: Sequence<UInt8>>(_ bytes: Bytes, folding: Bool) -> [UInt8] {
    var folded: [UInt8] = []
    appendCaseFolded(bytes, folding: folding, to: &folded)
    return folded
}

/// Appends `bytes` to `key` as ``caseFoldedBytes(_:folding:)`` gives them.
func appendCaseFolded<Bytes: Sequence<UInt8>>(_ bytes: Bytes, folding: Bool, to key: inout [UInt8]) {
    if folding {
        key.append(contentsOf: bytes.lazy.map(asciiLower))
    } else {
        key.append(contentsOf: bytes)
    }
}
