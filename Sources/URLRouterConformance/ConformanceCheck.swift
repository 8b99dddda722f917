import Foundation
@_spi(HandlerRouter) @_spi(Tools) public import URLRouter

/// `urlrouter check PATH...`: finds fixture files, runs every suite on every backend, reports.
public struct ConformanceCheck: Sendable {
    /// Files, or folders searched recursively for `*.json`.
    public var paths: [String]
    /// The backends to run.
    public var backends: [RouterBackend]
    /// Only suites whose name contains this.
    public var filter: String?
    /// The entry points each suite runs through (``EntryPoint``): all of them by default.
    public var entryPoints: [EntryPoint]

    /// Makes a check.
    public init(
        paths: [String], backends: [RouterBackend], filter: String? = nil,
        entryPoints: [EntryPoint] = EntryPoint.allCases
    ) {
        self.paths = paths
        self.backends = backends
        self.filter = filter
        self.entryPoints = entryPoints
    }

    /// The fixture files under `paths`, in order, and the paths that do not exist.
    public static func files(in paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let root = URL(fileURLWithPath: path)
            var found: [String] = []
            if let enumerator = manager.enumerator(at: root, includingPropertiesForKeys: nil) {
                for case let url as URL in enumerator where url.pathExtension == "json" {
                    var isDir: ObjCBool = false
                    if manager.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue {
                        let relative = String(url.path.dropFirst(root.path.count).drop { $0 == "/" })
                        found.append((path.hasSuffix("/") ? path : path + "/") + relative)
                    }
                }
            }
            files += found.sorted()
        }
        return (files, missing)
    }

    /// Runs the check.
    public func run() -> ConformanceReport {
        var entries: [ConformanceReport.Entry] = []
        let (files, missing) = ConformanceCheck.files(in: paths)
        for path in missing {
            entries.append(.error(FixtureError(file: path, field: "", message: "no such file or folder")))
        }
        var names: [String: String] = [:]
        let runner = ConformanceRunner(backends: backends, entryPoints: entryPoints)
        for file in files {
            let suite: FixtureSuite
            do {
                suite = try FixtureSuite(contentsOf: file)
            } catch {
                entries.append(.error(error))
                continue
            }
            if let filter, !suite.name.contains(filter) { continue }
            if let other = names[suite.name] {
                entries.append(
                    .error(
                        FixtureError(
                            file: file, field: "suite", message: "the name '\(suite.name)' is also used by \(other)")))
                continue
            }
            names[suite.name] = file
            entries.append(.suite(runner.run(suite)))
        }
        return ConformanceReport(entries: entries, backends: backends.map(\.name), entryPoints: entryPoints)
    }
}

/// The outcome of a check, printable as FIXTURES.md describes or as JSON.
public struct ConformanceReport: Sendable {
    /// A suite's result, or a file that could not be run.
    public enum Entry: Sendable {
        /// A suite that ran.
        case suite(SuiteResult)
        /// A file that is malformed, missing, or reuses a suite name.
        case error(FixtureError)
    }

    /// The entries, in file order.
    public var entries: [Entry]
    /// The backends that ran.
    public var backends: [String]
    /// The entry points each suite ran through.
    public var entryPoints: [EntryPoint] = EntryPoint.allCases

    /// Cases and invalid entries that passed.
    public var passed: Int {
        entries.reduce(0) { total, entry in
            if case .suite(let suite) = entry { return total + suite.passed }
            return total
        }
    }

    /// Cases and invalid entries that failed, plus one per file that could not be run.
    public var failed: Int {
        entries.reduce(0) { total, entry in
            switch entry {
            case .suite(let suite): return total + suite.failed
            case .error: return total + 1
            }
        }
    }

    /// 0 only when nothing failed and at least one case ran.
    public var exitCode: Int32 { failed == 0 && passed > 0 ? 0 : 1 }

