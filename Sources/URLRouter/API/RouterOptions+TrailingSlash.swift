extension RouterOptions {
    /// Whether a final `/` in a path is significant (``RouterOptions/trailingSlash``, SEMANTICS.md
    /// section 12): the policy every router outside Swift has, as Go's `ServeMux`, find-my-way and
    /// matchit name it.
    ///
    /// A *trailing slash* is a `/` that ends a path of at least one segment: `/items/` has one, `/`
    /// does not.
    ///
    /// ```swift
    /// var options = RouterOptions()
    /// options.trailingSlash = .redirect
    /// let table = try RouteTable<Int>([.init("/items", value: 1)], options: options)
    /// // table.lookup(url: "/items/") misses with .redirect(location: "/items"): a 308
    /// ```
    public enum TrailingSlash: Sendable, Hashable, CaseIterable {
        /// A final `/` does not matter, in patterns or in requests: `/items/` registers and matches
        /// as `/items`.
        case ignore
        /// A pattern that ends in `/` matches only paths that do, one that does not only paths that
        /// do not: `/items` and `/items/` are two routes. A pattern that ends in a catch-all (`**`, a
        /// final `*` that is one) matches either; `/files/**/` needs the slash. A match reports its
        /// path with the slash.
        case strict
        /// Matches as ``strict``; a lookup that finds no route for its method, but would with the
        /// trailing slash added or removed, misses with ``RouteMiss/Reason/redirect(location:)`` and that URL
        /// as its location, which a server answers with `308 Permanent Redirect` (``MissAnswer``).
        case redirect
    }
}

@_spi(HandlerRouter) extension RouterOptions.TrailingSlash: CaseNamed {}
