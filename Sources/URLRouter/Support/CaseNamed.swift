/// A closed set of cases that fixtures, the command line and logs spell by their Swift names
/// (`noMatch`, `unlessDotted`): the spelling stays out of the public API.
@_spi(HandlerRouter) public protocol CaseNamed: CaseIterable {}

extension CaseNamed {
    /// The case's name, as written in Swift.
    public var name: String { String(describing: self) }

    /// The case called `name`, if there is one.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }
}
