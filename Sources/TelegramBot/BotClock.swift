import KopiykaCore
import TelegramClient

/// How the bot reads time and waits: the wall clock for the times rows keep across a restart
/// (a retry's `not_before`), the monotonic clock for pacing and the scheduler, and a sleeper
/// for the waits between. Tests move all three together, so a back-off never waits on the real
/// clock.
public struct BotClock: Sendable {
    public var wall: WallClock
    public var now: @Sendable () -> ContinuousClock.Instant
    public var sleeper: Sleeper

    public init(wall: WallClock, now: @escaping @Sendable () -> ContinuousClock.Instant, sleeper: Sleeper) {
        self.wall = wall
        self.now = now
        self.sleeper = sleeper
    }

    public static let system = BotClock(wall: .system, now: { .now }, sleeper: .continuous)
}
