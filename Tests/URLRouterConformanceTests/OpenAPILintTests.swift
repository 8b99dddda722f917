import Foundation
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter
import URLRouterCLI

/// `urlrouter lint` on OpenAPI documents (issue 53): each kind of collision reported at the right
/// line with the right operations, and an example request that really reaches the operation named.
@Suite struct OpenAPILintTests {
    static func path(_ name: String) -> String { RepositoryFolders.lintFixtures + "/" + name }

    static func findings(_ name: String, options: RouterOptions = RouterOptions()) throws -> [LintDiagnostic] {
        OpenAPILinter(document: try OpenAPIDocument(contentsOf: path(name)), options: options).diagnostics()
    }

    /// A finding in brief: line, severity, and the operations it names.
    struct Brief: Equatable, CustomStringConvertible {
        var line: Int
        var severity: LintDiagnostic.Severity
        var operation: String?
        var other: String?
        var answeredBy: String?
        var description: String { "\(line) \(severity) \(operation ?? "-") \(other ?? "-") \(answeredBy ?? "-")" }
    }

    static func brief(_ finding: LintDiagnostic) -> Brief {
        Brief(
            line: finding.line, severity: finding.severity, operation: finding.operations?.subject,
            other: finding.operations?.other, answeredBy: finding.operations?.answeredBy)
    }

