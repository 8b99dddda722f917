/// When a watched file is read: only once it looks the same at two looks in a row (a writer has
/// stopped), and only when it looks different from the file last read, or when a read is forced.
struct FileSettling {
    /// The file as last read.
    private(set) var loaded: FileStamp
    /// The file as seen at the last look, when it differed from ``loaded``.
    private var seen: FileStamp?

    init(loaded: FileStamp) { self.loaded = loaded }

    /// Whether to read the file that looks like `stamp` now.
    mutating func shouldRead(_ stamp: FileStamp, forced: Bool) -> Bool {
        if forced { return true }
        if stamp == loaded {
            seen = nil
            return false
        }
        defer { seen = stamp }
        return stamp == seen
    }

    /// Records a read that began with the file looking like `before` and ended with it looking
    /// like `after`; returns whether the read stands (the file did not change while it was read).
    mutating func read(_ before: FileStamp, finishedAt after: FileStamp) -> Bool {
        guard before == after else {
            seen = after
            return false
        }
        loaded = after
        seen = nil
        return true
    }
}
