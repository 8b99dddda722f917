import Testing

@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// Expects `body` to refuse its input with a RouterError of `code`.
func expectRouterError(
    _ code: RouterError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as RouterError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch let error as RouteValidationError {
        #expect(error.problems.map(\.error.code) == [code], "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
    }
}
