import Foundation
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterCLI

/// `urlrouter diff old.yaml new.yaml` (issue 53): the operations added, removed and changed, and
/// exactly the requests of a log whose operation changes.
@Suite struct OpenAPIDiffTests {
    static func document(_ name: String) throws -> OpenAPIDocument {
        try OpenAPIDocument(contentsOf: RepositoryFolders.lintFixtures + "/" + name)
    }

    static let requests: [(method: String, url: String)] = [
        ("GET", "/pets"), ("POST", "/pets"), ("GET", "/pets/7"), ("GET", "/pets/7/photo"), ("GET", "/pets/tags/photo"),
        ("DELETE", "/pets/7"), ("GET", "/owners/3"), ("GET", "/owners"), ("PUT", "/owners/3"),
    ]

    @Test func namesTheOperationsAddedRemovedAndChanged() throws {
        let diff = OpenAPIDiff(
            old: try Self.document("openapi-v1.yaml"), new: try Self.document("openapi-v2.yaml"),
            options: RouterOptions(), requests: Self.requests)
        #expect(diff.added.map(\.identifier) == ["getPetsByTag", "listOwners"])
        #expect(diff.removed.map(\.identifier) == ["deletePet"])
        #expect(diff.changed.map(\.old.identifier) == ["getPet", "getPetPhoto"])
        #expect(diff.changed.map(\.new.template) == ["/pets/{id}", "/pets/{petId}/photos/{n}"])
    }

    /// Only the requests whose operation changes, each with both answers: a parameter renamed
    /// within one operation (`GET /pets/7`) changes nothing.
    @Test func namesExactlyTheRequestsThatReachAnotherOperation() throws {
        let diff = OpenAPIDiff(
            old: try Self.document("openapi-v1.yaml"), new: try Self.document("openapi-v2.yaml"),
            options: RouterOptions(), requests: Self.requests)
        #expect(diff.requestCount == 9)
        #expect(
            diff.changes.map { "\($0.method) \($0.url): \($0.old) -> \($0.new)" } == [
                "GET /pets/7/photo: getPetPhoto -> noMatch",
                "GET /pets/tags/photo: getPetPhoto -> getPetsByTag",
                "DELETE /pets/7: deletePet -> methodNotAllowed",
                "GET /owners: noMatch -> listOwners",
            ])
    }

    @Test func aDocumentAgainstItselfChangesNothing() throws {
        let document = try Self.document("openapi-collisions.yaml")
        let diff = OpenAPIDiff(old: document, new: document, options: RouterOptions(), requests: nil)
        #expect(diff.isEmpty)
        #expect(diff.requestCount > 5)
    }

    @Test func theCommandReadsARequestLogAndExitsOneWhenSomethingChanges() throws {
        let folder = RepositoryFolders.lintFixtures
        let (status, output) = try URLRouterExecutable.run([
            "diff", "--json", folder + "/openapi-v1.yaml", folder + "/openapi-v2.yaml", "--requests",
            folder + "/openapi-requests.txt",
        ])
        #expect(status == 1, "\(output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let changed = try #require(object["changedRequests"] as? [[String: String]])
        #expect(changed.map { $0["url"] ?? "" } == ["/pets/7/photo", "/pets/tags/photo", "/pets/7", "/owners"])
        #expect(changed.first?["old"] == "getPetPhoto")
        let (same, sameOutput) = try URLRouterExecutable.run([
            "diff", folder + "/openapi-v1.yaml", folder + "/openapi-v1.yaml",
        ])
        #expect(same == 0, "\(sameOutput)")
        let (mixed, mixedOutput) = try URLRouterExecutable.run([
            "diff", folder + "/openapi-v1.yaml", folder + "/shadowed.txt",
        ])
        #expect(mixed == 2)
        #expect(mixedOutput.contains("one of each"))
    }
}
