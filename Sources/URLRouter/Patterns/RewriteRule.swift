/// A rewrite rule: an expression in the shared regex syntax and a target template (SEMANTICS.md section 6).
///
/// ```swift
/// let rule = try RewriteRule(
///     "(?:https://)?www.amazon.com/search/(.*)",
///     target: "protocol://page/routerDetails?product=$1")
/// ```
///
/// Target variables: `$0` the matched text; `$1`…`$99` the groups (two digits at most: `$12` is group
/// 12, `${1}2` is group 1 then `2`; empty when a group did not take part); `$scheme`, `$host`, `$port`,
/// `$path` (with its leading `/`), `$query`, `$fragment`, `$url`, all from the original URL as written;
/// `${name}` is the same as `$name`. `$$name` gives the value percent-encoded, `$#name` percent-decoded
/// (left as written when it does not decode cleanly). A `$` before anything else is a literal `$`.
@_spi(HandlerRouter) public struct RewriteRule: Sendable, CustomStringConvertible {
    /// The expression, parsed.
    let regex: SharedRegex
    /// The target, parsed.
    public let template: RewriteTemplate

    /// The expression, as written.
    public var expression: String { regex.source }
    /// The target template, as written.
    public var target: String { template.source }

    /// Parses a rule.
    ///
    /// - Throws: ``RouterError`` with code ``RouterError/Code/invalidRewriteRule`` when the expression is
    ///   outside the shared syntax or the target names a group the expression lacks.
    public init(_ expression: String, target: String) throws(RouterError) {
        do {
            self.regex = try SharedRegex(expression)
        } catch {
            throw RouterError(.invalidRewriteRule, input: expression, offset: error.offset, message: error.message)
        }
        if let finding = regex.complexity.searchFinding {
            throw RouterError(.invalidRewriteRule, input: expression, offset: finding.offset, message: finding.message)
        }
        self.template = try RewriteTemplate(target, groupCount: regex.captureCount)
    }

    public var description: String { "\(expression) -> \(target)" }
}

/// The target of a rewrite rule, parsed.
@_spi(Tools) public struct RewriteTemplate: Sendable, Hashable {
    /// The template as written.
    let source: String
    let parts: [Part]

    enum Variable: String, Sendable, Hashable, CaseIterable {
        case scheme, host, port, path, query, fragment, url
    }

    enum Modifier: Sendable, Hashable {
        case none, encode, decode
    }

    enum Part: Sendable, Hashable {
        case literal(String)
        case group(Int, Modifier)
        case variable(Variable, Modifier)
    }

    /// Parses `source`, checking that every group it names exists among `groupCount` groups.
    init(_ source: String, groupCount: Int) throws(RouterError) {
        self.source = source
        let bytes = Array(source.utf8)
        var parts: [Part] = []
        var literal: [UInt8] = []
        var index = 0

        /// Reads a variable reference at `start`: digits, `{digits}`, `{name}` or `name`.
        func reference(at start: Int) -> (Reference, Int)? {
            guard start < bytes.count else { return nil }
            if isASCIIDigit(bytes[start]) {
                var end = start + 1
                if end < bytes.count, isASCIIDigit(bytes[end]) { end += 1 }
                return (.group(Int(String(decoding: bytes[start..<end], as: UTF8.self))!), end)
            }
            if bytes[start] == UInt8(ascii: "{") {
                guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
                let inner = String(decoding: bytes[(start + 1)..<close], as: UTF8.self)
                if !inner.isEmpty, inner.utf8.count <= 2, inner.utf8.allSatisfy(isASCIIDigit) {
                    return (.group(Int(inner)!), close + 1)
                }
                if let variable = Variable(rawValue: inner) { return (.variable(variable), close + 1) }
                return nil
            }
            for variable in Variable.allCases {
                let name = Array(variable.rawValue.utf8)
                if bytes.count - start >= name.count, Array(bytes[start..<(start + name.count)]) == name {
                    return (.variable(variable), start + name.count)
                }
            }
            return nil
        }

        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "$") else {
                literal.append(bytes[index])
                index += 1
                continue
            }
            var modifier = Modifier.none
            var referenceStart = index + 1
            if referenceStart < bytes.count,
                bytes[referenceStart] == UInt8(ascii: "$") || bytes[referenceStart] == UInt8(ascii: "#")
            {
                modifier = bytes[referenceStart] == UInt8(ascii: "$") ? .encode : .decode
                referenceStart += 1
            }
            guard let (found, end) = reference(at: referenceStart) else {
                literal.append(UInt8(ascii: "$"))
                index += 1
                continue
            }
            if !literal.isEmpty {
                parts.append(.literal(String(decoding: literal, as: UTF8.self)))
                literal.removeAll()
            }
            switch found {
            case .group(let number):
                guard number <= groupCount else {
                    throw RouterError(
                        .invalidRewriteRule, input: source, offset: index,
                        message:
                            "the target names group \(number) but the expression has \(groupCount) group\(groupCount == 1 ? "" : "s")"
                            + (number >= 10
                                ? " (two digits are read: write ${\(number / 10)}\(number % 10) for group \(number / 10) then '\(number % 10)')"
                                : ""))
                }
                parts.append(.group(number, modifier))
            case .variable(let variable):
                parts.append(.variable(variable, modifier))
            }
            index = end
        }
        if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
        self.parts = parts
    }

    enum Reference {
        case group(Int)
        case variable(Variable)
    }

    /// Expands the template for a match in `url`: `groups[0]` is the whole match, `nil` a group that did not take part.
    public func expand(url: String, groups: [Range<String.Index>?]) -> String {
        let urlParts = URLParts(url)
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .group(let number, let modifier):
                let value = number < groups.count ? groups[number].map { String(url[$0]) } ?? "" : ""
                out += RewriteTemplate.apply(modifier, to: value)
            case .variable(let variable, let modifier):
                let value: Substring
                switch variable {
                case .scheme: value = urlParts.scheme ?? ""
                case .host: value = urlParts.host ?? ""
                case .port: value = urlParts.port ?? ""
                case .path: value = urlParts.path
                case .query: value = urlParts.query ?? ""
                case .fragment: value = urlParts.fragment ?? ""
                case .url: value = url[...]
                }
                out += RewriteTemplate.apply(modifier, to: String(value))
            }
        }
        return out
    }

    static func apply(_ modifier: Modifier, to value: String) -> String {
        switch modifier {
        case .none: return value
        case .encode: return PercentCoding.encode(value)
        case .decode: return PercentCoding.decoded(value) ?? value
        }
    }
}
