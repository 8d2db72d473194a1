import FoundationEssentials
import Ledger

/// Sends that ended and that the sender's lanes already know of, not yet recorded in the
/// outbox: recorded together, one transaction for a burst, instead of one per send (with one
/// chat, every send waits for the one before it, so a round held a single send).
///
/// They are recorded before anything could read them from the outbox as still pending or
/// not yet sent: before the sender reads the whole queue, before an edit of one of them, once
/// nothing is in flight, and at the latest `OutboxDelivery.recordWithin` after the first ended, long before a
/// person could answer the message. Sends in flight and unrecorded together stay within
/// `OutboxDelivery.maxInFlight`, so a crash still repeats at most that many.
struct UnrecordedSends {
    private(set) var completions: [Completion] = []
    /// When the oldest of them ended.
    private var since: ContinuousClock.Instant?

    var count: Int { completions.count }
    var isEmpty: Bool { completions.isEmpty }

    mutating func add(_ ended: [Completion], at now: ContinuousClock.Instant) {
        guard !ended.isEmpty else { return }
        if completions.isEmpty { since = now }
        completions += ended
    }

    /// When they must be recorded at the latest.
    var recordBy: ContinuousClock.Instant? { since.map { $0 + OutboxDelivery.recordWithin } }

    /// They must be recorded before the loop goes on: its sends and these fill `limit`, the
    /// next read takes in every pending row, or their time is up.
    func mustRecord(now: ContinuousClock.Instant, inFlight: Int, limit: Int, fullReadNext: Bool) -> Bool {
        guard !isEmpty else { return false }
        return inFlight + count >= limit || fullReadNext || recordBy.map { now >= $0 } ?? false
    }

    /// Whether `item` edits a message one of these sent: the edit reads its id from the outbox.
    func hold(messageEditedBy item: OutboxItem) -> Bool {
        guard case .edit(nil, let original?, _, _) = item.content else { return false }
        return completions.contains { $0.item.id == original }
    }

    /// Forgets the first `count`, recorded by now; the rest keep their time limit.
    mutating func removeFirst(_ count: Int) {
        completions.removeFirst(min(count, completions.count))
    }

    mutating func clear() {
        completions = []
        since = nil
    }
}
