import CCurl
import FoundationEssentials
import Synchronization

/// Every transfer of one `CurlHTTPClient` on one thread, through curl's multi interface: the
/// thread waits in `curl_multi_poll` for any socket, a new job or a cancellation, moves every
/// ready transfer along, and resumes the callers of those that ended. One thread for any
/// number of concurrent requests, and no hand-off of each request to a worker of its own.
///
/// The thread is also an executor: Swift jobs enqueued on it run between turns of curl's work,
/// so a task there that makes a request is resumed on the same thread, without waking another.
/// The loop is the serial executor of the actors that run there; `LoopTaskExecutor` is the
/// task executor that tasks prefer. The thread ends once the loop is closed and idle; a job
/// that comes later starts it again.
///
/// Connections (and TLS sessions) live in the multi handle's cache and are reused by any
/// transfer to the same host. At most `maxConnections` are open; a request beyond them waits
/// inside curl for one to free up.
final class CurlMultiLoop: @unchecked Sendable, SerialExecutor {
    // @unchecked: `inbox` is guarded by its mutex; everything else is touched only on the
    // loop's thread, except `multi` for `curl_multi_wakeup`, which curl makes thread-safe.
    private struct Inbox {
        var jobs: [TransferJob] = []
        /// Swift jobs to run on the thread, in the order they came.
        var tasks: [SwiftJob] = []
        var closed = false
        /// The thread returned: a new Swift job starts it again.
        var ended = false
        /// The loop found no work and is in (or about to enter) `curl_multi_poll`: new work
        /// must wake it. While it works it takes new work on its next turn without a wake-up,
        /// which is a write to a socket and a read back (a quarter of a busy bot's system calls).
        var polling = false
    }

    private let inbox = Mutex(Inbox())
    private let multi: UnsafeMutableRawPointer
    private var active: [CurlTransfer] = []
    private var spareHandles: [UnsafeMutableRawPointer] = []
    private let maxConnections: Int
    /// Turns of curl's work so far (calls of `curl_multi_perform`), and Swift jobs run, for the tests.
    let turns = Atomic<Int>(0)
    let jobsRun = Atomic<Int>(0)
    private let threadName: String

