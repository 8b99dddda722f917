public import Foundation
@_spi(HandlerRouter) @_spi(Tools) package import URLRouter
import URLRouterHandlers

/// A fixture file that does not follow Docs/FIXTURES.md: which file, which field, what is wrong.
public struct FixtureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The field, as a path such as `cases[3].expect.params`; empty for the whole file.
    public var field: String
    /// What is wrong.
    public var message: String

    /// Makes an error about `field` of `file`.
    package init(file: String, field: String, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        field.isEmpty ? "\(file): \(message)" : "\(file): \(field): \(message)"
    }
}

extension FixtureSuite {
    /// Reads and checks a fixture file, strictly: unknown fields are errors.
    ///
    /// - Throws: ``FixtureError`` naming the file and the field.
    public init(contentsOf path: String) throws(FixtureError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FixtureError(file: path, field: "", message: "cannot read the file: \(error.localizedDescription)")
        }
        try self.init(json: data, file: path)
    }

    /// Reads and checks fixture JSON; `file` names it in errors.
    public init(json data: Data, file: String) throws(FixtureError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw FixtureError(file: file, field: "", message: "not valid JSON: \(error.localizedDescription)")
        }
        let reader = JSONReader(file: file)
        let suite = try reader.object(object, at: "", allowed: JSONReader.suiteFields)
        self.file = file
        guard let name = try reader.string(suite, "suite", at: "") else {
            throw reader.error("suite", "is required")
        }
        self.name = name
        description = try reader.string(suite, "description", at: "")
        source = try reader.string(suite, "source", at: "")
        (options, handlerOptions) = try reader.options(suite["options"], at: "options")

        guard let routesValue = suite["routes"] else { throw reader.error("routes", "is required") }
        var routes: [Route] = []
        var ids: Set<String> = []
        for (index, value) in try reader.array(routesValue, at: "routes").enumerated() {
            let at = "routes[\(index)]"
            let route = try reader.object(
                value, at: at, allowed: ["id", "pattern", "kind", "variant", "method", "priority", "host"])
            guard let id = try reader.string(route, "id", at: at) else { throw reader.error(at + ".id", "is required") }
            guard ids.insert(id).inserted else { throw reader.error(at + ".id", "'\(id)' is used twice") }
            guard let pattern = try reader.string(route, "pattern", at: at) else {
                throw reader.error(at + ".pattern", "is required")
            }
            routes.append(
                Route(
                    id: id, pattern: pattern, kind: try reader.kind(route, at: at) ?? .action,
                    variant: try reader.string(route, "variant", at: at),
                    method: try reader.string(route, "method", at: at),
                    priority: try reader.int(route, "priority", at: at) ?? 0,
                    host: try reader.string(route, "host", at: at)))
        }
        self.routes = routes

        var rewrites: [Rewrite] = []
        if let value = suite["rewrites"] {
            for (index, item) in try reader.array(value, at: "rewrites").enumerated() {
                rewrites.append(try reader.rewrite(item, at: "rewrites[\(index)]"))
            }
        }
        self.rewrites = rewrites

        guard let casesValue = suite["cases"] else { throw reader.error("cases", "is required") }
        var cases: [Case] = []
        for (index, value) in try reader.array(casesValue, at: "cases").enumerated() {
            cases.append(try reader.testCase(value, at: "cases[\(index)]", routeIDs: ids))
        }
        self.cases = cases

        var invalid: [Invalid] = []
        if let value = suite["invalid"] {
            for (index, item) in try reader.array(value, at: "invalid").enumerated() {
                invalid.append(try reader.invalid(item, at: "invalid[\(index)]"))
            }
        }
        self.invalid = invalid
    }
}

/// Typed, strict access to decoded JSON, with errors that name the field.
struct JSONReader {
    let file: String

    static let suiteFields: Set<String> = [
        "suite", "description", "source", "options", "routes", "rewrites", "cases", "invalid",
    ]
    static let optionFields: Set<String> = [
        "defaultScheme", "hostAsSegment", "caseInsensitive", "maxURLLength", "decodePlus", "trailingStar",
        "fallbackToLastHandler", "transitionPrefixes", "fragmentAsCallbackURL", "strictVariants", "requestChecks",
        "headMatchesGet", "reportsMethodNotAllowed", "trailingSlash",
    ]
    static let lookupExpectFields: Set<String> = [
        "route", "params", "catchall", "variant", "transition", "callbackURL", "fragment", "scheme", "path",
        "rewrittenTo", "error", "location", "host",
    ]
    // A table's reasons, and the handler router's own: a route of another kind than the entry
    // point's (`RouteFailure.kindMismatch`).
    static let errorNames: Set<String> = Set(RouteMiss.Reason.allCases.map(\.name) + ["kindMismatch"])
    static let invalidErrorNames: Set<String> = [
        "invalidPattern", "duplicateParameter", "invalidConstraint", "invalidRewriteRule",
    ]

