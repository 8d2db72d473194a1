import FoundationEssentials
import Ledger
import TelegramClient

/// Which outbox rows may start now, as a value the sender's loop owns: one row in flight per
/// chat and the chat's oldest first, each row's `not_before` and the chat's pace respected,
/// at most `limit` in flight overall.
///
/// It keeps the pending rows as last read, kept current with what the sender's own sends
/// changed, so a send that ends costs no new read and decode of the whole queue. New rows,
/// a chat that moved or blocked the bot, a read that did not hold the whole queue, or
/// `maxAge` without a read make it stale.
struct OutboxLanes {
    typealias Instant = ContinuousClock.Instant

    var pacer: SendPacer
    private(set) var queue: [OutboxItem] = []
    /// Rows being sent now.
    private(set) var inFlight: Set<Int64> = []
    /// Chats with a row being sent now: their next row waits for it.
    private var busyChats: Set<Int64> = []
    /// How many rows of the queue each chat has, and how many are callback answers (in no
    /// lane): `take` stops once it passed every chat's first row and every answer, instead
    /// of walking a long chat's whole queue on every turn (with one busy chat, 48,000
    /// instructions a message: 7 % of all, callgrind).
    private var rowsByChat: [Int64: Int] = [:]
    private var answersQueued = 0
    /// When the outbox is next pruned.
    var nextPrune: Instant?

    private var readAt: Instant?
    private var readLimit = 0
    /// The last read stopped at its limit: more pending rows wait beyond the queue.
    private var readWasFull = false
    private var lastSeenID: Int64 = 0
    private var isStale = true
    private var hasNewRows = false
    /// Rows were queued while the queue held a full read: a new chat's first row may lie
    /// beyond it, and is read in full at most `rowsBeyondWait` after the last read.
    private var rowsBeyond = false

    /// Why 250 ms: it delays only a new chat's first reply, and only behind more pending rows
    /// than one read holds, which only a flood queues. Reading the whole queue again at each
    /// batch of updates was 45 of the 118 full reads under telegram-bench (50 chats), each
    /// ~1.5 million instructions.
    static let rowsBeyondWait: Duration = .milliseconds(250)

    init(pacer: SendPacer) { self.pacer = pacer }

    enum Read: Equatable {
        case none
        /// Read the queue again; the content of the rows in `known` is not decoded again.
        case full(known: [Int64: OutboxContent])
        /// Read only the rows queued after this one.
        case after(Int64)
    }

    /// What to read before rows are taken: nothing, what is new, or the whole queue.
    func readNeeded(now: Instant, maxAge: Duration) -> Read {
        if needsFullRead(now: now, maxAge: maxAge) {
            return .full(known: Dictionary(queue.map { ($0.id, $0.content) }, uniquingKeysWith: { first, _ in first }))
        }
        return hasNewRows ? .after(lastSeenID) : .none
    }

    /// The next read is of the whole queue: every pending row, sent ones not yet recorded too.
    func needsFullRead(now: Instant, maxAge: Duration) -> Bool {
        isStale || readAt.map { now - $0 >= maxAge || rowsBeyond && now - $0 >= Self.rowsBeyondWait } ?? true
    }

    /// When rows queued beyond a full queue are due to be read, if that is still ahead: the
    /// sender's loop wakes then though nothing else happens. Once due, the read waits for a
    /// turn with room to send, which a send that ends brings.
    func rowsBeyondDue(after now: Instant) -> Instant? {
        guard rowsBeyond, let due = readAt.map({ $0 + Self.rowsBeyondWait }), due > now else { return nil }
        return due
    }

    mutating func markStale() { isStale = true }

    /// Rows queued beyond a full queue are read on the next turn, not `rowsBeyondWait` after
    /// the last read: for a drain before shutdown, which would otherwise leave them behind.
    mutating func readRowsBeyondNow() {
        if rowsBeyond { isStale = true }
    }

    /// Rows may have been queued: read what is new, or, if the queue did not hold all pending
    /// rows, everything once `rowsBeyondWait` passed (a new chat's first row could be beyond it).
    mutating func noteNewRows() {
        if readWasFull { rowsBeyond = true } else { hasNewRows = true }
    }

