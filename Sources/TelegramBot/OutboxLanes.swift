import FoundationEssentials
import Ledger
import TelegramClient

/// Which outbox rows may start now, as a value the sender's loop owns: one row in flight per
/// chat and the chat's oldest first, each row's `not_before` and the chat's pace respected,
/// at most `limit` in flight overall.
struct OutboxLanes {
    typealias Instant = ContinuousClock.Instant

    var pacer: SendPacer
    /// Rows being sent now.
    private(set) var inFlight: Set<Int64> = []
    /// Chats with a row being sent now: their next row waits for it.
    private var busyChats: Set<Int64> = []
    /// When the outbox is next pruned.
    var nextPrune: Instant?

    init(pacer: SendPacer) { self.pacer = pacer }

    /// The rows of `queue` (pending rows, oldest first) to start now, counted as in flight
    /// and as sends for the pacer; and when the first row that must wait will be ready.
    mutating func take(from queue: [OutboxItem], now: Instant, wallNow: Date, limit: Int) -> ([OutboxItem], Instant?) {
        var ready: [OutboxItem] = []
        var seenChats = busyChats
        var wakeAt: Instant?
        for item in queue where inFlight.count < limit && !inFlight.contains(item.id) {
            let lane = item.content.isCallbackAnswer ? nil : item.chatID
            // Only a chat's oldest row may go; the rest of the chat waits behind it.
            if let lane, !seenChats.insert(lane).inserted { continue }
            let readyAt = readyTime(item, now: now, wallNow: wallNow)
            guard readyAt <= now else {
                wakeAt = min(wakeAt ?? readyAt, readyAt)
                continue
            }
            if let lane {
                pacer.recordSend(chatID: lane, at: now)
                busyChats.insert(lane)
            }
            inFlight.insert(item.id)
            ready.append(item)
        }
        return (ready, wakeAt)
    }

    /// A send ended: its chat may go on.
    mutating func finish(_ item: OutboxItem) {
        inFlight.remove(item.id)
        if !item.content.isCallbackAnswer { busyChats.remove(item.chatID) }
    }

    /// When a row may go out: its own `not_before`, then its chat's pace (callback answers
    /// are not paced).
    private func readyTime(_ item: OutboxItem, now: Instant, wallNow: Date) -> Instant {
        var ready = now
        if let notBefore = item.notBefore, notBefore > wallNow {
            ready = now + .milliseconds(Int64((notBefore.timeIntervalSince(wallNow) * 1000).rounded(.up)))
        }
        guard !item.content.isCallbackAnswer else { return ready }
        return max(ready, pacer.nextSendTime(chatID: item.chatID, now: now))
    }
}
