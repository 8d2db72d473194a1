import FoundationEssentials
import Ledger

/// Sends that ended and that the sender's lanes already know of, not yet recorded in the
/// outbox: recorded together, one transaction for a burst, instead of one per send (with one
/// chat, every send waits for the one before it, so a round held a single send).
///
/// They are recorded before anything could read them from the outbox as still pending or
/// not yet sent: before the sender reads the whole queue, before an edit of one of them, once
/// nothing is in flight, and at the latest `OutboxDelivery.recordWithin` after the first
/// ended, long before a person could answer the message. Sends in flight and unrecorded
/// together stay within `OutboxDelivery.maxInFlight`, so a crash still repeats at most that many.
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

    /// When they must be recorded at the latest: `OutboxDelivery.recordWithin` after the
    /// first ended, or `OutboxDelivery.fullWindowWait` once they and the sends in flight fill
    /// `limit`, so no new send can start.
    func recordBy(inFlight: Int, limit: Int) -> ContinuousClock.Instant? {
        since.map { $0 + (inFlight + count >= limit ? OutboxDelivery.fullWindowWait : OutboxDelivery.recordWithin) }
    }

    /// They must be recorded before the loop goes on: they and the sends in flight fill
    /// `limit` and they are three quarters of it, the next read takes in every pending row,
    /// or their time is up.
    ///
    /// Not as soon as the window is full: under load that is after every send that ends, a
    /// transaction for one or two sends (telegram-bench, 50 chats: 0.54 commits an update;
    /// by three quarters, the bot's writes fell from 7.0 to 5.0 an update). A full window
    /// with fewer unrecorded has more than a quarter in flight, and each of those rings when
    /// it ends; sends that hang hold their slots, and the short `fullWindowWait` bounds how
    /// long they stall the rest.
    func mustRecord(now: ContinuousClock.Instant, inFlight: Int, limit: Int, fullReadNext: Bool) -> Bool {
        guard !isEmpty else { return false }
        let full = inFlight + count >= limit
        return full && count >= limit * 3 / 4 || fullReadNext
            || recordBy(inFlight: inFlight, limit: limit).map { now >= $0 } ?? false
    }

    /// Whether `item` edits a message one of these sent: the edit reads its id from the outbox.
    func hold(messageEditedBy item: OutboxItem) -> Bool {
        guard case .edit(nil, let original?, _, _) = item.content else { return false }
        return completions.contains { $0.item.id == original }
    }

    mutating func clear() {
        completions = []
        since = nil
    }
}
