import Foundation
import Testing

/// The fuzz targets, built without libFuzzer, replay inputs given as files: the seeds made from
/// the fixtures, and every earlier finding (Tests/FuzzRegressions), must run clean.
@Suite struct FuzzTargetTests {
    static let regressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    @Test(arguments: ["FuzzRouter", "FuzzParsers"])
    func seedsFromTheFixturesAndEarlierFindingsReplayClean(target: String) throws {
        let seeds = FileManager.default.temporaryDirectory.appendingPathComponent(
            "urlrouter-seeds-\(target)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: seeds) }
        let made = try URLRouterExecutable.run(
            ["--seed-corpus", BundledFixtures.directory, seeds.path], executable: target)
        #expect(made.status == 0, "\(made.output)")
        var inputs = try FileManager.default.contentsOfDirectory(atPath: seeds.path).map {
            seeds.appendingPathComponent($0).path
        }
        #expect(inputs.count >= 28, "at least one seed per fixture suite: \(inputs.count)")
        let findings = Self.regressions.appendingPathComponent(target)
        let earlier = try FileManager.default.contentsOfDirectory(atPath: findings.path)
        #expect(!earlier.isEmpty)
        inputs += earlier.map { findings.appendingPathComponent($0).path }
        let replay = try URLRouterExecutable.run(inputs.sorted(), executable: target)
        #expect(replay.status == 0, "\(replay.output.suffix(3000))")
        #expect(replay.output.contains("\(inputs.count) inputs replayed, no finding"))
    }
}
