import URLRouterHandlers

extension Result {
    /// The error of a failure; `nil` for a success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

extension Result {
    /// The value of a success; `nil` for a failure.
    var success: Success? {
        if case .success(let value) = self { value } else { nil }
    }
}

extension RouteFailure {
    /// The table's miss, `nil` for a kind mismatch.
    var miss: RouteMiss? {
        if case .miss(let miss) = self { miss } else { nil }
    }
}
