import Foundation
import KopiykaCore
import Synchronization
import TelegramBot
import TelegramClient

/// Time for a whole running bot in which every sleep passes at once: the wall and monotonic
/// clocks jump by what was asked, and the real wait is a few milliseconds. A minute between
/// two Monobank calls costs a test nothing, yet the fake bank, reading the same wall clock,
/// sees the minute pass. Several loops sleeping together only make time run faster.
public final class SkippingTime: Sendable {
    private let elapsed = Mutex(Duration.zero)
    private let start: Date
    private let startInstant = ContinuousClock.now

    public init(start: Date = testNow) { self.start = start }

    public var now: Date { start.addingTimeInterval(elapsed.withLock { $0 }.seconds) }

    public func advance(by duration: Duration) { elapsed.withLock { $0 += duration } }

    public var botClock: BotClock {
        BotClock(wall: WallClock { self.now }, now: { self.startInstant + self.elapsed.withLock { $0 } },
                 sleeper: Sleeper { duration in
                     self.advance(by: duration)
                     try await Task.sleep(for: min(duration, .milliseconds(5)))
                 })
    }
}
