import Foundation
import KopiykaCore
import Synchronization
import TelegramBot
import TelegramClient

/// Time a test moves by hand, for the outbox sender: its wall clock, its monotonic clock and
/// its sleeps move together, and only when the test says. A sleep ends when `advance` passes
/// its end (or its task is cancelled), so a 512 s back-off takes no real time at all.
public final class ManualTime: Sendable {
    private struct Sleep {
        let id: Int
        let until: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var elapsed: Duration = .zero
        var sleeps: [Sleep] = []
        var nextID = 0
    }

    private let state = Mutex(State())
    private let startDate: Date
    private let startInstant = ContinuousClock.now

    public init(start: Date = testNow) { startDate = start }

    public var elapsed: Duration { state.withLock { $0.elapsed } }

    /// Sleeps not yet over: a sender waiting for its next back-off has one.
    public var pendingSleeps: Int { state.withLock { $0.sleeps.count } }

    /// When the earliest pending sleep ends, counted from the start: tells a back-off's wait
    /// (1 s) from an idle one (30 s) that was already pending.
    public var earliestWake: Duration? { state.withLock { $0.sleeps.map(\.until).min() } }

    /// Moves time on and ends every sleep that is now over.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleep] in
            state.elapsed += duration
            let elapsed = state.elapsed
            let due = state.sleeps.filter { $0.until <= elapsed }
            state.sleeps.removeAll { $0.until <= elapsed }
            return due
        }
        for sleep in due { sleep.continuation.resume() }
    }

    public var deliveryClock: BotClock {
        BotClock(
            wall: WallClock { self.startDate.addingTimeInterval(self.elapsed.seconds) },
            now: { self.startInstant + self.elapsed },
            sleeper: Sleeper { try await self.sleep(for: $0) })
    }

    private func sleep(for duration: Duration) async throws {
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    let until = state.elapsed + duration
                    if until <= state.elapsed { return true }
                    state.sleeps.append(Sleep(id: id, until: until, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let sleep = state.withLock { state -> Sleep? in
                guard let index = state.sleeps.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleeps.remove(at: index)
            }
            sleep?.continuation.resume(throwing: CancellationError())
        }
    }
}
