import Foundation
import Glibc

/// Runs seconds of synchronous work (a fuzz, thousands of entries) on a thread of its own, at
/// the lowest CPU priority.
///
/// Swift Testing runs a synchronous test on the cooperative pool, which has one thread per core:
/// two on the project's machines. Seconds of work there stall every async test that waits on the
/// fake Bot API or a child process, and their waits time out although nothing is wrong. Off the
/// pool but at normal priority, several such threads still take the two cores from those tests;
/// at nice 19 they use what the timing-sensitive tests leave.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            // Linux keeps nice per thread, and `who` 0 is the calling thread (setpriority(2),
            // BUGS). A failure only leaves the normal priority.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
