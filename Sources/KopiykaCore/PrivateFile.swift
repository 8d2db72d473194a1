import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Files only the bot's own user can read or write: they hold a family's finances, and a
/// permissive umask (0022 makes 0644) would open them to every local user.
public enum PrivateFile {
    /// Owner read and write; nothing for group or others.
    public static let mode: mode_t = 0o600

    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let code: Int32
        public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
    }

    /// Makes `path` private before another library opens it: takes group and other access
    /// away from a file that exists, and with `create`, makes a missing one empty with `mode`
    /// (a umask only takes bits away). A failure is left for that library's open to report.
    public static func restrict(_ path: String, create: Bool) {
        if create {
            let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK, mode)
            if fd >= 0 {
                _ = removeGroupAndOtherAccess(fd)
                close(fd)
                return
            }
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0 else { return }
        _ = chmod(path, status.st_mode & 0o700)
    }

    /// Writes `data` to `path`, replacing what was there, readable by its owner only.
    public static func write(_ data: Data, to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(path: path, code: errno) }
        defer { close(fd) }
        guard removeGroupAndOtherAccess(fd) else { throw Failure(path: path, code: errno) }
        var written = 0
        let failed: Int32? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            while written < bytes.count {
                let count = Glibc.write(fd, base + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return errno }
                written += count
            }
            return nil
        }
        if let failed { throw Failure(path: path, code: failed) }
    }

    /// A file that already existed keeps its mode through `open`: take the extra bits away.
    private static func removeGroupAndOtherAccess(_ fd: Int32) -> Bool {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return false }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0 else { return true }
        return fchmod(fd, status.st_mode & 0o700) == 0
    }
}
