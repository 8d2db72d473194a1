import Foundation
import KopiykaCore
import Synchronization

/// A clock tests move by hand: the 21:00 digest, an invitation's expiry, a batching window.
public final class TestClock: Sendable {
    private let instant: Mutex<Date>

    public init(_ start: Date = testNow) { instant = Mutex(start) }

    public var now: Date { instant.withLock { $0 } }

    public func advance(by seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }

    public func set(_ date: Date) { instant.withLock { $0 = date } }

    /// The `WallClock` the code under test reads.
    public var wallClock: WallClock { WallClock { self.now } }
}
