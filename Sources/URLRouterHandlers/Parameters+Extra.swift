@_spi(HandlerRouter) import URLRouter

extension Parameters {
    /// The value for `name` as the caller gave it: an extra value passed to a lookup
    /// (``Router/route(_:method:variants:extra:)`` and the other entry points) as it is, an image
    /// or an array say, where `get(_:)` describes it as text; else the path parameter
    /// or the last query value, a `String`. Extra values beat path parameters, which beat query
    /// items (SEMANTICS.md section 4).
    ///
    /// ```swift
    /// try router.register("/photos/:id") { match in
    ///     let image = match.parameters["image"] as? [UInt8]   // the bytes passed below
    /// }
    /// router.route("/photos/1", extra: ["image": bytes])
    /// ```
    public subscript(name: String) -> (any Sendable)? { anyValue(named: name) }
}
