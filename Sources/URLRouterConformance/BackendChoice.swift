import Foundation
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter

/// A `--backend` value: `pcre2`, `foundation` or `both`.
public enum BackendChoice: Sendable {
    /// A backend the build lacks, or a name no backend has.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        /// Why.
        public var description: String
    }

    /// The backends `name` stands for, in run order.
    ///
    /// - Throws: ``Unavailable`` for `pcre2` in a build without the PCRE2 trait, or an unknown name.
    public static func backends(_ name: String) throws(Unavailable) -> [RouterBackend] {
        if name == "both" { return RouterBackend.available }
        if let backend = RouterBackend.named(name) { return [backend] }
        if RouterBackend.knownNames.contains(name) {
            throw Unavailable(
                description:
                    "this build has no \(name) backend: it was built without the PCRE2 trait "
                    + "(swift build --disable-default-traits); use --backend foundation, or rebuild with libpcre2-dev installed"
            )
        }
        throw Unavailable(description: "unknown backend '\(name)'; use pcre2, foundation or both")
    }
}
