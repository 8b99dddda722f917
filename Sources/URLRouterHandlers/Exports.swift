// `import URLRouterHandlers` is all an app that routes with handlers writes: the matches, misses,
// options and errors its handlers see are the core's.
@_exported public import URLRouter