    /// The pending rows as just read in full (`limit`: how many the read asked for).
    mutating func read(_ rows: [OutboxItem], limit: Int, at now: Instant) {
        queue = rows
        rowsByChat = [:]
        answersQueued = 0
        for row in rows { count(row, 1) }
        readAt = now
        readLimit = limit
        readWasFull = rows.count >= limit
        lastSeenID = rows.last?.id ?? lastSeenID
        isStale = false
        hasNewRows = false
        rowsBeyond = false
    }

    /// The rows queued since the last read, as many as fit in one read's limit: while updates
    /// come in faster than replies go out, the rest wait in the database (a full read finds
    /// them), not in memory (it grew by 2 MB a second under telegram-bench).
    mutating func readNew(_ rows: [OutboxItem], limit: Int) {
        let known = Set(queue.map(\.id))
        let fresh = rows.filter { !known.contains($0.id) }
        let kept = fresh.prefix(max(0, max(readLimit, limit) - queue.count))
        queue += kept
        for row in kept { count(row, 1) }
        lastSeenID = max(lastSeenID, kept.last?.id ?? 0)
        readWasFull = readWasFull || rows.count >= limit || kept.count < fresh.count
        hasNewRows = false
    }

    /// The rows of the queue to start now, counted as in flight and as sends for the pacer;
    /// and when the first row that must wait will be ready.
    mutating func take(now: Instant, wallNow: Date, limit: Int) -> ([OutboxItem], Instant?) {
        var ready: [OutboxItem] = []
        var seenChats = busyChats
        var wakeAt: Instant?
        // Chats whose first row is still ahead, and answers not yet passed: at zero, every
        // row left is a chat's later one, which waits.
        var chatsAhead = rowsByChat.count - busyChats.reduce(0) { $0 + (rowsByChat[$1] == nil ? 0 : 1) }
        var answersAhead = answersQueued
        for index in queue.indices {
            // Full: a send that ends rings for the next turn, so what waits matters no more.
            guard inFlight.count < limit, chatsAhead > 0 || answersAhead > 0 else { break }
            let lane = queue[index].content.isCallbackAnswer ? nil : queue[index].chatID
            if let lane {
                // Only a chat's oldest row may go; the rest of the chat waits behind it.
                guard seenChats.insert(lane).inserted else { continue }
                chatsAhead -= 1
            } else {
                answersAhead -= 1
            }
            guard !inFlight.contains(queue[index].id) else { continue }
            let item = queue[index]
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

    /// Rows `take` gave that did not start after all: they wait in the queue as before. The
    /// pacer still counts them as sent, so their chats wait a little longer, never less.
    mutating func putBack(_ items: [OutboxItem]) {
        for item in items {
            inFlight.remove(item.id)
            if !item.content.isCallbackAnswer { busyChats.remove(item.chatID) }
        }
    }

    /// A send ended as `result` (`piecesSent`: of a long text, how many pieces are out): its
    /// chat may go on, and the queue shows what the outbox now records for the row.
    mutating func finish(_ item: OutboxItem, result: OutboxResult, piecesSent: Int) {
        inFlight.remove(item.id)
        if !item.content.isCallbackAnswer { busyChats.remove(item.chatID) }
        switch result {
        case .sent, .failed:
            if let index = position(of: item.id) { count(queue.remove(at: index), -1) }
            if readWasFull && queue.count < readLimit / 2 { isStale = true }
        case .retry(let at):
            guard let index = position(of: item.id) else { return }
            queue[index].attempts += 1
            queue[index].notBefore = at
            queue[index].piecesSent = piecesSent
        case .chatMigrated, .chatBlocked:
            isStale = true
        }
    }

    private mutating func count(_ row: OutboxItem, _ change: Int) {
        if row.content.isCallbackAnswer {
            answersQueued += change
        } else {
            let rows = rowsByChat[row.chatID, default: 0] + change
            rowsByChat[row.chatID] = rows > 0 ? rows : nil
        }
    }

    /// Where row `id` is in the queue, which is in id order (a read's rows, then newer ones).
    private func position(of id: Int64) -> Int? {
        var low = 0
        var high = queue.count
        while low < high {
            let middle = (low + high) / 2
            if queue[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < queue.count && queue[low].id == id ? low : nil
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
