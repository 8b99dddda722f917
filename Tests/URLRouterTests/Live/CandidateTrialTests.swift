import Foundation
import Synchronization
import Testing
@_spi(HandlerRouter) @_spi(Tools) import URLRouter

/// A candidate table on trial beside a live table's serving one (issue 53): exactly the sampled
/// lookups whose answer changes counted, the serving table untouched until promotion, promotion
/// and discarding by the operator and by the policy, and no error under concurrent lookups.
@Suite struct CandidateTrialTests {
    static let serving: [RouteTable<String>.Route] = [
        .init("/users", method: "GET", value: "listUsers"),
        .init("/users/:id", method: "GET", value: "showUser"),
        .init("/files/**", method: "GET", value: "files"),
    ]
    /// The candidate: `/users/me` added (one path changes winner), `/files/**` gone (its paths
    /// miss), `/users/:id` renamed `:name` (its parameters change).
    static let candidate: [RouteTable<String>.Route] = [
        .init("/users", method: "GET", value: "listUsers"),
        .init("/users/me", method: "GET", value: "showMe"),
        .init("/users/:name", method: "GET", value: "showUser"),
    ]
    /// Requests, and whether the candidate answers each otherwise.
    static let requests: [(url: String, changes: Bool)] = [
        ("/users", false), ("/users/me", true), ("/users/7", true), ("/files/a/b", true), ("/nothing", false),
    ]

