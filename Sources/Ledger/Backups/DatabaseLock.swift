import FoundationEssentials
import Glibc
import KopiykaCore

/// Who holds a database for writing as its only writer: the running bot, or a `kopiyka
/// restore` or `rotate-key` at work. An exclusive `flock` on `<database>.lock` (mode 0600),
/// holding the holder's process id for the message of whoever is refused. The kernel lets go
/// of it when the process ends however it ends, so a killed bot never leaves it held.
///
/// Thread-safe: the lock is the process's while this value lives; released in `deinit`.
public final class DatabaseLock: Sendable {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// The lock file of the database at `databasePath`.
    public static func path(for databasePath: String) -> String { databasePath + ".lock" }

    /// Takes the lock, or throws `BackupFailure` naming the process that holds it, at once:
    /// never waits.
    public static func acquire(databasePath: String, purpose: String) throws -> DatabaseLock {
        let path = path(for: databasePath)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, PrivateFile.mode)
        guard fd >= 0 else { throw BackupFailure("cannot open the lock file \(path): \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(fd)
            close(fd)
            throw BackupFailure("\(databasePath) is in use by another kopiyka (\(holder)); stop it first")
        }
        let text = Array("\(getpid()) \(purpose)\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return DatabaseLock(fd: fd)
    }

    private static func holder(_ fd: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 128)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self).trimmed
        guard let space = text.firstIndex(of: " ") else { return text.isEmpty ? "process unknown" : "process \(text)" }
        return "process \(text[..<space]), \(text[text.index(after: space)...])"
    }
}
