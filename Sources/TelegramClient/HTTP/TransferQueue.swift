import FoundationEssentials
import Synchronization

/// Set from the async side when the awaiting task is cancelled; read by curl's progress
/// callback on the worker thread, which then aborts the transfer.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func cancel() { flag.store(true, ordering: .relaxed) }
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

struct TransferJob: Sendable {
    let request: HTTPRequest
    let cancellation: CancellationFlag
    let continuation: CheckedContinuation<HTTPResponse, any Error>
}

/// FIFO of transfers waiting for a worker thread. Blocking on purpose: only the dedicated curl
/// threads call `take()`, never a task on the cooperative pool.
final class TransferQueue: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `condition`.
    private let condition = ConditionLock()
    private var jobs: [TransferJob] = []
    private var head = 0
    private var closed = false

    /// Returns false when the queue is closed; the caller then fails the job itself.
    func put(_ job: TransferJob) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Blocks until a job arrives; nil once the queue is closed and drained.
    func take() -> TransferJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !closed { condition.wait() }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head > 64 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
