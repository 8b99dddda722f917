@_spi(HandlerRouter) @_spi(Tools) public import URLRouter
public import URLRouterHandlers

/// One fixture file: a suite of routes, rewrite rules and cases (Docs/FIXTURES.md, version 3).
public struct FixtureSuite: Sendable {
    /// The file the suite was read from.
    public var file: String
    /// The suite's name, unique across a run.
    public var name: String
    /// What the suite pins down.
    public var description: String?
    /// Where the cases come from.
    public var source: String?
    /// The table options of the suite.
    public var options: RouterOptions
    /// The handler router's options of the suite (fallback, transitions, callback URLs): a suite
    /// that sets one runs on the handler router alone.
    public var handlerOptions: HandlerOptions
    /// Routes, registered in order.
    public var routes: [Route]
    /// Rewrite rules, added in order.
    public var rewrites: [Rewrite]
    /// Cases, run in order.
    public var cases: [Case]
    /// Registrations that must be refused.
    public var invalid: [Invalid]

    /// A route of the suite.
    public struct Route: Sendable, Hashable {
        /// The route's id, unique in the suite.
        public var id: String
        /// The pattern.
        public var pattern: String
        /// The registration kind; default action.
        package var kind: RouteKind
        /// The variant tag.
        public var variant: String?
        /// The HTTP method.
        public var method: String?
        /// The priority; default 0.
        public var priority: Int
        /// The host pattern (version 3).
        public var host: String?
    }

    /// A rewrite rule of the suite.
    public struct Rewrite: Sendable, Hashable {
        /// The expression.
        public var match: String
        /// The target template.
        public var target: String
    }

    /// A registration that must be refused with `error`.
    public struct Invalid: Sendable, Hashable {
        /// What is registered.
        public enum Subject: Sendable, Hashable {
            /// A pattern, with an optional variant, method and host pattern.
            case pattern(String, variant: String?, method: String?, host: String?)
            /// A rewrite rule.
            case rewrite(Rewrite)
        }
        /// What is registered.
        public var subject: Subject
        /// The expected error code (`invalidPattern`, `duplicateParameter`, `invalidConstraint`, `invalidRewriteRule`).
        public var error: String
    }

    /// One case.
    public struct Case: Sendable {
        /// The case's optional id.
        public var id: String?
        /// The case's optional comment.
        public var comment: String?
        /// What the case does.
        public var action: Action

        /// What a case does.
        public enum Action: Sendable {
            /// Look a URL up and compare the result.
            case lookup(Lookup)
            /// Rewrite a URL alone; `nil` expected output means no rule applies.
            case rewrite(url: String, expected: String?)
            /// Unregister the route with this id.
            case unregister(String)
        }
    }

    /// A lookup case.
    public struct Lookup: Sendable {
        /// The URL.
        public var url: String
        /// The method, if any.
        public var method: String?
        /// The host the lookup gives, as a `Host` header holds it (version 3).
        public var host: String?
        /// Variants in preference order.
        public var variants: [String]
        /// The entry point used; default action.
        package var kind: RouteKind
        /// Extra values.
        public var extra: [String: String]
        /// What must hold.
        public var expect: Expectation
    }

    /// The expected result of a lookup. For the optional-of-optional fields, `nil` means
    /// "not checked" and `.some(nil)` means "must be absent".
    public struct Expectation: Sendable, Hashable {
        public var route: String??
        public var params: [String: String]?
        public var catchall: String??
        public var variant: String??
        public var transition: String??
        public var callbackURL: String??
        public var fragment: String??
        public var scheme: String??
        public var path: String??
        public var rewrittenTo: String??
        /// The URL a `redirect` miss sends the client to.
        public var location: String??
        /// The host the lookup routed on.
        public var host: String??
        public var error: String?

        /// Whether nothing is checked (`{}`): the case only checks that backends agree.
        public var isEmpty: Bool {
            route == nil && params == nil && catchall == nil && variant == nil && transition == nil
                && callbackURL == nil && fragment == nil && scheme == nil && path == nil && rewrittenTo == nil
                && location == nil && host == nil && error == nil
        }
    }
}
