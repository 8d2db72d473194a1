import Synchronization
import TelegramClient

/// A `Sleeper` for the bot's loops that records every pause asked for and waits at most a
/// few milliseconds, so a 30 s backoff costs a test nothing and the test can check it.
public final class TestSleeper: Sendable {
    private let asked = Mutex<[Duration]>([])
    private let longest: Duration

    public init(longest: Duration = .milliseconds(20)) { self.longest = longest }

    public var sleeper: Sleeper {
        Sleeper { [self] duration in
            asked.withLock { $0.append(duration) }
            try await Task.sleep(for: min(duration, longest))
        }
    }

    /// Every pause asked for so far, in order.
    public var pauses: [Duration] { asked.withLock { $0 } }
}