    /// Starts the thread. Stops the process when curl cannot make a multi handle: only a
    /// failed allocation of a few kilobytes, at start-up, does that.
    init(maxConnections: Int, threadName: String) {
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed: out of memory") }
        self.multi = multi
        self.maxConnections = max(1, maxConnections)
        self.threadName = threadName
        _ = kopiyka_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, self.maxConnections)
        _ = kopiyka_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, self.maxConnections)
        startLoopThread()
    }

    deinit {
        for handle in spareHandles { curl_easy_cleanup(handle) }
        curl_multi_cleanup(multi)
    }

    /// Why 8 MB: the size of the pool's threads; whatever runs here may recurse as deep as it
    /// would there. Only the pages touched take memory.
    private static let stackSize = 8 << 20

    private func startLoopThread() {
        startThread(name: threadName, stackSize: Self.stackSize) { self.run() }
    }

    /// False once the loop is closed: the caller fails the job itself.
    func submit(_ job: TransferJob) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.closed else { return false }
            inbox.jobs.append(job)
            if inbox.polling {
                inbox.polling = false
                curl_multi_wakeup(multi)
            }
            return true
        }
    }

    /// Runs `job` isolated to the actor it belongs to, on the loop's thread, after the jobs
    /// before it.
    func enqueue(_ job: consuming ExecutorJob) {
        enqueue(SwiftJob(job: UnownedJob(job), preferring: nil))
    }

    /// Runs `job` on the loop's thread, after the jobs before it.
    func enqueue(_ job: SwiftJob) {
        let restart = inbox.withLock { inbox in
            inbox.tasks.append(job)
            if inbox.polling {
                inbox.polling = false
                curl_multi_wakeup(multi)
            }
            defer { inbox.ended = false }
            return inbox.ended
        }
        if restart { startLoopThread() }
    }

    /// Makes the loop look at its transfers now (one was cancelled).
    func wake() {
        inbox.withLock { inbox in if !inbox.ended { curl_multi_wakeup(multi) } }
    }

    /// Later requests fail at once; the thread ends when the transfers it has are done and no
    /// Swift job waits.
    func close() {
        inbox.withLock { inbox in
            inbox.closed = true
            if !inbox.ended { curl_multi_wakeup(multi) }
        }
    }

    /// The thread's body; returns after `close()`, once its transfers ended and no Swift job waits.
    private func run() {
        while true {
            let (jobs, closed) = runTasks()
            for job in jobs { start(job) }
            removeCancelled()
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            turns.add(1, ordering: .relaxed)
            finishDone()
            if closed && active.isEmpty {
                let drained = inbox.withLock { inbox in
                    guard inbox.jobs.isEmpty && inbox.tasks.isEmpty else { return false }
                    inbox.ended = true
                    return true
                }
                if drained { break }
                continue
            }
            // Work that came while the loop worked is taken first; work that comes after this
            // wakes the poll (a wake-up just before it makes it return at once).
            let idle = inbox.withLock { inbox in
                inbox.polling = inbox.jobs.isEmpty && inbox.tasks.isEmpty
                return inbox.polling
            }
            guard idle else { continue }
            // Why 1 s at most: curl shortens it for its own timeouts; this only bounds a
            // missed wake-up.
            _ = curl_multi_poll(multi, nil, 0, 1000, nil)
            inbox.withLock { $0.polling = false }
        }
    }

    /// Runs the Swift jobs waiting, and those they enqueue in turn, before curl's next turn.
    /// Each turn of `curl_multi_perform` polls every transfer under way (a system call each):
    /// a turn after every job made most of the bot's system calls (27 polls an update under
    /// telegram-bench, 6 now). `maxRounds` and `burstBudget` bound how long transfers wait
    /// behind jobs that keep coming; a single job runs to its end.
    ///
    /// Returns the transfers submitted meanwhile, and whether the loop is closed.
    private func runTasks() -> (jobs: [TransferJob], closed: Bool) {
        var jobs: [TransferJob] = []
        let start = ContinuousClock.now
        for round in 0..<Self.maxRounds {
            if round > 0 && ContinuousClock.now - start >= Self.burstBudget { break }
            let (tasks, submitted, closed) = inbox.withLock { inbox in
                defer { inbox.tasks = []; inbox.jobs = [] }
                return (inbox.tasks, inbox.jobs, inbox.closed)
            }
            jobs += submitted
            if tasks.isEmpty { return (jobs, closed) }
            jobsRun.add(tasks.count, ordering: .relaxed)
            for task in tasks {
                if let executor = task.preferring {
                    task.job.runSynchronously(on: executor)
                } else {
                    task.job.runSynchronously(on: asUnownedSerialExecutor())
                }
            }
        }
        return (jobs, inbox.withLock { $0.closed })
    }

    /// Why 64: a reply takes a few rounds; a job that enqueues itself again forever still lets
    /// curl work every 64 rounds.
    private static let maxRounds = 64
    /// Why 1 ms: most rounds take microseconds; behind jobs that each take long (a batch of
    /// updates, a report) curl works after every round of them, not after 64.
    private static let burstBudget = Duration.milliseconds(1)

    private func start(_ job: TransferJob) {
        if job.cancellation.isCancelled { return job.continuation.resume(throwing: CancellationError()) }
        guard let handle = spareHandles.popLast() ?? curl_easy_init() else {
            return job.continuation.resume(throwing: HTTPClientError(
                kind: .invalidRequest, curlCode: 0, curlMessage: "curl_easy_init failed", url: job.request.url))
        }
        let transfer = CurlTransfer(handle: handle, job: job)
        if let error = transfer.configure() {
            recycle(handle)
            return job.continuation.resume(throwing: error)
        }
        let code = curl_multi_add_handle(multi, handle)
        guard code == CURLM_OK else {
            recycle(handle)
            let message = String(cString: curl_multi_strerror(code))
            return job.continuation.resume(throwing: HTTPClientError(
                kind: .invalidRequest, curlCode: 0, curlMessage: message, url: job.request.url))
        }
        active.append(transfer)
    }

    private func removeCancelled() {
        guard active.contains(where: { $0.job.cancellation.isCancelled }) else { return }
        active.removeAll { transfer in
            guard transfer.job.cancellation.isCancelled else { return false }
            end(transfer, with: .failure(CancellationError()))
            return true
        }
    }

    private func finishDone() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                let index = active.firstIndex(where: { $0.handle == handle })
            else { continue }
            let transfer = active.remove(at: index)
            end(transfer, with: transfer.result(kopiyka_curl_msg_result(message)))
        }
    }

    private func end(_ transfer: CurlTransfer, with result: Result<HTTPResponse, any Error>) {
        curl_multi_remove_handle(multi, transfer.handle)
        recycle(transfer.handle)
        transfer.job.continuation.resume(with: result)
    }

    /// `curl_easy_reset` clears the options; the connections stay in the multi handle's cache.
    private func recycle(_ handle: UnsafeMutableRawPointer) {
        guard spareHandles.count < maxConnections else { return curl_easy_cleanup(handle) }
        curl_easy_reset(handle)
        spareHandles.append(handle)
    }
}

/// A Swift job for the loop's thread: an actor's (isolated to the loop), or a task's that
/// prefers the loop, to run with the loop as its task executor and no isolation.
struct SwiftJob: Sendable {
    let job: UnownedJob
    let preferring: UnownedTaskExecutor?
}

/// The loop as a task executor, apart from the loop as a serial executor because the runtime
/// tells them apart only by the executor a job is given to. A task's job run isolated to the
/// loop would leave that isolation for every nonisolated async call it makes: a job each,
/// a dozen a reply.
///
/// Keeps the loop alive; tasks that prefer it keep it alive in turn.
final class LoopTaskExecutor: TaskExecutor {
    let loop: CurlMultiLoop

    init(_ loop: CurlMultiLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        loop.enqueue(SwiftJob(job: UnownedJob(job), preferring: asUnownedTaskExecutor()))
    }
}
