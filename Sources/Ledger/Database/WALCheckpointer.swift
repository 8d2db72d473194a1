import Glibc
import SQLite

/// Checkpoints a database's WAL on a thread of its own, with a connection of its own, for a
/// `Ledger` that handed its checkpoints over (`Ledger.handOverCheckpoints(to:)`): the bot's
/// commits then never wait for a checkpoint's writes and `fdatasync`s.
///
/// `request()` is thread-safe and costs a mutex and a wake-up; `run()` is the thread's body;
/// `stop()` returns once `run()` has ended and closed its connection, so that the ledger's own
/// connection, closed after it, is the last: SQLite then copies the rest of the WAL and
/// removes it, and the database file alone holds everything. A checkpoint that fails (a full
/// disk) is tried again at the next request; past three times the request size the ledger's
/// commits checkpoint themselves meanwhile (`Connection.handOverCheckpoints`).
public final class WALCheckpointer: @unchecked Sendable {
    private let path: String
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var isRequested = false
    private var isStopped = false
    private var isFinished = false
    private var done = 0

    public init(path: String) {
        self.path = path
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Checkpoints that copied something so far.
    public var checkpoints: Int { locked { done } }

    /// Asks for a checkpoint; requests made while one is pending or running make one more.
    public func request() {
        locked { isRequested = true }
        pthread_cond_broadcast(condition)
    }

    /// Ends `run()` after the checkpoint it may be running, and waits for it to end.
    public func stop() {
        pthread_mutex_lock(mutex)
        isStopped = true
        pthread_cond_broadcast(condition)
        while !isFinished { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    public func run() {
        var connection: Connection?
        defer {
            connection = nil
            pthread_mutex_lock(mutex)
            isFinished = true
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        while true {
            pthread_mutex_lock(mutex)
            while !isRequested && !isStopped { pthread_cond_wait(condition, mutex) }
            let stopping = isStopped
            isRequested = false
            pthread_mutex_unlock(mutex)
            if stopping { return }
            do {
                if connection == nil { connection = try Connection(path: path, creating: false) }
                if let copied = try connection?.checkpoint().copied, copied > 0 { locked { done += 1 } }
            } catch {
                connection = nil  // Opened again at the next request.
            }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

extension Ledger {
    /// This ledger's checkpoints are `checkpointer`'s from now on (see `WALCheckpointer`).
    public func handOverCheckpoints(to checkpointer: WALCheckpointer) {
        db.handOverCheckpoints { checkpointer.request() }
    }
}

extension Ledger {
    /// No checkpoints from this connection, SQLite's own included (`wal_autocheckpoint = 0`):
    /// for a database Litestream replicates, which copies each WAL frame before it checkpoints.
    /// Without that process running, the WAL grows until one does.
    public func leaveCheckpointsToAnotherProcess() throws { try db.pragma("wal_autocheckpoint = 0") }
}
