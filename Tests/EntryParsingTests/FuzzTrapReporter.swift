import Glibc

/// A trap kills the test process before any test can report it. While the fuzz test runs, this
/// keeps each shard's current message in a fixed buffer, and a signal handler writes them to
/// stderr (async-signal-safe: `write` only) before handing the signal back to the handler that
/// was there, which the trapping instruction meets again when the handler returns.
enum FuzzTrapReporter {
    static let shards = 8
    private static let capacity = 4 * 4096
    nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: shards * capacity)
    nonisolated(unsafe) private static let lengths: UnsafeMutablePointer<Int> = {
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: shards)
        lengths.initialize(repeating: 0, count: shards)
        return lengths
    }()
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    private static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// Installs the handler once per process; later calls do nothing.
    static let install: Void = {
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                FuzzTrapReporter.report()
                sigaction(signal, FuzzTrapReporter.previous + Int(signal), nil)
            }
            sigaction(signal, &action, previous + Int(signal))
        }
    }()

    /// `message` is what shard `shard` parses next; nil when the shard is done.
    static func set(_ shard: Int, _ message: String?) {
        let slot = buffer + shard * capacity
        var length = 0
        for byte in (message ?? "").utf8 where length < capacity {
            slot[length] = byte
            length += 1
        }
        lengths[shard] = length
    }

    private static func report() {
        let header: StaticString = "\nThe parser fuzz test was reading this message when the process stopped:\n"
        for shard in 0..<shards where lengths[shard] > 0 {
            _ = write(2, header.utf8Start, header.utf8CodeUnitCount)
            _ = write(2, buffer + shard * capacity, lengths[shard])
            _ = write(2, "\n", 1)
        }
    }
}