    /// The report as FIXTURES.md describes it: the backends that ran first, then the entry points,
    /// a line per suite, failures under it, totals last.
    public var text: String {
        var lines = [backendLine, EntryPoint.line(entryPoints)]
        for entry in entries {
            switch entry {
            case .error(let error):
                lines.append("FAIL \(error)")
            case .suite(let suite):
                guard suite.failed > 0 else {
                    lines.append("PASS \(suite.name) (\(suite.cases.count) cases)")
                    continue
                }
                lines.append("FAIL \(suite.name)")
                if let reason = suite.brokenReason {
                    lines.append("  \(reason) (\(suite.cases.count) cases fail)")
                    continue
                }
                for result in suite.cases where !result.passed {
                    var label = "  \(result.location)"
                    if let id = result.id { label += " [\(id)]" }
                    if let comment = result.comment { label += " (\(comment))" }
                    lines.append(label + ": " + result.summary)
                    lines.append("    expected: \(result.expected)")
                    for (backend, observation) in result.results {
                        lines.append("    \(backend): \(observation)")
                    }
                    lines.append("    failed: \(result.failure ?? "")")
                }
            }
        }
        lines.append("\(passed) passed, \(failed) failed")
        return lines.joined(separator: "\n")
    }

    /// `backends: pcre2, foundation`, and each known backend that did not run and why.
    var backendLine: String {
        let built = Set(RouterBackend.available.map(\.name))
        let skipped = RouterBackend.knownNames.filter { !backends.contains($0) }.map {
            built.contains($0) ? "\($0) not asked for" : "\($0) not in this build"
        }
        return "backends: " + backends.joined(separator: ", ")
            + (skipped.isEmpty ? "" : " (\(skipped.joined(separator: "; ")))")
    }

    /// The report as one JSON object.
    public var json: String {
        var suites: [[String: Any]] = []
        var errors: [[String: Any]] = []
        for entry in entries {
            switch entry {
            case .error(let error):
                errors.append(["file": error.file, "field": error.field, "message": error.message])
            case .suite(let suite):
                var object: [String: Any] = [
                    "suite": suite.name, "file": suite.file, "status": suite.failed == 0 ? "pass" : "fail",
                    "cases": suite.cases.count, "passed": suite.passed, "failed": suite.failed,
                ]
                if let reason = suite.brokenReason { object["broken"] = reason }
                object["failures"] = suite.cases.filter { !$0.passed }.map { result -> [String: Any] in
                    var failure: [String: Any] = [
                        "location": result.location, "case": result.summary, "expected": result.expected,
                        "reason": result.failure ?? "",
                    ]
                    if let id = result.id { failure["id"] = id }
                    if let comment = result.comment { failure["comment"] = comment }
                    var results: [String: Any] = [:]
                    for (backend, observation) in result.results { results[backend] = observation.jsonObject }
                    failure["results"] = results
                    return failure
                }
                suites.append(object)
            }
        }
        let report: [String: Any] = [
            "backends": backends, "entryPoints": entryPoints.map(\.rawValue), "suites": suites, "errors": errors,
            "passed": passed, "failed": failed,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension Observation {
    /// The observation as a JSON object (absent values are `null`).
    public var jsonObject: [String: Any] {
        if let registration { return ["registration": registration] }
        if let rewriteOutput { return ["url": rewriteOutput] }
        var object: [String: Any] = [:]
        object["route"] = route ?? NSNull()
        object["error"] = error ?? NSNull()
        object["params"] = params ?? NSNull()
        object["catchall"] = catchall ?? NSNull()
        object["variant"] = variant ?? NSNull()
        object["transition"] = transition ?? NSNull()
        object["callbackURL"] = callbackURL ?? NSNull()
        object["fragment"] = fragment ?? NSNull()
        object["scheme"] = scheme ?? NSNull()
        object["path"] = path ?? NSNull()
        object["rewrittenTo"] = rewrittenTo ?? NSNull()
        return object
    }
}
