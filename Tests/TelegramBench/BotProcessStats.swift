import Foundation

/// What Linux says about a running process in /proc: CPU time so far (at the kernel's tick,
/// 10 ms) and memory. Read while it runs, so start-up, load and shutdown can be told apart.
struct BotProcessStats {
    let pid: Int32

    /// User plus system time of every thread so far, in seconds.
    func cpuSeconds() throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name may hold spaces and parentheses: the fields start after the last ')'.
        guard let close = stat.lastIndex(of: ")") else { throw TelegramBench.Failure("unreadable /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After ')': state is field 3 of proc(5); utime and stime are fields 14 and 15.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw TelegramBench.Failure("unreadable /proc/\(pid)/stat")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Read and write calls and their bytes so far, from /proc/<pid>/io: the database's file
    /// (and the odd pipe); sockets are not counted there.
    func fileIO() throws -> FileIO {
        let text = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        var values: [Substring: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            if parts.count == 2, let value = Double(parts[1].drop(while: { $0 == " " })) { values[parts[0]] = value }
        }
        guard let reads = values["syscr"], let readBytes = values["rchar"], let writes = values["syscw"],
              let writtenBytes = values["wchar"]
        else { throw TelegramBench.Failure("unreadable /proc/\(pid)/io") }
        return FileIO(reads: reads, readBytes: readBytes, writes: writes, writtenBytes: writtenBytes)
    }

    struct FileIO {
        var reads, readBytes, writes, writtenBytes: Double

        static func - (after: FileIO, before: FileIO) -> FileIO {
            FileIO(reads: after.reads - before.reads, readBytes: after.readBytes - before.readBytes,
                   writes: after.writes - before.writes, writtenBytes: after.writtenBytes - before.writtenBytes)
        }

        /// Per update: calls, and kilobytes.
        func summary(per count: Int) -> String {
            let n = Double(count)
            return String(format: "%.1f reads (%.1f KB), %.1f writes (%.1f KB)", reads / n, readBytes / n / 1024,
                          writes / n, writtenBytes / n / 1024)
        }
    }

    /// `VmRSS` (now) or `VmHWM` (the peak so far) in MB.
    func memoryMB(_ field: String) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { throw TelegramBench.Failure("no \(field) in /proc/\(pid)/status") }
        return kilobytes / 1024
    }
}

/// Latencies in milliseconds, sorted.
struct Latencies {
    let sorted: [Double]

    init(_ durations: [Duration]) { sorted = durations.map { $0.inSeconds * 1000 }.sorted() }

    /// Nearest rank.
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    var summary: String {
        String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms over %d", percentile(50), percentile(99), sorted.last ?? .nan,
               sorted.count)
    }
}
