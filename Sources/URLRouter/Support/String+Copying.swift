extension String {
    /// A string of `bytes`, read as UTF-8 and repaired as `String(decoding:as:)` repairs it: made
    /// in the string's own storage, the cheapest way the standard library offers for the short
    /// values a match hands out (`Benchmarks/instructions`, `owning-parameters`).
    init(copyingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        self.init(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
    }
}
