#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file looks like from outside, to tell that it changed without reading it: the file a
/// path leads to (symbolic links followed, so that a link swapped to another file, as Kubernetes
/// swaps a mounted ConfigMap's, is a change), its size and its modification and change times to
/// the nanosecond, or why it cannot be looked at.
struct FileStamp: Sendable, Hashable {
    /// The path with every symbolic link resolved, or `nil` when it cannot be resolved.
    let resolvedPath: String?
    /// `stat`'s fields, or the `errno` of a failed `stat`.
    let status: Status

    enum Status: Sendable, Hashable {
        case file(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64)
        case unreadable(errno: Int32)
    }

    /// The stamp of `path` now.
    init(path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            status = .file(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
                changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
        } else {
            status = .unreadable(errno: errno)
        }
        if let resolved = realpath(path, nil) {
            resolvedPath = String(cString: resolved)
            free(resolved)
        } else {
            resolvedPath = nil
        }
    }
}
