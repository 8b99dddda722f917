@_spi(HandlerRouter) public import URLRouter

extension RouterOptions {
    /// The table options of SEMANTICS.md section 8's defaults, the iOS routers' and the handler
    /// router's: no request shape is refused. A table's own defaults are a server's
    /// (`RouterOptions()`). The router's own defaults (``HandlerOptions``) make the host the first
    /// segment and a final `*` a catch-all.
    public static var handlerRouter: RouterOptions {
        var options = RouterOptions()
        options.requestChecks = []
        return options
    }
}
