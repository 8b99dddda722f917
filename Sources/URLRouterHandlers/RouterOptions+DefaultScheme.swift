@_spi(HandlerRouter) public import URLRouter

extension RouterOptions {
    /// Scheme given to scheme-less patterns and scheme-less URLs (YFRouter, FTRouter). Stored
    /// lower-cased.
    public var defaultScheme: String? {
        get { fallbackScheme }
        set { fallbackScheme = newValue }
    }
}
