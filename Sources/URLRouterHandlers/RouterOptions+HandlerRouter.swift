@_spi(HandlerRouter) public import URLRouter

extension RouterOptions {
    /// The defaults of SEMANTICS.md section 8, the iOS routers' and the handler router's: the host
    /// is the first segment (`app://page/detail` has the segments `page`, `detail`), a final `*`
    /// is a catch-all, and no request shape is refused. A table's own defaults are a server's
    /// (`RouterOptions()`).
    public static var handlerRouter: RouterOptions {
        var options = RouterOptions()
        options.hostAsSegment = .always
        options.trailingStar = .catchAll
        options.requestChecks = []
        return options
    }
}