    @Test(arguments: [1, 2, 3])
    func countsExactlyTheSampledLookupsWhoseAnswerChanges(sampleEvery: Int) throws {
        let live = try LiveRouteTable<String>(Self.serving)
        try live.startTrial(Self.candidate, policy: TrialPolicy(sampleEvery: sampleEvery, keptExamples: 100))
        var expectedSampled = 0
        var expectedChanged = 0
        for round in 0..<6 {
            for (index, request) in Self.requests.enumerated() {
                let lookup = round * Self.requests.count + index + 1
                // Owning and borrowed lookups alike are sampled, and answer from the serving table.
                if lookup.isMultiple(of: 2) {
                    let value = live.withMatch(method: "GET", url: request.url) { found -> String? in
                        switch found {
                        case .match(let match): return match.value
                        case .miss: return nil
                        }
                    }
                    #expect(value == (try? Self.servingTable.lookup(method: "GET", url: request.url).get().value))
                } else {
                    #expect(
                        (try? live.lookup(method: "GET", url: request.url).get().value)
                            == (try? Self.servingTable.lookup(method: "GET", url: request.url).get().value))
                }
                if lookup.isMultiple(of: sampleEvery) {
                    expectedSampled += 1
                    if request.changes { expectedChanged += 1 }
                }
            }
        }
        let report = try #require(live.trialReport)
        #expect(report.sampled == expectedSampled)
        #expect(report.changed == expectedChanged)
        #expect(report.examples.count == expectedChanged)
        #expect(report.ending == nil)
        #expect(live.version == 1)
    }

    static var servingTable: RouteTable<String> { try! RouteTable(serving) }

    @Test func eachChangeIsWrittenAsDiffWritesIt() throws {
        let live = try LiveRouteTable<String>(Self.serving)
        try live.startTrial(Self.candidate, policy: TrialPolicy(sampleEvery: 1))
        for request in Self.requests { _ = live.lookup(method: "GET", url: request.url) }
        let examples = try #require(live.trialReport).examples.map(\.description)
        #expect(
            examples == [
                "GET /users/me: GET /users/:id (id=me) -> GET /users/me",
                "GET /users/7: GET /users/:id (id=7) -> GET /users/:name (name=7)",
                "GET /files/a/b: GET /files/** (**=a/b) -> noMatch",
            ])
    }

    @Test func theExamplesKeptAreBounded() throws {
        let live = try LiveRouteTable<String>(Self.serving)
        try live.startTrial(Self.candidate, policy: TrialPolicy(sampleEvery: 1, keptExamples: 2))
        for _ in 0..<10 { _ = live.lookup(method: "GET", url: "/users/7") }
        let report = try #require(live.trialReport)
        #expect(report.changed == 10)
        #expect(report.examples.count == 2)
    }

    @Test func theOperatorPromotesOrDiscards() throws {
        let live = try LiveRouteTable<String>(Self.serving)
        try live.startTrial(Self.candidate, policy: TrialPolicy(sampleEvery: 1))
        #expect(try live.lookup(method: "GET", url: "/users/me").get().value == "showUser")
        let outcome = try #require(live.promoteTrial())
        #expect(outcome.kind == .success)
        #expect(outcome.version == 2)
        #expect(live.version == 2)
        #expect(try live.lookup(method: "GET", url: "/users/me").get().value == "showMe")
        #expect(live.trialReport?.ending == .promoted(version: 2))
        #expect(live.promoteTrial() == nil)

        try live.startTrial(Self.serving, policy: TrialPolicy(sampleEvery: 1))
        _ = live.lookup(method: "GET", url: "/users/me")
        let report = try #require(live.discardTrial())
        #expect(report.ending == .discarded)
        #expect(report.changed == 1)
        #expect(live.version == 2)
        #expect(try live.lookup(method: "GET", url: "/users/me").get().value == "showMe")
        #expect(live.discardTrial() == nil)
    }

    @Test(arguments: [(0.0, false), (0.5, false), (0.6, true), (1.0, true)])
    func thePolicyPromotesWhenFewEnoughAnswersChangeElseDiscards(threshold: Double, promotes: Bool) throws {
        let live = try LiveRouteTable<String>(Self.serving)
        let policy = TrialPolicy(sampleEvery: 1, decideAfter: Self.requests.count, promoteAtMostChanged: threshold)
        try live.startTrial(Self.candidate, policy: policy)
        for request in Self.requests { _ = live.lookup(method: "GET", url: request.url) }  // 3 of 5 change
        let report = try #require(live.trialReport)
        #expect(report.sampled == 5)
        #expect(report.changed == 3)
        #expect(report.ending == (promotes ? .promoted(version: 2) : .discarded))
        #expect(live.version == (promotes ? 2 : 1))
        #expect(try live.lookup(method: "GET", url: "/users/me").get().value == (promotes ? "showMe" : "showUser"))
        // The trial has ended: lookups are no longer sampled.
        _ = live.lookup(method: "GET", url: "/users/7")
        #expect(live.trialReport?.sampled == 5)
    }

    @Test func aCandidateThatDoesNotValidateNeverEntersATrial() throws {
        let live = try LiveRouteTable<String>(Self.serving)
        try live.startTrial(Self.candidate, policy: TrialPolicy(sampleEvery: 1))
        #expect(throws: RouteValidationError.self) {
            try live.startTrial([.init("/users/:id(", method: "GET", value: "bad")])
        }
        // The trial under way and the serving table are untouched.
        _ = live.lookup(method: "GET", url: "/users/7")
        #expect(live.trialReport?.ending == nil)
        #expect(live.trialReport?.sampled == 1)
        #expect(live.version == 1)
    }

    @Test func aFileOnTrialIsReadAsAReloadReadsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("routes.txt").path
        try "GET /users listUsers\nGET /users/me showMe\n".write(toFile: path, atomically: true, encoding: .utf8)
        let live = try LiveRouteTable<String>(Self.serving)
        let handlers = ["listUsers", "showMe"]
        try live.startTrial(contentsOf: path, policy: TrialPolicy(sampleEvery: 1)) { name in
            handlers.contains(name ?? "") ? name : nil
        }
        _ = live.lookup(method: "GET", url: "/users/me")
        #expect(live.trialReport?.source == path)
        #expect(live.trialReport?.changed == 1)
        try "GET /users listUsers\nGET /users/me unknownHandler\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        do {
            try live.startTrial(contentsOf: path) { name in handlers.contains(name ?? "") ? name : nil }
            Issue.record("a file naming an unknown handler entered a trial")
        } catch {
            #expect("\(error)".contains("routes.txt:2:"), "\(error)")
        }
        #expect(live.trialReport?.changed == 1)
    }

    @Test func aSwapEndsTheTrial() throws {
        let live = try LiveRouteTable<String>(Self.serving)
        try live.startTrial(Self.candidate, policy: TrialPolicy(sampleEvery: 1))
        live.replace(Self.serving + [.init("/health", method: "GET", value: "health")])
        #expect(live.version == 2)
        #expect(live.trialReport?.ending == .discarded)
    }

    /// Lookups on several threads while a trial samples every lookup and decides: every sampled
    /// lookup is counted once, each answer is the serving table's or the promoted candidate's
    /// (ThreadSanitizer runs this in CI).
    @Test func concurrentLookupsAreCountedOnceEachAndServedWhole() throws {
        let live = try LiveRouteTable<String>(Self.serving)
        let perThread = 2_000
        let threads = 4
        try live.startTrial(
            Self.candidate,
            policy: TrialPolicy(sampleEvery: 1, decideAfter: threads * perThread, promoteAtMostChanged: 1))
        let wrong = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                let url = index.isMultiple(of: 2) ? "/users/me" : "/users/\(thread)"
                let value = live.withMatch(method: "GET", url: url) { found -> String? in
                    switch found {
                    case .match(let match): return match.value
                    case .miss: return nil
                    }
                }
                let expected: Set<String?> = index.isMultiple(of: 2) ? ["showUser", "showMe"] : ["showUser"]
                if !expected.contains(value) { wrong.wrappingAdd(1, ordering: .relaxed) }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        let report = try #require(live.trialReport)
        #expect(report.sampled == threads * perThread)
        #expect(report.changed == threads * perThread)
        #expect(report.ending == .promoted(version: 2))
        #expect(try live.lookup(method: "GET", url: "/users/me").get().value == "showMe")
    }
}
