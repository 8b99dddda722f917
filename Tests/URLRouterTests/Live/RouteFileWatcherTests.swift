#if Reloading
import Foundation
import ReloadTestSupport
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

@_spi(HandlerRouter) @_spi(Tools) @testable import URLRouter

/// The watcher: a change picked up by in-place write, by rename and by a swapped symbolic link; a
/// file mid-write never read as a table; rejections that do not end the service; shutdown.
@Suite struct RouteFileWatcherTests {
    /// A file's value: the handler it names, from a fixed set.
    @Sendable static func handler(_ name: String?) -> String? {
        ["listUsers", "showUser", "health"].contains(name ?? "") ? name : nil
    }

    /// Runs a watcher of `path` (polling every 20 ms) around `body`, then cancels it and checks
    /// that it ended with `CancellationError` only.
    static func watching(
        _ path: String, _ body: (LiveRouteTable<String>, ReloadOutcomes) async throws -> Void
    ) async throws {
        let table = try LiveRouteTable<String>(contentsOf: path, value: handler)
        let outcomes = ReloadOutcomes()
        let watcher = RouteFileWatcher(
            table: table, path: path, pollInterval: .milliseconds(20), reloadsOnHangup: false, value: handler,
            onOutcome: { outcomes.append($0) })
        let task = Task { try await watcher.run() }
        try await body(table, outcomes)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// With a trial policy, a changed file goes on trial beside the serving table, which serves
    /// on until the trial promotes it; a refused file is a rejection and starts no trial.
    @Test func aChangedFileGoesOnTrialWhenTheWatcherRunsTrials() async throws {
        let path = try RouteFiles.write("GET /users listUsers\n")
        let table = try LiveRouteTable<String>(contentsOf: path, value: Self.handler)
        let outcomes = ReloadOutcomes()
        let watcher = RouteFileWatcher(
            table: table, path: path, pollInterval: .milliseconds(20), reloadsOnHangup: false,
            trial: TrialPolicy(sampleEvery: 1, decideAfter: 2, promoteAtMostChanged: 1), value: Self.handler,
            onOutcome: { outcomes.append($0) })
        let task = Task { try await watcher.run() }
        try RouteFiles.replace(path, with: "GET /users listUsers\nGET /users/:id showUser\n")
        for _ in 0..<500 where table.trialReport == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(table.trialReport?.source == path)
        #expect(table.version == 1)
        #expect((try? table.lookup(method: "GET", url: "/users/7").get()) == nil)  // sampled, changed
        #expect(try table.lookup(method: "GET", url: "/users").get().value == "listUsers")  // sampled: decides
        #expect(table.trialReport?.ending == .promoted(version: 2))
        #expect(try table.lookup(method: "GET", url: "/users/7").get().value == "showUser")
        try RouteFiles.replace(path, with: "GET /users unknownHandler\n")
        #expect(try await outcomes.wait(for: 1).map(\.kind) == [.rejected])
        #expect(table.trialReport?.ending == .promoted(version: 2))
        // Another candidate goes on trial; the file put back as the serving table drops it.
        try RouteFiles.replace(path, with: "GET /users listUsers\n")
        for _ in 0..<500 where table.trialReport?.ending != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(table.trialReport?.ending == nil)
        try RouteFiles.replace(path, with: "GET /users listUsers\nGET /users/:id showUser\n")
        #expect(try await outcomes.wait(for: 2).map(\.kind) == [.rejected, .unchanged])
        #expect(table.trialReport?.ending == .discarded)
        #expect(table.version == 2)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    // How soon a change serves is measured by Benchmarks/http/reload, not by a timed test.
    @Test func aFileWrittenInPlaceIsPickedUp() async throws {
        let path = try RouteFiles.write("GET /users listUsers\n")
        try await Self.watching(path) { table, outcomes in
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("GET /users/:id showUser\n".utf8))
            try handle.close()
            let seen = try await outcomes.wait(for: 1)
            #expect(seen.map(\.kind) == [.success])
            #expect(table.version == 2)
            #expect(try table.lookup(method: "GET", url: "/users/7").get().value == "showUser")
        }
    }

    @Test func aFileReplacedByRenameIsPickedUp() async throws {
        let path = try RouteFiles.write("GET /users listUsers\n")
        try await Self.watching(path) { table, outcomes in
            try RouteFiles.replace(path, with: "GET /users listUsers\nGET /health health\n")
            #expect(try await outcomes.wait(for: 1).map(\.kind) == [.success])
            #expect(try table.lookup(method: "GET", url: "/health").get().value == "health")
            // A second rename, back: each is a change.
            try RouteFiles.replace(path, with: "GET /users listUsers\n")
            #expect(try await outcomes.wait(for: 2).map(\.version) == [2, 3])
            #expect((try? table.lookup(method: "GET", url: "/health").get()) == nil)
        }
    }

    /// Kubernetes mounts a ConfigMap as `routes.txt -> ..data/routes.txt`, `..data -> ..v1`, and
    /// updates it by writing `..v2` and renaming a new `..data` link over the old one.
    @Test func aSymbolicLinkSwappedUnderTheFileIsPickedUp() async throws {
        let folder = try RouteFiles.folder()
        let manager = FileManager.default
        func version(_ name: String, _ text: String) throws {
            try manager.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
            try text.write(
                to: folder.appendingPathComponent(name).appendingPathComponent("routes.txt"), atomically: false,
                encoding: .utf8)
        }
        try version("..v1", "GET /users listUsers\n")
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("..data").path, withDestinationPath: "..v1")
        let path = folder.appendingPathComponent("routes.txt").path
        try manager.createSymbolicLink(atPath: path, withDestinationPath: "..data/routes.txt")
        try await Self.watching(path) { table, outcomes in
            try version("..v2", "GET /users listUsers\nGET /users/:id showUser\n")
            let link = folder.appendingPathComponent("..data_tmp").path
            try manager.createSymbolicLink(atPath: link, withDestinationPath: "..v2")
            #expect(rename(link, folder.appendingPathComponent("..data").path) == 0)
            #expect(try await outcomes.wait(for: 1).map(\.kind) == [.success])
            #expect(try table.lookup(method: "GET", url: "/users/7").get().value == "showUser")
        }
    }

