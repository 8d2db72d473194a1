import FoundationEssentials
import KopiykaCore
import Ledger
import Synchronization
import TelegramClient

/// Sends the outbox to Telegram, oldest row first, paced below Telegram's limits.
///
/// Each chat is a lane: its rows go out one at a time, in order, and when one waits (its
/// pace, a `retry_after`, a backoff) everything after it in that chat waits too. Lanes are
/// independent: up to `maxInFlight` sends run at once, and a new one starts the moment a
/// slot frees, so a send that hangs for one chat holds only that chat. Callback answers
/// are not in a lane: they only stop a spinner, and must not wait behind a hung chat.
///
/// A restart resumes exactly where sending stopped; a crash can repeat at most
/// `maxInFlight` sends, which Telegram had accepted but the outbox had not yet recorded
/// (in flight, or ended and waiting to be recorded with others: `UnrecordedSends`).
public final class OutboxDelivery: Sendable {
    let core: BotCore
    let sender: MessageSender
    let log: TelegramLogger
    let pacing: SendPacer.Configuration
    let clock: BotClock
    private let drainDeadline = Mutex<ContinuousClock.Instant?>(nil)
    /// Sends that ended, waiting for the loop to record them.
    private let finished = Mutex<[Completion]>([])
    /// Rows whose send ended but whose end the outbox refused to record either way (sent, or
    /// failed): pending in the database, so never read again while this process runs, or
    /// every full read would send them again.
    private let unrecordable = Mutex<Set<Int64>>([])

    /// Why 16: each round of sends is recorded in one transaction, so a round of 16 costs
    /// about a quarter of the CPU per reply that rounds of 4 did (telegram-bench: 220 against
    /// 280 µs per update, 50 chats); a crash repeats at most this many sends. Telegram's own
    /// pace (30 messages a second) rarely lets this many be in flight outside a benchmark.
    public static let maxInFlight = 16

    /// The longest a send that ended waits to be recorded with others (`UnrecordedSends`).
    /// Why 200 ms: replies and button presses name a message by the id Telegram gave it, read
    /// from the outbox; nobody answers a message this soon after it arrives.
    public static let recordWithin: Duration = .milliseconds(200)

    /// Why 30 s: the doorbell wakes the loop for new work; this only bounds how long a missed
    /// ring could go unnoticed. An idle wake reads one index: no measurable CPU.
    static let idleWait: Duration = .seconds(30)

    /// How long a drain past its deadline still waits for the sends in flight, which a slow
    /// Telegram may have taken already. Why 8 s: with the runner's `flushGrace` (8 s) it stays
    /// inside the systemd unit's 20 s to stop (`TimeoutStopSec`), and a send Telegram has not
    /// answered in that long has most likely not reached it.
    public static let inFlightGrace: Duration = .seconds(8)

    /// Rows read at a time (and each chat's oldest beyond them). Why 100: six rounds of
    /// `maxInFlight` sends; 500 held 0.35 MB more at the peak (massif) for no CPU gained.
    static let readLimit = 100

    public init(core: BotCore, api: BotAPI, pacing: SendPacer.Configuration, logger: TelegramLogger,
                clock: BotClock = .system) {
        self.core = core
        self.sender = MessageSender(api: api)
        self.pacing = pacing
        self.log = logger
        self.clock = clock
    }

    /// Asks `run()` to send what it can right away, then return by `deadline`.
    public func drain(by deadline: ContinuousClock.Instant) {
        drainDeadline.withLock { $0 = deadline }
        core.doorbell.ring()
    }