    @Test func eachKindOfCollisionIsReportedWithItsOperations() throws {
        let found = try Self.findings("openapi-collisions.yaml")
        #expect(
            found.map(Self.brief) == [
                Brief(line: 7, severity: .warning),  // servers /v1 and /v2
                Brief(
                    line: 16, severity: .warning, operation: "getArchive", other: "getFile", answeredBy: "getArchive"),
                Brief(
                    line: 28, severity: .error, operation: "listItemsSlash", other: "listItems",
                    answeredBy: "listItemsSlash"),
                Brief(
                    line: 45, severity: .error, operation: "getUserByName", other: "getUser",
                    answeredBy: "getUserByName"),
                Brief(
                    line: 75, severity: .warning, operation: "getAcmePage", other: "getOrgSettings",
                    answeredBy: "getAcmePage"),
                Brief(
                    line: 99, severity: .warning, operation: "getVersionedDownload", other: "getDownload",
                    answeredBy: "getDownload"),
                Brief(line: 105, severity: .warning, operation: "getNoon"),
                Brief(line: 111, severity: .error, operation: "getBroken"),
            ], "\(found.map(\.text))")
        #expect(found[0].message.contains("'/v2'") && found[0].message.contains("'/v1'"))
        #expect(found[2].message.contains("trailing slashes are ignored"))
        #expect(found[3].message.contains("differ only in name"))
        #expect(found[4].message.contains("each literal where the other takes any segment"))
        #expect(found[5].message.contains("only the registration order decides"))
        #expect(found[6].message.contains("'/time/12%3A00'"))
        #expect(found[7].message.contains("is not closed"))
    }

    /// Each example request, looked up in a table of the document's operations as the transports
    /// register them, reaches the operation the finding says answers it.
    @Test func everyExampleRequestReachesTheOperationNamed() throws {
        let document = try OpenAPIDocument(contentsOf: Self.path("openapi-collisions.yaml"))
        let served = document.operations.filter { $0.operationID != "getBroken" }
        var options = RouterOptions()
        options.duplicateRoutes = .replace
        let table = try RouteTable(
            served.map {
                RouteTable<String>.Route(
                    OpenAPIPathTemplate.pattern($0.template), method: $0.method, value: $0.identifier)
            }, options: options)
        let found = try Self.findings("openapi-collisions.yaml").filter { $0.operations?.answeredBy != nil }
        #expect(found.count == 5)
        for finding in found {
            let url = try #require(finding.exampleURL, "\(finding.text)")
            let answer = try? table.lookup(method: "GET", url: url).get().value
            #expect(answer == finding.operations?.answeredBy, "\(finding.text)")
        }
    }

    @Test func aRedirectOrStrictPolicyServesAPathWithAndWithoutItsSlashApart() throws {
        for policy in [RouterOptions.TrailingSlash.strict, .redirect] {
            var options = RouterOptions()
            options.trailingSlash = policy
            let found = try Self.findings("openapi-collisions.yaml", options: options)
            #expect(!found.contains { $0.operations?.subject == "listItemsSlash" }, "\(policy)")
            #expect(found.contains { $0.operations?.subject == "getUserByName" }, "\(policy)")
        }
    }

    @Test(arguments: ["openapi-clean.yaml", "openapi-references.json"])
    func aCleanDocumentHasNoFinding(name: String) throws {
        let document = try OpenAPIDocument(contentsOf: Self.path(name))
        #expect(document.operations.count >= 3)
        #expect(try Self.findings(name).map(\.text) == [])
    }

    @Test func aPathItemGivenByReferenceIsReadWhereItPoints() throws {
        let document = try OpenAPIDocument(contentsOf: Self.path("openapi-references.json"))
        #expect(document.version == "3.1.0")
        let shop = try #require(document.operations.first { $0.operationID == "getShop" })
        #expect(shop.template == "/shops/{shop}")
        #expect(shop.method == "GET")
        #expect(shop.line == 18)
        #expect(document.operations.map(\.identifier) == ["getShop", "deleteShop", "listOrders"])
    }

    @Test func serverBasePathsAreTheirURLsPaths() {
        #expect(OpenAPIDocument.basePath(of: "https://api.example.com/v1/") == "/v1")
        #expect(OpenAPIDocument.basePath(of: "https://api.example.com") == "")
        #expect(OpenAPIDocument.basePath(of: "/v1") == "/v1")
        #expect(OpenAPIDocument.basePath(of: "http://{host}:8080/api/{version}?x=1") == "/api/{version}")
    }

    /// Bad input: each a clear error at its line.
    @Test(arguments: [
        ("openapi: 3.1.0\ninfo: {title: x, version: \"1\"\npaths: {}\n", 3, "not YAML or JSON"),
        ("a: 1\n", 1, "no 'openapi' field"),
        ("- 1\n", 1, "top level is not a mapping"),
        ("swagger: \"2.0\"\n", 1, "Swagger 2.0"),
        ("openapi: 4.0.0\ninfo: {title: x, version: \"1\"}\npaths: {}\n", 1, "OpenAPI 4.0.0 is not read"),
        (
            "openapi: 3.1.0\ninfo: {title: x, version: \"1\"}\npaths:\n  /a:\n    $ref: '#/components/pathItems/b'\n",
            5, "does not resolve"
        ),
        ("openapi: 3.1.0\ninfo: {title: x}\npaths: {}\n", 2, "not a valid OpenAPI 3.1.0 document"),
    ])
    func aDocumentThatCannotBeReadSaysWhatAndWhere(text: String, line: Int, message: String) {
        #expect(throws: OpenAPIDocument.Problem.self) { try OpenAPIDocument(text: text, path: "api.yaml") }
        do {
            _ = try OpenAPIDocument(text: text, path: "api.yaml")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("api.yaml:\(line):"))
        }
    }

    @Test func aTemplateTheRouterRefusesIsAnErrorAtItsOperation() throws {
        let text = """
            openapi: 3.1.0
            info: {title: x, version: '1'}
            paths:
              /b/{x y}:
                get:
                  operationId: spaced
                  responses: {'200': {description: OK}}
            """
        let document = try OpenAPIDocument(text: text, path: "api.yaml")
        let found = OpenAPILinter(document: document, options: RouterOptions()).diagnostics()
        #expect(found.count == 1)
        #expect(
            found.first?.text.hasPrefix("api.yaml:5:5: error: operation 'spaced' (GET /b/{x y}): no transport") == true)
        #expect(found.first?.operations?.subject == "spaced")
    }

    @Test func lintReadsYAMLAndOpenAPIJSONAsDocumentsAndOtherJSONAsRouteMaps() {
        #expect(OpenAPIDocument.isOpenAPI(path: Self.path("openapi-clean.yaml")))
        #expect(OpenAPIDocument.isOpenAPI(path: Self.path("openapi-references.json")))
        #expect(!OpenAPIDocument.isOpenAPI(path: RepositoryFolders.lintFixtures + "/table.json"))
        #expect(!OpenAPIDocument.isOpenAPI(path: RepositoryFolders.lintFixtures + "/shadowed.txt"))
    }

    @Test func theCommandExitsOneOnAnErrorAndPrintsJSONWithTheOperations() throws {
        let (status, output) = try URLRouterExecutable.run(["lint", "--json", Self.path("openapi-collisions.yaml")])
        #expect(status == 1, "\(output)")
        let findings = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], "\(output)")
        #expect(findings.count == 8)
        let archive = try #require(findings.first { $0["operation"] as? String == "getArchive" })
        #expect(archive["otherOperation"] as? String == "getFile")
        #expect(archive["answeredBy"] as? String == "getArchive")
        #expect(archive["example"] as? String == "/files/x.zip")
        #expect(archive["line"] as? Int == 16)
        let (cleanStatus, cleanOutput) = try URLRouterExecutable.run(["lint", Self.path("openapi-clean.yaml")])
        #expect(cleanStatus == 0, "\(cleanOutput)")
        #expect(cleanOutput.hasSuffix("0 errors, 0 warnings\n"), "\(cleanOutput)")
        let (strictStatus, strictOutput) = try URLRouterExecutable.run([
            "lint", "--trailing-slash", "strict", Self.path("openapi-collisions.yaml"),
        ])
        #expect(strictStatus == 1)
        #expect(!strictOutput.contains("listItemsSlash"), "\(strictOutput)")
    }
}
