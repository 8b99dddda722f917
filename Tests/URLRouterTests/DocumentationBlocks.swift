import Foundation

/// The Swift blocks of the README and the DocC articles, and the Swift files that compile them.
///
/// A block is checked in chunks, its runs of lines between blank lines: each chunk must appear,
/// as consecutive lines, in one Swift file of the tests (this package's, or the integrations'),
/// so that declarations a block shows at the top level can sit at a file's top level and its
/// statements in a test. Lines are compared with their runs of spaces collapsed (the formatter
/// re-indents code, never its tokens); `import` lines are left out. A block that is a fragment of
/// a package manifest (it holds `.package(`) cannot compile outside one and is not checked.
enum DocumentationBlocks {
    /// One fenced Swift block.
    struct Block {
        /// The file, relative to the package root.
        var file: String
        /// The line of the opening fence.
        var line: Int
        /// The block's lines.
        var lines: [String]

        /// A fragment of a package manifest.
        var isManifestFragment: Bool { lines.contains { $0.contains(".package(") } }

        /// The runs of non-blank lines, normalized, without `import` lines.
        var chunks: [[String]] {
            var chunks: [[String]] = []
            var current: [String] = []
            for line in lines.map(DocumentationBlocks.normalized) {
                if line.isEmpty {
                    if !current.isEmpty { chunks.append(current) }
                    current = []
                } else if !line.hasPrefix("import ") {
                    current.append(line)
                }
            }
            if !current.isEmpty { chunks.append(current) }
            return chunks
        }
    }

    /// A Swift file that a test build compiles, as normalized non-blank lines.
    struct Source {
        var path: String
        var lines: [String]
    }

    /// The package root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The README and the articles of the DocC catalogs.
    static func documents() throws -> [String] {
        var documents = ["README.md"]
        for catalog in ["Sources/URLRouter/URLRouter.docc", "Sources/URLRouterHandlers/URLRouterHandlers.docc"] {
            documents += try FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(catalog).path
            ).filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return documents
    }

    /// Every fenced `swift` block of the documents.
    static func swiftBlocks() throws -> [Block] {
        var blocks: [Block] = []
        for file in try documents() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var open: Block?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if var block = open {
                    if line.trimmingCharacters(in: .whitespaces) == "```" {
                        blocks.append(block)
                        open = nil
                    } else {
                        block.lines.append(String(line))
                        open = block
                    }
                } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                    open = Block(file: file, line: index + 1, lines: [])
                }
            }
        }
        return blocks
    }

    /// The Swift files of this package's tests, the integrations' among them, which CI compiles and
    /// runs (`scripts/test`; `scripts/integrations` with the Hummingbird and Vapor traits).
    static func compiledSources() throws -> [Source] {
        let folders = ["Tests"]
        var sources: [Source] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard
                let walker = FileManager.default.enumerator(
                    at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let text = try String(contentsOf: url, encoding: .utf8)
                let lines = text.split(separator: "\n").map { normalized(String($0)) }.filter { !$0.isEmpty }
                sources.append(Source(path: url.path, lines: lines))
            }
        }
        return sources
    }

    /// `chunk` appears in `lines` as consecutive lines.
    static func contains(_ lines: [String], _ chunk: [String]) -> Bool {
        guard !chunk.isEmpty, chunk.count <= lines.count else { return chunk.isEmpty }
        return (0...(lines.count - chunk.count)).contains { start in
            lines[start..<(start + chunk.count)].elementsEqual(chunk)
        }
    }

    /// The line without leading and trailing spaces, its inner runs of spaces made one.
    static func normalized(_ line: String) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