    /// Runs until its task is cancelled, or until a `drain` is done: past its deadline nothing
    /// new starts, and the sends in flight are waited for (`inFlightGrace` at most). Sends still
    /// in flight then are cancelled; their rows stay pending for the next start. Sends that
    /// ended are recorded before it returns.
    public func run() async {
        var loop = OutboxLanes(pacer: SendPacer(configuration: pacing))
        var unrecorded = UnrecordedSends()
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                let ended = finished.withLock { done in defer { done = [] }; return done }
                apply(ended, to: &loop)
                unrecorded.add(ended, at: clock.now())
                let deadline = drainDeadline.withLock { $0 }
                if let deadline, clock.now() >= deadline {
                    // Nothing new starts; a send in flight may have reached Telegram already, so it
                    // is waited for rather than cancelled and sent again by the next start.
                    let giveUp = deadline + Self.inFlightGrace
                    if loop.inFlight.isEmpty || clock.now() >= giveUp { break }
                    await record(&unrecorded)
                    await wait(until: [giveUp])
                    continue
                }
                if core.doorbell.takeNewRows() { loop.noteNewRows() }
                // A drain sends what it can now: rows beyond a full queue are read at once.
                if deadline != nil { loop.readRowsBeyondNow() }
                // One instant for both: a full read decided after the record would find its rows pending.
                let now = clock.now()
                if unrecorded.mustRecord(now: now, inFlight: loop.inFlight.count, limit: Self.maxInFlight,
                                         fullReadNext: loop.needsFullRead(now: now, maxAge: Self.idleWait)),
                   await !record(&unrecorded) {
                    // Kept for the next turn; nothing is read or sent before they are recorded.
                    await core.doorbell.wait(timeout: .seconds(1), clock: clock)
                    continue
                }
                guard await readIfNeeded(&loop, now: now) else {
                    await record(&unrecorded)  // Not left for the 5 s: a reply may name their messages.
                    await core.doorbell.wait(timeout: .seconds(5), clock: clock)
                    continue
                }
                let (ready, wakeAt) = loop.take(now: clock.now(), wallNow: clock.wall.now(),
                                                limit: Self.maxInFlight - unrecorded.count)
                // An edit of a send not yet recorded reads that message's id from the outbox:
                // recorded first, or nothing of this turn starts (the edit would fail for good).
                if ready.contains(where: unrecorded.hold(messageEditedBy:)), await !record(&unrecorded) {
                    loop.putBack(ready)
                    await core.doorbell.wait(timeout: .seconds(1), clock: clock)
                    continue
                }
                for item in ready {
                    group.addTask {
                        let completion = await self.deliver(item)
                        self.finished.withLock { $0.append(completion) }
                        self.core.doorbell.ring(newRows: false)
                    }
                }
                // Nothing in flight: what ended is recorded now rather than at its time limit.
                if loop.inFlight.isEmpty { await record(&unrecorded) }
                if deadline != nil && ready.isEmpty && loop.inFlight.isEmpty { break }  // Drained: nothing can go out now.
                let nextPrune = deadline == nil ? await pruneIfDue(&loop) : nil
                await wait(until: [wakeAt, deadline, nextPrune, unrecorded.recordBy, loop.rowsBeyondDue(after: clock.now())].compactMap { $0 })
            }
            group.cancelAll()
        }
        let ended = finished.withLock { done in defer { done = [] }; return done }
        apply(ended, to: &loop)
        unrecorded.add(ended, at: clock.now())
        await record(&unrecorded)
    }

    /// Brings the lanes' queue up to date if they need it (and have room to start a send);
    /// false when the outbox cannot be read.
    private func readIfNeeded(_ loop: inout OutboxLanes, now: ContinuousClock.Instant) async -> Bool {
        guard loop.inFlight.count < Self.maxInFlight else { return true }
        do {
            let skipped = unrecordable.withLock { $0 }
            switch loop.readNeeded(now: now, maxAge: Self.idleWait) {
            case .none: break
            case .full(let known):
                let rows = try await core.pendingOutbox(limit: Self.readLimit, known: known)
                loop.read(rows.filter { !skipped.contains($0.id) }, limit: Self.readLimit, at: clock.now())
            case .after(let id):
                let rows = try await core.pendingOutbox(after: id, limit: Self.readLimit)
                loop.readNew(rows.filter { !skipped.contains($0.id) }, limit: Self.readLimit)
            }
            return true
        } catch {
            log.error("cannot read the outbox: \(error)")
            return false
        }
    }

    /// Waits for a ring (new work, a send that ended), the earliest of `instants`, or 30 s.
    private func wait(until instants: [ContinuousClock.Instant]) async {
        let now = clock.now()
        let timeout = instants.map { $0 - now }.min().map { min(max($0, .milliseconds(1)), Self.idleWait) } ?? Self.idleWait
        await core.doorbell.wait(timeout: timeout, clock: clock)
    }

    /// Sends that ended: their chats may go on, and the pacer learns what they taught.
    private func apply(_ completions: [Completion], to loop: inout OutboxLanes) {
        for completion in completions {
            loop.finish(completion.item, result: completion.result, piecesSent: completion.piecesSent)
            report(completion, pacer: &loop.pacer)
        }
    }

    /// Records the sends that ended in the outbox, in one transaction; false, keeping them
    /// for another try, when the outbox cannot be written for now (a lock, a full disk).
    /// Any other error is one send's: they are recorded one by one, and a send whose end
    /// cannot be recorded is recorded as failed, so it costs itself, never every chat's replies.
    @discardableResult
    private func record(_ unrecorded: inout UnrecordedSends) async -> Bool {
        guard !unrecorded.isEmpty else { return true }
        do {
            try await core.complete(unrecorded.completions)
            unrecorded.clear()
            return true
        } catch where !AttemptRule.isTransient(error) {
            return await recordOneByOne(&unrecorded)
        } catch {
            log.error("cannot record \(unrecorded.count) sends; trying again before reading the outbox: \(error)")
            return false
        }
    }

    private func recordOneByOne(_ unrecorded: inout UnrecordedSends) async -> Bool {
        for (index, completion) in unrecorded.completions.enumerated() {
            do {
                try await core.complete([completion])
            } catch where !AttemptRule.isTransient(error) {
                log.error("cannot record how outbox row \(completion.item.id) ended; recording it as failed: \(error)")
                let failed = Completion(item: completion.item, outcome: completion.outcome,
                                        result: .failed(reason: "its end could not be recorded: \(error)"))
                do {
                    try await core.complete([failed])
                } catch {
                    log.error("cannot record outbox row \(completion.item.id) as failed either; it is not sent again until a restart: \(error)")
                    unrecordable.withLock { _ = $0.insert(completion.item.id) }
                }
            } catch {
                log.error("cannot record \(unrecorded.count) sends; trying again before reading the outbox: \(error)")
                unrecorded.removeFirst(index)  // Recorded already.
                return false
            }
        }
        unrecorded.clear()
        return true
    }

    /// Prunes a batch of old outbox rows when it is time; returns when the next is due.
    private func pruneIfDue(_ loop: inout OutboxLanes) async -> ContinuousClock.Instant {
        let now = clock.now()
        if let next = loop.nextPrune, next > now { return next }
        var next = now + OutboxPruning.interval
        do {
            // A full batch means more is due: the next one right after this turn.
            if try await core.pruneOutbox(limit: OutboxPruning.batch) { next = now }
            // Pruning can free the highest row id for reuse: a read of what is new would miss it.
            loop.markStale()
        } catch {
            log.error("cannot prune the outbox: \(error)")
        }
        loop.nextPrune = next
        return next
    }

    private func report(_ completion: Completion, pacer: inout SendPacer) {
        let item = completion.item
        switch (completion.outcome, completion.result) {
        case (.retryAfter(let seconds), _):
            pacer.recordRetryAfter(chatID: item.chatID, seconds: seconds, now: clock.now())
            log.warning("Telegram asked to wait \(seconds) s before writing to chat \(item.chatID) again")
        case (.chatMigrated(let newID), _):
            pacer.moveChat(from: item.chatID, to: newID)
            log.info("chat \(item.chatID) became supergroup \(newID); its queue follows")
        case (.blocked, _):
            log.info("chat \(item.chatID) blocked the bot or removed it; sending there stops")
        case (.transient(let reason), .retry(let at)):
            log.warning("sending outbox row \(item.id) failed (\(reason)); retrying in \(Int((at.timeIntervalSince(clock.wall.now())).rounded())) s")
        case (_, .failed(let reason)):
            log.error("Telegram refused outbox row \(item.id) for good after \(item.attempts + 1) attempts: \(reason)")
        default:
            break
        }
        if completion.fellBackToPlainText {
            log.warning("Telegram could not read the HTML of outbox row \(item.id); sent it as plain text")
        }
    }
}

/// A send that ended: the row, Telegram's last answer, and how the row ends.
struct Completion: Sendable {
    let item: OutboxItem
    let outcome: SendOutcome
    let result: OutboxResult
    /// Of a long text, how many pieces are out (a retry resumes after them).
    var piecesSent = 0
    var fellBackToPlainText = false
}

/// Finished rows are pruned as the sender runs, in small batches: each is one short
/// transaction, so an update never waits long behind it.
enum OutboxPruning {
    /// Why 500: a few milliseconds of deletes by index.
    static let batch = 500
    /// Why 5 minutes: rows become due a day after they finish; looking more often gains nothing.
    static let interval: Duration = .seconds(300)
}

extension BotCore {
    /// See `OutboxStore.prune`.
    func pruneOutbox(limit: Int) throws -> Bool { try ledger.outbox.prune(limit: limit) }
}
