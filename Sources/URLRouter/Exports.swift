// `import URLRouter` brings the public types of the core (matches, misses, parameters,
// options, errors), which the table and router answer in; nothing else of it is public.
@_exported public import URLRouterCore
