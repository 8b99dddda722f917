import Foundation
import Testing
import URLRouterHandlers

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter
@testable import URLRouterConformance

@Suite struct FixtureParserTests {
    func parse(_ json: String) throws(FixtureError) -> FixtureSuite {
        try FixtureSuite(json: Data(json.utf8), file: "test.json")
    }

    func error(_ json: String) -> FixtureError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheExampleOfTheFormat() throws {
        let suite = try parse(
            #"""
            { "suite": "s", "options": { "defaultScheme": "FT", "transitionPrefixes": ["push"], "maxURLLength": 100,
                "caseInsensitive": true, "hostAsSegment": "never", "trailingStar": "singleSegment" },
              "routes": [ { "id": "a", "pattern": "/a/:id", "kind": "object", "variant": "B", "method": "GET", "priority": 2 } ],
              "rewrites": [ { "match": "x", "target": "y" } ],
              "cases": [
                { "url": "/a/1", "method": "GET", "variants": ["B"], "kind": "object", "extra": {"k": "v"}, "id": "c1",
                  "comment": "c", "expect": { "route": "a", "params": {"id": "1", "k": "v"}, "catchall": null, "error": "noMatch" } },
                { "rewrite": "x", "expect": { "url": null } },
                { "unregister": "a", "expect": {} }
              ],
              "invalid": [ { "pattern": "/b/:x/:x", "method": "GET", "error": "duplicateParameter" },
                           { "rewrite": { "match": "(", "target": "z" }, "error": "invalidRewriteRule" } ] }
            """#)
        #expect(suite.handlerOptions.defaultScheme == "ft")
        #expect(suite.handlerOptions.transitionPrefixes == ["push"])
        #expect(suite.options.maxURLLength == 100)
        #expect(suite.options.caseInsensitive)
        #expect(suite.handlerOptions.hostAsSegment == .never)
        #expect(suite.handlerOptions.trailingStar == .singleSegment)
        #expect(
            suite.routes == [
                FixtureSuite.Route(id: "a", pattern: "/a/:id", kind: .object, variant: "B", method: "GET", priority: 2)
            ])
        #expect(suite.rewrites == [FixtureSuite.Rewrite(match: "x", target: "y")])
        guard case .lookup(let lookup) = suite.cases[0].action else {
            Issue.record("first case is a lookup")
            return
        }
        #expect(lookup.expect.route == .some("a"))
        #expect(lookup.expect.catchall == .some(nil))
        #expect(lookup.expect.variant == nil)
        #expect(lookup.expect.error == "noMatch")
        #expect(lookup.extra == ["k": "v"])
        guard case .rewrite(let url, let expected) = suite.cases[1].action else {
            Issue.record("second case is a rewrite")
            return
        }
        #expect(url == "x" && expected == nil)
        #expect(suite.invalid.count == 2)
        #expect(suite.invalid[0].subject == .pattern("/b/:x/:x", variant: nil, method: "GET", host: nil))
    }

    @Test func unknownFieldsNameTheFileAndTheField() {
        let found = error(#"{"suite": "s", "routes": [], "cases": [{"url": "/x", "expect": {"parms": {}}}]}"#)
        #expect(found?.file == "test.json")
        #expect(found?.field == "cases[0].expect.parms")
        #expect(found?.description.contains("unknown field") == true)
    }

    @Test(arguments: [
        (#"{"routes": [], "cases": []}"#, "suite"),
        (#"{"suite": "s", "cases": []}"#, "routes"),
        (#"{"suite": "s", "routes": []}"#, "cases"),
        (#"{"suite": "s", "routes": [], "cases": [], "extra": 1}"#, "extra"),
        (#"{"suite": "s", "options": {"defaultSchema": "x"}, "routes": [], "cases": []}"#, "options.defaultSchema"),
        (
            #"{"suite": "s", "options": {"hostAsSegment": "sometimes"}, "routes": [], "cases": []}"#,
            "options.hostAsSegment"
        ),
        (#"{"suite": "s", "options": {"caseInsensitive": 1}, "routes": [], "cases": []}"#, "options.caseInsensitive"),
        (#"{"suite": "s", "options": {"maxURLLength": true}, "routes": [], "cases": []}"#, "options.maxURLLength"),
        (#"{"suite": "s", "options": {"maxURLLength": 1.5}, "routes": [], "cases": []}"#, "options.maxURLLength"),
        (#"{"suite": "s", "routes": [{"pattern": "/a"}], "cases": []}"#, "routes[0].id"),
        (
            #"{"suite": "s", "routes": [{"id": "a", "pattern": "/a"}, {"id": "a", "pattern": "/b"}], "cases": []}"#,
            "routes[1].id"
        ),
        (#"{"suite": "s", "routes": [{"id": "a", "pattern": "/a", "kind": "view"}], "cases": []}"#, "routes[0].kind"),
        (
            #"{"suite": "s", "routes": [{"id": "a", "pattern": "/a", "priority": "1"}], "cases": []}"#,
            "routes[0].priority"
        ),
        (
            #"{"suite": "s", "routes": [{"id": "a", "pattern": "/a"}], "cases": [{"url": "/a", "expect": {"route": "b"}}]}"#,
            "cases[0].expect.route"
        ),
        (
            #"{"suite": "s", "routes": [], "cases": [{"url": "/a", "expect": {"error": "notFound"}}]}"#,
            "cases[0].expect.error"
        ),
        (#"{"suite": "s", "routes": [], "cases": [{"url": "/a"}]}"#, "cases[0].expect"),
        (#"{"suite": "s", "routes": [], "cases": [{"url": "/a", "rewrite": "/b", "expect": {}}]}"#, "cases[0]"),
        (#"{"suite": "s", "routes": [], "cases": [{"unregister": "zz"}]}"#, "cases[0].unregister"),
        (
            #"{"suite": "s", "routes": [], "cases": [{"rewrite": "/a", "expect": {"route": null}}]}"#,
            "cases[0].expect.route"
        ),
        (
            #"{"suite": "s", "routes": [], "cases": [{"url": "/a", "extra": {"k": 1}, "expect": {}}]}"#,
            "cases[0].extra.k"
        ),
        (
            #"{"suite": "s", "routes": [], "cases": [], "invalid": [{"pattern": "/a", "error": "tooBad"}]}"#,
            "invalid[0].error"
        ),
    ])
    func malformedFilesNameTheField(json: String, field: String) {
        let found = error(json)
        #expect(found?.field == field, "\(found.map(String.init(describing:)) ?? "accepted")")
    }

    @Test func notJSONNamesTheFile() {
        let found = error("{ not json")
        #expect(found?.file == "test.json")
        #expect(found?.field == "")
    }
}
