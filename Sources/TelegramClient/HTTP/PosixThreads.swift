import Glibc

// The curl workers' threads and their queue's condition variable, on pthreads. Foundation's
// `Thread` and `NSCondition` would do the same, but they live in full Foundation, which the
// bot does not load (its libraries would be a quarter of the memory budget).

/// A mutex with a condition variable: `NSCondition`'s subset that `TransferQueue` uses.
final class ConditionLock: @unchecked Sendable {
    // @unchecked: pthread objects are made to be shared between threads. They are allocated
    // once so their addresses never move, as pthreads requires.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        precondition(pthread_mutex_init(mutex, nil) == 0 && pthread_cond_init(condition, nil) == 0)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Unlocks, sleeps until signalled (or spuriously), locks again: call it in a loop.
    func wait() { pthread_cond_wait(condition, mutex) }
    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }
}

/// Starts a detached thread running `body`; the thread ends when `body` returns.
func startThread(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    final class Start {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Start { nameThisThread(name); body() }).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, &attributes, { context in
        Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, context)
    precondition(status == 0, "pthread_create failed: \(status)")
}

/// The name `top -H` and debuggers show (15 bytes at most). Written through procfs because
/// Glibc's module map hides `pthread_setname_np` (it needs `_GNU_SOURCE`).
private func nameThisThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}
