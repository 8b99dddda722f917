/// A route's host pattern, parsed once (SEMANTICS.md section 11): labels separated by `.`, each a
/// literal (`api`, compared ASCII-case-insensitively), `{name}` (one label, captured), or, first
/// only, `*` (one or more labels, not captured).
///
/// ```swift
/// let host = try HostPattern("{tenant}.example.com")
/// host.parameterNames                       // ["tenant"]
/// host.matches("acme.example.com".utf8)     // true
/// ```
@_spi(HandlerRouter) public struct HostPattern: Sendable, Hashable, CustomStringConvertible {
    /// One label of a host pattern.
    public enum Label: Sendable, Hashable {
        /// That label, lower-cased.
        case literal(String)
        /// One label, captured under this name.
        case parameter(String)
    }

    /// The pattern as written.
    public let source: String
    /// Whether the pattern starts with `*` (one or more labels before ``labels``).
    public let startsWithAny: Bool
    /// The labels after the `*`, if any.
    public let labels: [Label]

    /// Parses `source`.
    ///
    /// - Throws: ``RouterError`` with code ``RouterError/Code/invalidPattern`` naming the offset of
    ///   the bad label.
    public init(_ source: String) throws(RouterError) {
        self.source = source
        func refuse(_ message: String, at offset: Int) -> RouterError {
            RouterError(.invalidPattern, input: source, offset: offset, message: message)
        }
        let bytes = Array(source.utf8)
        guard !bytes.isEmpty else { throw refuse("a host pattern is empty", at: 0) }
        var labels: [Label] = []
        var startsWithAny = false
        var start = 0
        while start <= bytes.count {
            var end = start
            if bytes.indices.contains(start), bytes[start] == UInt8(ascii: "[") {
                // An IPv6 literal: one label, its brackets kept, up to the closing bracket.
                guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "]")) else {
                    throw refuse("an IPv6 literal without ']'", at: start)
                }
                end = close + 1
            } else {
                while end < bytes.count, bytes[end] != UInt8(ascii: ".") { end += 1 }
            }
            let label = bytes[start..<end]
            let text = String(decoding: label, as: UTF8.self)
            if label.isEmpty {
                throw refuse("an empty label (a leading, trailing or doubled '.')", at: start)
            } else if text == "*" {
                guard start == 0 else { throw refuse("'*' is only allowed as the first label", at: start) }
                startsWithAny = true
            } else if label.first == UInt8(ascii: "{") {
                guard label.last == UInt8(ascii: "}") else {
                    throw refuse("a '{name}' label must be the whole label", at: start)
                }
                let name = String(decoding: label.dropFirst().dropLast(), as: UTF8.self)
                guard RoutePatternParser.isParameterName(name) else {
                    throw refuse("'\(text)' is not a parameter name in braces", at: start)
                }
                labels.append(.parameter(name))
            } else if label.first == UInt8(ascii: "[") {
                guard label.count > 2,
                    label.dropFirst().dropLast().allSatisfy({ HostPattern.isHexDigit($0) || $0 == UInt8(ascii: ":") })
                else { throw refuse("'\(text)' is not an IPv6 literal", at: start) }
                labels.append(.literal(asciiLowercased(text)))
            } else {
                if let bad = label.firstIndex(where: { !HostPattern.isLiteralByte($0) }) {
                    let what =
                        bad == end - 1 && bytes[bad] == UInt8(ascii: "}") || label.contains(UInt8(ascii: "{"))
                        ? "a '{name}' label must be the whole label"
                        : bytes[bad] == UInt8(ascii: ":")
                            ? "a host pattern has no port" : "a host label holds ASCII letters, digits and '-' only"
                    throw refuse(what, at: bad)
                }
                labels.append(.literal(asciiLowercased(text)))
            }
            if end < bytes.count, bytes[end] != UInt8(ascii: ".") {
                throw refuse("a label must end at '.' or the end", at: end)
            }
            start = end + 1
        }
        self.labels = labels
        self.startsWithAny = startsWithAny
        var names: Set<String> = []
        for name in parameterNames where !names.insert(name).inserted {
            throw RouterError(
                .duplicateParameter, input: source, offset: bytes.count,
                message: "the parameter '\(name)' appears twice")
        }
    }

    static func isLiteralByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "-")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }

    /// The names the labels capture, in order.
    public var parameterNames: [String] {
        labels.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The pattern with its parameter names erased: two patterns are the same host when their
    /// keys are equal (`{a}.example.com` = `{b}.example.com`).
    public var key: String {
        let labels = labels.map { if case .literal(let text) = $0 { text } else { "{}" } }
        return ((startsWithAny ? ["*"] : []) + labels).joined(separator: ".")
    }

    /// The class of the pattern for precedence (SEMANTICS.md section 3, step 2): 0 all literal,
    /// 1 with a `{name}` label, 2 starting with `*`; lower wins. A route without a host pattern
    /// ranks 3.
    public var rankClass: Int {
        if startsWithAny { return 2 }
        return labels.contains { if case .parameter = $0 { true } else { false } } ? 1 : 0
    }

    /// The number of labels, the `*` counted as one: between two patterns of one class, more wins.
    public var labelCount: Int { labels.count + (startsWithAny ? 1 : 0) }

    /// Calls `body` with each label of the pattern and the range of `host` (a lookup's host:
    /// lower-cased, without port or trailing `.`) it takes, from the last label to the first, and
    /// returns whether the pattern takes the whole host: the one definition of which host labels
    /// a pattern takes. Reads the host from its end, allocating nothing.
    @discardableResult
    func forEachLabel(
        in host: UnsafeBufferPointer<UInt8>, _ body: (Label, Range<Int>) -> Void = { _, _ in }
    ) -> Bool {
        guard !host.isEmpty else { return false }
        // `end` is where the label to take ends: at the end of the host, then at each `.`.
        var end = host.count
        for label in labels.reversed() {
            guard end >= 0 else { return false }
            var start = end
            while start > 0, host[start - 1] != UInt8(ascii: ".") { start -= 1 }
            let range = start..<end
            switch label {
            case .literal(let text):
                guard text.utf8.elementsEqual(host[range]) else { return false }
            case .parameter:
                guard !range.isEmpty else { return false }
            }
            body(label, range)
            end = start - 1
        }
        // A first `*` takes the labels left (at least one, after a `.`); otherwise none are left.
        return startsWithAny ? end >= 0 : end == -1
    }

    /// Whether the pattern matches `host` (a lookup's host, normalized).
    public func matches(_ host: UnsafeBufferPointer<UInt8>) -> Bool { forEachLabel(in: host) }

    /// The range in `host` of the label captured as `name`, when the pattern matches it.
    func range(ofParameter name: String, in host: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var found: Range<Int>?
        let matches = forEachLabel(in: host) { label, range in
            if case .parameter(name) = label { found = range }
        }
        return matches ? found : nil
    }

    /// The parameters the pattern takes from `host`, in pattern order (empty when it does not
    /// match).
    func parameters(in host: UnsafeBufferPointer<UInt8>) -> [(name: String, value: String)] {
        var values: [(name: String, value: String)] = []
        let matches = forEachLabel(in: host) { label, range in
            if case .parameter(let name) = label {
                values.append((name, String(decoding: UnsafeBufferPointer(rebasing: host[range]), as: UTF8.self)))
            }
        }
        return matches ? values.reversed() : []
    }

    public var description: String { source }
}
