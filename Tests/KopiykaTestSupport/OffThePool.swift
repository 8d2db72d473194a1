import Foundation

/// Runs seconds of synchronous work (a fuzz, thousands of entries) on a thread of its own.
///
/// Swift Testing runs a synchronous test on the cooperative pool, which has one thread per core:
/// two on the project's machines. Two such tests at once stall every async test that waits on
/// the fake Bot API or a child process, and their waits time out although nothing is wrong.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
