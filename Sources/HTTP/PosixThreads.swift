import CCurl  // the compiler finds `pthread_attr_t()`, the zero initializer, through curl's headers
import Glibc

// The curl threads (the bot's among them) and the checkpoint thread, on pthreads. Foundation's
// `Thread` would do the same, but it lives in full Foundation, which the bot does not load (its
// libraries would be a quarter of the memory budget).

/// Starts a detached thread running `body`; the thread ends when `body` returns.
public func startThread(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) {
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
