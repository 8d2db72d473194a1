import Synchronization
import TelegramClient

/// Wakes the outbox sender when a reply is queued, so it neither polls the database nor
/// sleeps through new work. A ring while nobody waits is remembered once.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var newRows = false
        var waiter: CheckedContinuation<Void, Never>?
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

    /// Returns at a ring, after `timeout` (as `sleeper` measures it), or when the task is cancelled.
    ///
    /// A ring that came before the call returns at once without starting a timer: under load
    /// most waits are such, and each timer's sleeping task and dispatch source stayed alive
    /// until its deadline even when the ring came first (a third of a megabyte of timers, and
    /// 3 % of the CPU, under telegram-bench).
    func wait(timeout: Duration, sleeper: Sleeper = .continuous) async {
        let rung = state.withLock { state in
            defer { state.rung = false }
            return state.rung
        }
        if rung { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForRing() }
            group.addTask { try? await sleeper.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
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
