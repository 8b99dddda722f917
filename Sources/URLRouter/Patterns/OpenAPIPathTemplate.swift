/// OpenAPI path templates (`/files/{name}.zip`) as URLRouter patterns: the one reading, which both
/// integrations' OpenAPI transports register their operations with.
@_spi(Tools) public enum OpenAPIPathTemplate: Sendable {
    /// `template` as a URLRouter pattern: each `{name}` a capture, every other character literal
    /// (those that URLRouter's syntax reads, such as `*`, `:` and `(`, percent-encoded: a literal
    /// segment is compared decoded). A final `/` is kept: under ``RouterOptions/TrailingSlash/strict``
    /// `/items` and `/items/` are two operations.
    public static func pattern(_ template: String) -> String {
        var pattern = ""
        var inName = false
        for character in template {
            switch character {
            case "{":
                inName = true
                pattern.append(character)
            case "}":
                inName = false
                pattern.append(character)
            case "*", ":", "(", ")", "\\":
                if inName {
                    pattern.append(character)
                } else {
                    pattern += character.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
                }
            default:
                pattern.append(character)
            }
        }
        return pattern.hasPrefix("/") ? pattern : "/" + pattern
    }
}