    func error(_ field: String, _ message: String) -> FixtureError {
        FixtureError(file: file, field: field, message: message)
    }

    func join(_ at: String, _ key: String) -> String { at.isEmpty ? key : at + "." + key }

    func object(_ value: Any, at: String, allowed: Set<String>) throws(FixtureError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw error(at, "must be an object") }
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw error(join(at, key), "unknown field (FIXTURES.md names: \(allowed.sorted().joined(separator: ", ")))")
        }
        return object
    }

    func array(_ value: Any, at: String) throws(FixtureError) -> [Any] {
        guard let array = value as? [Any] else { throw error(at, "must be an array") }
        return array
    }

    func isNull(_ value: Any) -> Bool { value is NSNull }

    /// A string field; `nil` when absent.
    func string(_ object: [String: Any], _ key: String, at: String) throws(FixtureError) -> String? {
        guard let value = object[key] else { return nil }
        guard let string = value as? String else { throw error(join(at, key), "must be a string") }
        return string
    }

    /// A field that may be a string or null: `nil` when absent, `.some(nil)` when null.
    func nullableString(_ object: [String: Any], _ key: String, at: String) throws(FixtureError) -> String?? {
        guard let value = object[key] else { return nil }
        if isNull(value) { return .some(nil) }
        guard let string = value as? String else { throw error(join(at, key), "must be a string or null") }
        return .some(string)
    }

    func bool(_ object: [String: Any], _ key: String, at: String) throws(FixtureError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard isBoolNumber(value), let bool = value as? Bool else {
            throw error(join(at, key), "must be true or false")
        }
        return bool
    }

    /// JSON `true`/`false` decode to NSNumbers of C type `char` (`c`) or `bool` (`B`); numbers never do.
    func isBoolNumber(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    func int(_ object: [String: Any], _ key: String, at: String) throws(FixtureError) -> Int? {
        guard let value = object[key] else { return nil }
        guard !isBoolNumber(value), let int = value as? Int else { throw error(join(at, key), "must be an integer") }
        return int
    }

    func stringArray(_ object: [String: Any], _ key: String, at: String) throws(FixtureError) -> [String]? {
        guard let value = object[key] else { return nil }
        guard let array = value as? [Any] else { throw error(join(at, key), "must be an array of strings") }
        var strings: [String] = []
        for (index, item) in array.enumerated() {
            guard let string = item as? String else { throw error(join(at, key) + "[\(index)]", "must be a string") }
            strings.append(string)
        }
        return strings
    }

    func stringMap(_ object: [String: Any], _ key: String, at: String) throws(FixtureError) -> [String: String]? {
        guard let value = object[key] else { return nil }
        guard let map = value as? [String: Any] else { throw error(join(at, key), "must be an object of strings") }
        var strings: [String: String] = [:]
        for (name, item) in map {
            guard let string = item as? String else { throw error(join(at, key) + "." + name, "must be a string") }
            strings[name] = string
        }
        return strings
    }

    func kind(_ object: [String: Any], at: String) throws(FixtureError) -> RouteKind? {
        guard let name = try string(object, "kind", at: at) else { return nil }
        guard let kind = RouteKind(name: name) else {
            throw error(join(at, "kind"), "'\(name)' is not action, object or callback")
        }
        return kind
    }

    /// The options written at `at`, over `base` and `baseHandling`: for a suite, SEMANTICS.md's
    /// defaults (whatever a table's defaults are); for a route file, a table's.
    func options(
        _ value: Any?, at: String, over base: RouterOptions = .handlerRouter,
        _ baseHandling: HandlerOptions = HandlerOptions()
    ) throws(FixtureError) -> (RouterOptions, HandlerOptions) {
        var options = base
        var handling = baseHandling
        guard let value else { return (options, handling) }
        let object = try self.object(value, at: at, allowed: JSONReader.optionFields)
        if let raw = object["defaultScheme"] {
            if isNull(raw) {
                handling.defaultScheme = nil
            } else if let scheme = raw as? String, URLParts.isScheme(scheme) {
                handling.defaultScheme = scheme
            } else {
                throw error(join(at, "defaultScheme"), "must be a scheme name such as \"ft\", or null")
            }
        }
        if let name = try string(object, "hostAsSegment", at: at) {
            guard let rule = HandlerOptions.HostAsSegment(name: name) else {
                throw error(
                    join(at, "hostAsSegment"), "'\(name)' is not always, unlessDotted, unlessDottedOrLocalhost or never"
                )
            }
            handling.hostAsSegment = rule
        }
        if let flag = try bool(object, "caseInsensitive", at: at) { options.caseInsensitive = flag }
        if let length = try int(object, "maxURLLength", at: at) {
            guard length > 0 else { throw error(join(at, "maxURLLength"), "must be a positive integer") }
            options.maxURLLength = length
        }
        if let flag = try bool(object, "decodePlus", at: at) { options.decodePlus = flag }
        if let name = try string(object, "trailingStar", at: at) {
            guard let rule = HandlerOptions.TrailingStar(name: name) else {
                throw error(join(at, "trailingStar"), "'\(name)' is not catchAll or singleSegment")
            }
            handling.trailingStar = rule
        }
        if let flag = try bool(object, "fallbackToLastHandler", at: at) { handling.fallbackToLastHandler = flag }
        if let words = try stringArray(object, "transitionPrefixes", at: at) { handling.transitionPrefixes = words }
        if let flag = try bool(object, "fragmentAsCallbackURL", at: at) { handling.fragmentAsCallbackURL = flag }
        if let flag = try bool(object, "strictVariants", at: at) { options.strictVariants = flag }
        if object["requestChecks"] != nil { options.requestChecks = try requestChecks(object["requestChecks"], at: at) }
        if let flag = try bool(object, "headMatchesGet", at: at) { options.headMatchesGet = flag }
        if let flag = try bool(object, "reportsMethodNotAllowed", at: at) { options.reportsMethodNotAllowed = flag }
        if let name = try string(object, "trailingSlash", at: at) {
            guard let policy = RouterOptions.TrailingSlash(name: name) else {
                throw error(join(at, "trailingSlash"), "'\(name)' is not ignore, strict or redirect")
            }
            options.trailingSlash = policy
        }
        return (options, handling)
    }

    /// `"strict"`, or a list of check names (`["dotSegments", "emptySegments"]`).
    func requestChecks(_ value: Any?, at: String) throws(FixtureError) -> RequestChecks {
        let field = join(at, "requestChecks")
        let names = RequestChecks.each.map(\.name).joined(separator: ", ")
        if let word = value as? String {
            guard word == "strict" else {
                throw error(field, "'\(word)' is not \"strict\" (or give a list of \(names))")
            }
            return .strict
        }
        guard let list = value as? [Any] else { throw error(field, "must be \"strict\" or a list of \(names)") }
        var checks: RequestChecks = []
        for (index, item) in list.enumerated() {
            guard let name = item as? String, let check = RequestChecks.each.first(where: { $0.name == name })?.check
            else {
                throw error("\(field)[\(index)]", "must be one of \(names)")
            }
            checks.insert(check)
        }
        return checks
    }

    func rewrite(_ value: Any, at: String) throws(FixtureError) -> FixtureSuite.Rewrite {
        let object = try self.object(value, at: at, allowed: ["match", "target"])
        guard let match = try string(object, "match", at: at) else { throw error(join(at, "match"), "is required") }
        guard let target = try string(object, "target", at: at) else { throw error(join(at, "target"), "is required") }
        return FixtureSuite.Rewrite(match: match, target: target)
    }

    func invalid(_ value: Any, at: String) throws(FixtureError) -> FixtureSuite.Invalid {
        let object = try self.object(
            value, at: at, allowed: ["pattern", "variant", "method", "host", "rewrite", "error", "comment"])
        guard let errorName = try string(object, "error", at: at) else { throw error(join(at, "error"), "is required") }
        guard JSONReader.invalidErrorNames.contains(errorName) else {
            throw error(
                join(at, "error"),
                "'\(errorName)' is not \(JSONReader.invalidErrorNames.sorted().joined(separator: ", "))")
        }
        if let rewriteValue = object["rewrite"] {
            guard object["pattern"] == nil, object["variant"] == nil, object["method"] == nil, object["host"] == nil
            else {
                throw error(at, "an entry has either a pattern (with variant, method and host) or a rewrite, not both")
            }
            return FixtureSuite.Invalid(
                subject: .rewrite(try rewrite(rewriteValue, at: join(at, "rewrite"))), error: errorName)
        }
        guard let pattern = try string(object, "pattern", at: at) else {
            throw error(at, "an entry needs a pattern or a rewrite")
        }
        return FixtureSuite.Invalid(
            subject: .pattern(
                pattern, variant: try string(object, "variant", at: at), method: try string(object, "method", at: at),
                host: try string(object, "host", at: at)),
            error: errorName)
    }

    func testCase(_ value: Any, at: String, routeIDs: Set<String>) throws(FixtureError) -> FixtureSuite.Case {
        let object = try self.object(
            value, at: at,
            allowed: [
                "url", "method", "host", "variants", "kind", "extra", "expect", "rewrite", "unregister", "id",
                "comment",
            ])
        let id = try string(object, "id", at: at)
        let comment = try string(object, "comment", at: at)
        let actions = ["url", "rewrite", "unregister"].filter { object[$0] != nil }
        guard actions.count == 1 else {
            throw error(at, "a case has exactly one of url (lookup), rewrite or unregister")
        }
        func refuse(_ keys: [String], in kind: String) throws(FixtureError) {
            for key in keys where object[key] != nil {
                throw error(join(at, key), "does not apply to \(kind) case")
            }
        }
        switch actions[0] {
        case "unregister":
            try refuse(["method", "host", "variants", "kind", "extra"], in: "an unregister")
            guard let routeID = try string(object, "unregister", at: at) else {
                throw error(join(at, "unregister"), "must be a string")
            }
            guard routeIDs.contains(routeID) else {
                throw error(join(at, "unregister"), "no route has the id '\(routeID)'")
            }
            if let expect = object["expect"] {
                let fields = try self.object(expect, at: join(at, "expect"), allowed: [])
                _ = fields
            }
            return FixtureSuite.Case(id: id, comment: comment, action: .unregister(routeID))
        case "rewrite":
            try refuse(["method", "host", "variants", "kind", "extra"], in: "a rewrite")
            guard let url = try string(object, "rewrite", at: at) else {
                throw error(join(at, "rewrite"), "must be a string")
            }
            guard let expectValue = object["expect"] else { throw error(join(at, "expect"), "is required") }
            let expect = try self.object(expectValue, at: join(at, "expect"), allowed: ["url"])
            guard let expected = try nullableString(expect, "url", at: join(at, "expect")) else {
                throw error(join(at, "expect.url"), "is required (a string, or null when no rule applies)")
            }
            return FixtureSuite.Case(id: id, comment: comment, action: .rewrite(url: url, expected: expected))
        default:
            guard let url = try string(object, "url", at: at) else { throw error(join(at, "url"), "must be a string") }
            guard let expectValue = object["expect"] else { throw error(join(at, "expect"), "is required") }
            let expectAt = join(at, "expect")
            let expect = try self.object(expectValue, at: expectAt, allowed: JSONReader.lookupExpectFields)
            var expectation = FixtureSuite.Expectation()
            expectation.route = try nullableString(expect, "route", at: expectAt)
            if case .some(.some(let routeID)) = expectation.route, !routeIDs.contains(routeID) {
                throw error(join(expectAt, "route"), "no route has the id '\(routeID)'")
            }
            expectation.params = try stringMap(expect, "params", at: expectAt)
            expectation.catchall = try nullableString(expect, "catchall", at: expectAt)
            expectation.variant = try nullableString(expect, "variant", at: expectAt)
            expectation.transition = try nullableString(expect, "transition", at: expectAt)
            expectation.callbackURL = try nullableString(expect, "callbackURL", at: expectAt)
            expectation.fragment = try nullableString(expect, "fragment", at: expectAt)
            expectation.scheme = try nullableString(expect, "scheme", at: expectAt)
            expectation.path = try nullableString(expect, "path", at: expectAt)
            expectation.rewrittenTo = try nullableString(expect, "rewrittenTo", at: expectAt)
            expectation.location = try nullableString(expect, "location", at: expectAt)
            expectation.host = try nullableString(expect, "host", at: expectAt)
            if let errorName = try string(expect, "error", at: expectAt) {
                guard JSONReader.errorNames.contains(errorName) else {
                    throw error(
                        join(expectAt, "error"),
                        "'\(errorName)' is not \(JSONReader.errorNames.sorted().joined(separator: ", "))")
                }
                expectation.error = errorName
            }
            let lookup = FixtureSuite.Lookup(
                url: url, method: try string(object, "method", at: at), host: try string(object, "host", at: at),
                variants: try stringArray(object, "variants", at: at) ?? [],
                kind: try kind(object, at: at) ?? .action,
                extra: try stringMap(object, "extra", at: at) ?? [:],
                expect: expectation)
            return FixtureSuite.Case(id: id, comment: comment, action: .lookup(lookup))
        }
    }
}

extension FixtureSuite {
    /// A table's options written as a fixture's `options` object (`{"trailingSlash": "strict"}`)
    /// over a table's defaults, for the command line's `--options` (route files are served by
    /// tables).
    ///
    /// - Throws: ``FixtureError`` naming the field, with `--options` as the file.
    package static func options(json: String) throws(FixtureError) -> RouterOptions {
        let reader = JSONReader(file: "--options")
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        } catch {
            throw reader.error("", "not valid JSON: \(error.localizedDescription)")
        }
        let (options, handling) = try reader.options(object, at: "", over: RouterOptions(), .readingAsTable)
        // Route files are served by tables, which have none of the handler router's options.
        guard handling == .readingAsTable else {
            throw reader.error(
                "",
                "defaultScheme, hostAsSegment, trailingStar, fallbackToLastHandler, transitionPrefixes and "
                    + "fragmentAsCallbackURL are the handler router's")
        }
        return options
    }
}
