import Synchronization
import TelegramClient

/// Wakes the outbox sender when a reply is queued, so it neither polls the database nor
/// sleeps through new work. A ring while nobody waits is remembered once.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var newRows = false
        var waiter: CheckedContinuation<Void, Never>?
        /// The one pending timer: when it rings.
        var alarm: (deadline: ContinuousClock.Instant, task: Task<Void, Never>)?
    }

    private let state = Mutex(State())

    /// `newRows`: rows may have been queued (an update, a job), so the sender reads the outbox
    /// again; false for the sender's own wake-ups (a send that ended).
    func ring(newRows: Bool = true) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.newRows = state.newRows || newRows
            guard let waiter = state.waiter else {
                state.rung = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Whether rows may have been queued since the last call.
    func takeNewRows() -> Bool {
        state.withLock { state in
            defer { state.newRows = false }
            return state.newRows
        }
    }

    /// Returns at a ring, after `timeout` (as `clock` tells time), or when the task is
    /// cancelled; may return early (a spurious wake: the caller looks again and waits again).
    ///
    /// A ring that came before the call returns at once. Otherwise one alarm serves every
    /// wait: a wait whose end is later than the alarm's keeps it (and wakes early, once), so
    /// a new timer starts only when the end moves earlier. A cancelled `Task.sleep` keeps its
    /// task and dispatch timer until its deadline: a timer per wait kept up to 2.7 MB of them
    /// alive with one busy chat (massif), and cost 3 % of the CPU.
    func wait(timeout: Duration, clock: BotClock) async {
        let rung = state.withLock { state in
            defer { state.rung = false }
            return state.rung
        }
        if rung { return }
        setAlarm(at: clock.now() + timeout, clock: clock)
        await waitForRing()
    }

    private func setAlarm(at deadline: ContinuousClock.Instant, clock: BotClock) {
        let superseded = state.withLock { state -> Task<Void, Never>? in
            if let alarm = state.alarm, alarm.deadline <= deadline { return nil }
            let previous = state.alarm?.task
            let task = Task { [weak self] in
                do {
                    try await clock.sleeper.sleep(for: deadline - clock.now())
                } catch {
                    return  // Superseded by an earlier alarm.
                }
                self?.alarmRang(deadline)
            }
            state.alarm = (deadline, task)
            return previous
        }
        superseded?.cancel()
    }

    private func alarmRang(_ deadline: ContinuousClock.Instant) {
        state.withLock { state in
            if state.alarm?.deadline == deadline { state.alarm = nil }
        }
        ring(newRows: false)
    }

    private func waitForRing() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
