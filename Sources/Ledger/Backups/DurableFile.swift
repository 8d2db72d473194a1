import FoundationEssentials
import Glibc
import KopiykaCore

/// The file-system steps that make a finished file survive a power cut, and a half-finished
/// one never take its place: write under a temporary name, `fsync` it, `rename` it over the
/// real name, `fsync` the folder that records the rename.
///
/// Cost: each `fsync` waits for the disk (milliseconds; more for a large file). Thread-safe:
/// plain system calls on paths.
enum DurableFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ step: String, _ path: String, code: Int32 = errno) {
            description = "cannot \(step) \(path): \(String(cString: strerror(code)))"
        }
    }

    /// The folder a path is in ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// `fsync` of a file or a folder.
    static func sync(_ path: String) throws(Failure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("open", path) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw Failure("sync", path) }
    }

    /// Syncs `temporary`, renames it to `path` and syncs the folder: after this returns, `path`
    /// is the whole new file even across a power cut; before, it is what it was.
    static func replace(_ path: String, with temporary: String) throws(Failure) {
        try sync(temporary)
        guard rename(temporary, path) == 0 else { throw Failure("rename \(temporary) to", path) }
        try sync(folder(of: path))
    }

    /// Renames without syncing; false when `from` is not there.
    static func move(_ from: String, to: String) throws(Failure) -> Bool {
        guard exists(from) else { return false }
        guard rename(from, to) == 0 else { throw Failure("rename \(from) to", to) }
        return true
    }

    /// Copies `source` to a new private file at `destination` (mode 0600), synced.
    static func copy(_ source: String, to destination: String) throws(Failure) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure("read", source) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, PrivateFile.mode)
        guard output >= 0 else { throw Failure("create", destination) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure("read", source) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if step < 0, errno == EINTR { continue }
                guard step > 0 else { throw Failure("write", destination) }
                written += step
            }
        }
        guard fsync(output) == 0 else { throw Failure("sync", destination) }
    }
}
