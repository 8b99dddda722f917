/// A route pattern, parsed once: `[scheme "://"] segment ("/" segment)*` (SEMANTICS.md section 2).
///
/// | segment | matches |
/// | --- | --- |
/// | `users` | exactly that segment (decoded: `caf%C3%A9` is `café`, `%2A` a literal `*`) |
/// | `:id`, `{id}` | one non-empty segment, captured as `id` |
/// | `:id(\d+)` | one segment the regex matches as a whole |
/// | `{id}.jpg`, `img-{w}x{h}`, `*.jpg` | the segment, with the named parts captured |
/// | `*` | one segment; last in a pattern without `**`, one or more (the catch-all) |
/// | `**` | one or more segments (the catch-all), once, anywhere |
/// | `{*name}` | `**`, its segments also the parameter `name` |
/// | `:name?`, `:name(regex)?` | that segment or nothing; only optional segments follow one |
///
/// ```swift
/// let pattern = try RoutePattern("protocol://page/routerDetails/:id")
/// pattern.scheme          // "protocol"
/// pattern.parameterNames  // ["id"]
/// ```
@_spi(HandlerRouter) public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    let source: String
    /// The lower-cased scheme, when the pattern has `scheme://`.
    public let scheme: String?
    /// The segments; empty segments (doubled or outer slashes) are dropped.
    public let segments: [Segment]
    /// Whether the pattern ends in `/` after at least one segment (`/items/`): significant under
    /// ``RouterOptions/TrailingSlash/strict`` (SEMANTICS.md section 12).
    public let endsWithSlash: Bool
    /// The name of a `{*name}` catch-all, whose segments are also that parameter.
    public let catchAllName: String?
    /// How many of the last segments are optional (`:name?`): the pattern is the patterns that
    /// leave out the last 0 to `optionalCount` of its segments (SEMANTICS.md section 2).
    public let optionalCount: Int

    /// One segment of a pattern.
    public struct Segment: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable {
            case literal(String)
            case parameter(String, constraint: SharedRegex?)
            case composite([Piece])
            case star
            case doubleStar
        }
        let kind: Kind

        /// A literal segment, in comparison form (`%2F` and `%25` kept encoded).
        public static func literal(_ text: String) -> Segment { Segment(kind: .literal(text)) }
        /// A one-segment parameter, optionally constrained by a regex.
        public static func parameter(_ name: String, constraint: SharedRegex? = nil) -> Segment {
            Segment(kind: .parameter(name, constraint: constraint))
        }
        /// An in-segment pattern such as `{id}.jpg` or `*.jpg`.
        static func composite(_ pieces: [Piece]) -> Segment { Segment(kind: .composite(pieces)) }
        /// `*`.
        static let star = Segment(kind: .star)
        /// `**`.
        static let doubleStar = Segment(kind: .doubleStar)

        /// The names this segment captures, in order.
        public var parameterNames: [String] {
            var names: [String] = []
            forEachParameterName { names.append($0) }
            return names
        }

        /// Calls `body` with each name this segment captures, in order, building no array (the
        /// one definition of which names a segment captures).
        func forEachParameterName<Failure: Error>(_ body: (String) throws(Failure) -> Void) throws(Failure) {
            switch kind {
            case .parameter(let name, _): try body(name)
            case .composite(let pieces): for case .capture(let name) in pieces { try body(name) }
            case .literal, .star, .doubleStar: break
            }
        }

        public var description: String {
            switch kind {
            case .literal(let text): return RoutePattern.renderLiteral(text, atSegmentStart: true)
            case .parameter(let name, let constraint):
                return ":" + name + (constraint.map { "(" + $0.source + ")" } ?? "")
            case .composite(let pieces):
                var out = ""
                for piece in pieces {
                    switch piece {
                    case .literal(let text): out += RoutePattern.renderLiteral(text, atSegmentStart: out.isEmpty)
                    case .capture(let name): out += "{" + name + "}"
                    case .star: out += "*"
                    }
                }
                // An in-segment `*` alone (written `***` or longer) would read back as the
                // wildcard or the catch-all: runs of stars collapse, so `***` stays itself.
                return out == "*" ? "***" : out
            case .star: return "*"
            case .doubleStar: return "**"
            }
        }
    }

    /// A part of an in-segment pattern.
    enum Piece: Sendable, Hashable {
        /// Literal text in comparison form.
        case literal(String)
        /// `{name}`: any text, possibly empty, captured.
        case capture(String)
        /// `*`: any text, possibly empty, not captured.
        case star
    }

    /// The names of the pattern's parameters, in order. The catch-all is not a parameter.
    public var parameterNames: [String] {
        // One array, not one per segment: every registration computes its names once.
        var names: [String] = []
        for segment in segments { segment.forEachParameterName { names.append($0) } }
        return names
    }

    /// The regexes of the pattern's `:name(regex)` constraints, in order.
    public var constraints: [SharedRegex] {
        segments.compactMap {
            if case .parameter(_, let constraint?) = $0.kind { return constraint } else { return nil }
        }
    }

    /// The canonical text: lower-cased scheme, no empty segments, literals re-encoded where needed.
    public var description: String {
        let optionalFrom = segments.count - optionalCount
        let path = segments.enumerated().map { index, segment in
            if segment.kind == .doubleStar, let catchAllName { return "{*" + catchAllName + "}" }
            return segment.description + (index >= optionalFrom ? "?" : "")
        }.joined(separator: "/")
        if let scheme { return scheme + "://" + path }
        return "/" + path
    }

    /// Parses `source`.
    ///
    /// - Throws: ``RouterError`` with code ``RouterError/Code/invalidPattern``,
    ///   ``RouterError/Code/duplicateParameter`` or ``RouterError/Code/invalidConstraint``,
    ///   naming the pattern and the offset.
    public init(_ source: String) throws(RouterError) {
        var parser = RoutePatternParser(source: source)
        let (scheme, segments) = try parser.parse()
        self.source = source
        self.scheme = scheme
        self.segments = segments
        self.catchAllName = parser.catchAllName
        self.optionalCount = parser.optionalCount
        self.endsWithSlash = !segments.isEmpty && source.utf8.last == UInt8(ascii: "/")
    }

    private init(
        source: String, scheme: String?, segments: [Segment], catchAllName: String?, optionalCount: Int,
        endsWithSlash: Bool
    ) {
        (self.source, self.scheme, self.segments) = (source, scheme, segments)
        (self.catchAllName, self.optionalCount, self.endsWithSlash) = (catchAllName, optionalCount, endsWithSlash)
    }

    /// The same pattern, still shown as written, with `scheme` (lower-cased) for a pattern that
    /// has none: a layer's default scheme.
    public func givingScheme(_ scheme: String) -> RoutePattern {
        guard self.scheme == nil else { return self }
        return RoutePattern(
            source: source, scheme: asciiLowercased(scheme), segments: segments, catchAllName: catchAllName,
            optionalCount: optionalCount, endsWithSlash: endsWithSlash)
    }

    /// Whether the last segment is a lone `*` in a pattern without `**`: the one `*` a layer may
    /// read as the catch-all (``endingWithCatchAll()``).
    public var endsWithLoneStar: Bool {
        segments.last?.kind == .star && !segments.contains(.doubleStar)
    }

    /// The same pattern, still shown as written, with its final lone `*` the catch-all, `**`
    /// (SEMANTICS.md section 2: the iOS routers' reading); any other pattern as it is.
    public func endingWithCatchAll() -> RoutePattern {
        guard endsWithLoneStar else { return self }
        return RoutePattern(
            source: source, scheme: scheme, segments: segments.dropLast() + [.doubleStar], catchAllName: nil,
            optionalCount: optionalCount, endsWithSlash: endsWithSlash)
    }

    /// Re-encodes the characters that would otherwise read as syntax.
    static func renderLiteral(_ text: String, atSegmentStart: Bool) -> String {
        var out = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            switch scalar {
            case "{": out += "%7B"
            case "}": out += "%7D"
            case "*": out += "%2A"
            case "?": out += "%3F"
            case "#": out += "%23"
            case ":" where index == 0 && atSegmentStart: out += "%3A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The parser behind ``RoutePattern/init(_:)``.
struct RoutePatternParser {
    let source: String
    let bytes: [UInt8]
    var index = 0
    /// The name of a `{*name}` segment, once parsed.
    var catchAllName: String?
    /// How many segments since the first optional one (all of them optional).
    var optionalCount = 0
    /// Whether the segment just parsed is optional (`:name?`).
    var parsedOptional = false

    init(source: String) {
        self.source = source
        self.bytes = Array(source.utf8)
    }

    func error(_ code: RouterError.Code, _ message: String, at offset: Int) -> RouterError {
        RouterError(code, input: source, offset: offset, message: message)
    }

    mutating func parse() throws(RouterError) -> (String?, [RoutePattern.Segment]) {
        var scheme: String?
        let text = source[...]
        if let colon = URLParts.schemeEnd(text) {
            let colonOffset = text.utf8.distance(from: text.startIndex, to: colon)
            if bytes.count >= colonOffset + 3, bytes[colonOffset + 1] == UInt8(ascii: "/"),
                bytes[colonOffset + 2] == UInt8(ascii: "/")
            {
                scheme = asciiLowercased(String(text[..<colon]))
                index = colonOffset + 3
            }
        }
        var segments: [RoutePattern.Segment] = []
        // Room for every segment up front: a table keeps each pattern's segments, and growing the
        // array by appending leaves it up to twice their size.
        let slashes = bytes[index...].reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        segments.reserveCapacity(slashes + (index < bytes.count && bytes[index] != UInt8(ascii: "/") ? 1 : 0))
        var names: Set<String> = []
        var sawDoubleStar = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let start = index
            parsedOptional = false
            let hadCatchAllName = catchAllName != nil
            let segment = try parseSegment()
            if segment.kind == .doubleStar {
                if sawDoubleStar {
                    throw error(.invalidPattern, "'**' (or '{*name}') may appear only once in a pattern", at: start)
                }
                sawDoubleStar = true
                if optionalCount > 0 {
                    throw error(.invalidPattern, "only optional segments may follow an optional one", at: start)
                }
            }
            if parsedOptional {
                if sawDoubleStar {
                    throw error(.invalidPattern, "a pattern with a catch-all has no optional segment", at: start)
                }
                optionalCount += 1
            } else if optionalCount > 0 {
                throw error(.invalidPattern, "only optional segments may follow an optional one", at: start)
            }
            if !hadCatchAllName, let name = catchAllName, !names.insert(name).inserted {
                throw error(.duplicateParameter, "the parameter '\(name)' appears twice", at: start)
            }
            try segment.forEachParameterName { (name) throws(RouterError) in
                guard names.insert(name).inserted else {
                    throw error(.duplicateParameter, "the parameter '\(name)' appears twice", at: start)
                }
            }
            segments.append(segment)
        }
        return (scheme, segments)
    }

    /// Parses the segment at `index`, leaving `index` at the following `/` or the end.
    mutating func parseSegment() throws(RouterError) -> RoutePattern.Segment {
        let start = index
        if bytes[start] == UInt8(ascii: ":") {
            return try parseColonParameter()
        }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/") {
            if bytes[end] == UInt8(ascii: "?") || bytes[end] == UInt8(ascii: "#") {
                throw error(
                    .invalidPattern, "a pattern has no query or fragment; write %3F or %23 for a literal", at: end)
            }
            end += 1
        }
        index = end
        let raw = Array(bytes[start..<end])
        if raw == Array("*".utf8) { return .star }
        if raw == Array("**".utf8) { return .doubleStar }
        if raw.starts(with: "{*".utf8), raw.last == UInt8(ascii: "}"),
            !raw.dropFirst().dropLast().contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
        {
            let name = String(decoding: raw.dropFirst(2).dropLast(), as: UTF8.self)
            try checkName(name, at: start + 2)
            catchAllName = name
            return .doubleStar
        }
        guard raw.contains(UInt8(ascii: "{")) || raw.contains(UInt8(ascii: "*")) else {
            return .literal(try decodeLiteral(raw, at: start))
        }
        var pieces: [RoutePattern.Piece] = []
        var literal: [UInt8] = []
        var literalStart = start
        var position = 0
        func flush(_ parser: RoutePatternParser) throws(RouterError) {
            if !literal.isEmpty {
                pieces.append(.literal(try parser.decodeLiteral(literal, at: literalStart)))
                literal.removeAll()
            }
        }
        while position < raw.count {
            let byte = raw[position]
            if byte == UInt8(ascii: "{") {
                try flush(self)
                guard let close = raw[position...].firstIndex(of: UInt8(ascii: "}")) else {
                    throw error(.invalidPattern, "'{' has no closing '}'", at: start + position)
                }
                let name = String(decoding: raw[(position + 1)..<close], as: UTF8.self)
                try checkName(name, at: start + position + 1)
                pieces.append(.capture(name))
                position = close + 1
                literalStart = start + position
            } else if byte == UInt8(ascii: "*") {
                try flush(self)
                if pieces.last != .star { pieces.append(.star) }
                position += 1
                literalStart = start + position
            } else {
                literal.append(byte)
                position += 1
            }
        }
        try flush(self)
        if pieces.count == 1, case .capture(let name) = pieces[0] { return .parameter(name) }
        return .composite(pieces)
    }

    mutating func parseColonParameter() throws(RouterError) -> RoutePattern.Segment {
        let start = index
        var end = start + 1
        while end < bytes.count, isNameByte(bytes[end], first: end == start + 1) { end += 1 }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        if name.isEmpty {
            throw error(.invalidPattern, "':' must be followed by a parameter name [A-Za-z_][A-Za-z0-9_-]*", at: start)
        }
        if end == bytes.count || bytes[end] == UInt8(ascii: "/") {
            index = end
            return .parameter(name)
        }
        if bytes[end] == UInt8(ascii: "?"), end + 1 == bytes.count || bytes[end + 1] == UInt8(ascii: "/") {
            index = end + 1
            parsedOptional = true
            return .parameter(name)
        }
        guard bytes[end] == UInt8(ascii: "(") else {
            var rest = end
            while rest < bytes.count, bytes[rest] != UInt8(ascii: "/") { rest += 1 }
            let suffix = String(decoding: bytes[end..<rest], as: UTF8.self)
            throw error(
                .invalidPattern,
                "a segment starting with ':' must be ':name', ':name(regex)' or either with '?'; write '{\(name)}\(suffix)'",
                at: end)
        }
        let regexStart = end + 1
        guard let close = closingParenthesis(from: regexStart) else {
            throw error(.invalidConstraint, "the constraint of ':\(name)' has no closing ')'", at: end)
        }
        var after = close + 1
        if after < bytes.count, bytes[after] == UInt8(ascii: "?") {
            parsedOptional = true
            after += 1
        }
        guard after == bytes.count || bytes[after] == UInt8(ascii: "/") else {
            throw error(.invalidPattern, "':\(name)(regex)' must be a whole segment", at: after)
        }
        index = after
        let regexText = String(decoding: bytes[regexStart..<close], as: UTF8.self)
        guard !regexText.isEmpty else {
            throw error(.invalidConstraint, "the constraint of ':\(name)' is empty", at: regexStart)
        }
        let regex: SharedRegex
        do {
            regex = try SharedRegex(regexText)
        } catch {
            throw self.error(.invalidConstraint, error.message, at: regexStart + error.offset)
        }
        guard regex.captureCount == 0 else {
            throw error(
                .invalidConstraint, "a constraint may not have capturing groups; write (?:...)", at: regexStart)
        }
        if let finding = regex.complexity.anchoredFinding {
            throw error(.invalidConstraint, finding.message, at: regexStart + finding.offset)
        }
        return .parameter(name, constraint: regex)
    }

    /// The offset of the `)` closing a constraint that starts at `start`, honouring escapes and classes.
    func closingParenthesis(from start: Int) -> Int? {
        var depth = 0
        var inClass = false
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") {
                position += 2
                continue
            }
            if inClass {
                if byte == UInt8(ascii: "]") { inClass = false }
            } else if byte == UInt8(ascii: "[") {
                inClass = true
                // A ']' right after '[' or '[^' is taken as a literal by the scan; the regex parser decides.
                if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "^") { position += 1 }
                if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "]") { position += 1 }
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                if depth == 0 { return position }
                depth -= 1
            }
            position += 1
        }
        return nil
    }

    func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        RoutePatternParser.isNameByte(byte, first: first)
    }

    static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        isASCIILetter(byte) || byte == UInt8(ascii: "_")
            || (!first && (isASCIIDigit(byte) || byte == UInt8(ascii: "-")))
    }

    /// Whether `name` is a parameter name, `[A-Za-z_][A-Za-z0-9_-]*` (the one definition, for
    /// path and host patterns).
    static func isParameterName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isNameByte(first, first: true) else { return false }
        return name.utf8.dropFirst().allSatisfy { isNameByte($0, first: false) }
    }

    func checkName(_ name: String, at offset: Int) throws(RouterError) {
        guard RoutePatternParser.isParameterName(name) else {
            throw error(.invalidPattern, "'\(name)' is not a parameter name [A-Za-z_][A-Za-z0-9_-]*", at: offset)
        }
    }

    func decodeLiteral(_ raw: [UInt8], at offset: Int) throws(RouterError) -> String {
        let text = Substring(String(decoding: raw, as: UTF8.self))
        guard let decoded = PercentCoding.comparisonForm(text) else {
            throw error(
                .invalidPattern, "'%' must be followed by two hex digits and escapes must decode to UTF-8", at: offset)
        }
        return decoded
    }
}