    @Test func aRejectedFileKeepsTheServiceAndTheTable() async throws {
        let path = try RouteFiles.write("GET /users listUsers\n")
        try await Self.watching(path) { table, outcomes in
            try RouteFiles.replace(path, with: "GET /users listUsers\nGET /users/:id( showUser\n")
            let rejected = try await outcomes.wait(for: 1)
            #expect(rejected.map(\.kind) == [.rejected])
            #expect(rejected.first?.problems.map(\.place?.line) == [2])
            #expect(rejected.first?.description.hasPrefix("route table rejected: \(path):2:") == true)
            #expect(table.version == 1)
            try RouteFiles.replace(path, with: "GET /users listUsers\nGET /health nosuch\n")
            #expect(try await outcomes.wait(for: 2).last?.problems.map(\.place?.line) == [2])
            // A file that is gone is a rejection too, once; the table serves on.
            try FileManager.default.removeItem(atPath: path)
            let gone = try await outcomes.wait(for: 3)
            #expect(gone.last?.kind == .rejected)
            #expect(try table.lookup(method: "GET", url: "/users").get().value == "listUsers")
            try RouteFiles.replace(path, with: "GET /users listUsers\nGET /health health\n")
            let served = try await outcomes.wait(for: 4)
            #expect(served.count == 4)
            #expect(served.last?.kind == .success)
            #expect(table.version == 2)
        }
    }

    /// The file is read only once it looks the same twice in a row, and a read during which it
    /// changed does not stand: a writer that writes a table in two parts is never served half.
    @Test func aFileMidWriteIsNotRead() throws {
        let path = try RouteFiles.write("GET /users listUsers\n")
        var settling = FileSettling(loaded: FileStamp(path: path))
        let unchangedIsRead = settling.shouldRead(FileStamp(path: path), forced: false)
        #expect(!unchangedIsRead)

        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("GET /users/:id show".utf8))  // half a line
        let half = FileStamp(path: path)
        let halfIsRead = settling.shouldRead(half, forced: false)
        #expect(!halfIsRead)  // first look at the change
        try handle.write(contentsOf: Data("User\n".utf8))
        try handle.close()
        let whole = FileStamp(path: path)
        #expect(half != whole)
        let wholeIsReadAtOnce = settling.shouldRead(whole, forced: false)
        #expect(!wholeIsReadAtOnce)  // it changed since the last look
        let wholeIsReadWhenSettled = settling.shouldRead(whole, forced: false)
        #expect(wholeIsReadWhenSettled)  // the same twice: read
        // A read that ends on another file than it began with does not stand.
        try RouteFiles.replace(path, with: "GET /health health\n")
        let changedReadStands = settling.read(whole, finishedAt: FileStamp(path: path))
        #expect(!changedReadStands)
        let replaced = FileStamp(path: path)
        let replacedIsRead = settling.shouldRead(replaced, forced: false)
        #expect(replacedIsRead)
        let replacedReadStands = settling.read(replaced, finishedAt: FileStamp(path: path))
        #expect(replacedReadStands)
        #expect(settling.loaded == replaced)
        let readAgain = settling.shouldRead(FileStamp(path: path), forced: false)
        #expect(!readAgain)
        let forcedIsRead = settling.shouldRead(FileStamp(path: path), forced: true)
        #expect(forcedIsRead)
    }

    @Test func hangupReloadsAtOnce() async throws {
        let path = try RouteFiles.write("GET /users listUsers\n")
        let table = try LiveRouteTable<String>(contentsOf: path, value: Self.handler)
        let outcomes = ReloadOutcomes()
        // A poll interval no test waits for: only the hangups read the file.
        let watcher = RouteFileWatcher(
            table: table, path: path, pollInterval: .seconds(3600), value: Self.handler,
            onOutcome: { outcomes.append($0) })
        let (triggers, continuation) = AsyncStream.makeStream(of: RouteFileWatcher<String>.Trigger.self)
        let task = Task { try await watcher.watch(triggers) }
        continuation.yield(.hangup)
        #expect(try await outcomes.wait(for: 1).map(\.kind) == [.unchanged])
        try RouteFiles.replace(path, with: "GET /health health\n")
        continuation.yield(.hangup)
        #expect(try await outcomes.wait(for: 2).map(\.kind) == [.unchanged, .success])
        #expect(try table.lookup(method: "GET", url: "/health").get().value == "health")
        continuation.finish()
        try await task.value
    }

    @Test func gracefulShutdownEndsTheServiceWithoutAnError() async throws {
        let path = try RouteFiles.write("GET /users listUsers\n")
        let table = try LiveRouteTable<String>(contentsOf: path, value: Self.handler)
        let watcher = RouteFileWatcher(
            table: table, path: path, pollInterval: .milliseconds(20), reloadsOnHangup: false, value: Self.handler)
        try await testGracefulShutdown { shutdown in
            let task = Task { try await watcher.run() }
            try await Task.sleep(for: .milliseconds(50))
            shutdown.triggerGracefulShutdown()
            try await task.value
        }
    }
}
#endif
