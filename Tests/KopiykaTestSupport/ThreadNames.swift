import Foundation

/// The calling thread's name, as `top -H` shows it.
public func currentThreadName() -> String {
    ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "")
        .trimmingCharacters(in: .whitespacesAndNewlines)
}

/// How many threads of this process carry `name`.
public func threadCount(named name: String) -> Int {
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return threads.filter { thread in
        let comm = (try? String(contentsOfFile: "/proc/self/task/\(thread)/comm", encoding: .utf8)) ?? ""
        return comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
    }.count
}

/// `body`'s result, or nil if it took longer than `limit`: a test of something that would
/// hang fails instead of holding the whole run.
public func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    let stream = AsyncStream<T?> { continuation in
        Task { continuation.yield(await body()) }
        Task {
            try? await Task.sleep(for: limit)
            continuation.yield(nil)
        }
    }
    for await first in stream { return first }
    return nil
}
