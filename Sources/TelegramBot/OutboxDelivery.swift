import FoundationEssentials
import Ledger
import Synchronization
import TelegramClient

/// Sends the outbox to Telegram, oldest row first, paced below Telegram's limits.
///
/// Each round takes up to `maxInFlight` ready rows from different chats, sends them at once
/// and records their results in one transaction. A chat's messages keep their order: only
/// one of its rows is in a round, and when one waits (its pace, a `retry_after`, a backoff)
/// everything after it in that chat waits too, while other chats go on. A restart resumes
/// exactly where sending stopped; a crash can repeat at most one round's sends, which
/// Telegram had accepted but the outbox had not yet recorded.
public final class OutboxDelivery: Sendable {
    let core: BotCore
    let sender: MessageSender
    let log: TelegramLogger
    let pacing: SendPacer.Configuration
    private let drainDeadline = Mutex<ContinuousClock.Instant?>(nil)

    /// Why 4: the HTTP client's threads less the one holding the long poll; more would only
    /// queue inside it, and a crash repeats at most this many sends.
    public static let maxInFlight = 4

    /// Why 10 attempts: with the backoff below they span about half an hour, long enough to
    /// ride out an outage, short enough that a stale reply is not sent hours later.
    static let maxAttempts = 10

    public init(core: BotCore, api: BotAPI, pacing: SendPacer.Configuration, logger: TelegramLogger) {
        self.core = core
        self.sender = MessageSender(api: api)
        self.pacing = pacing
        self.log = logger
    }

    /// Asks `run()` to send what it can right away, then return by `deadline`.
    public func drain(by deadline: ContinuousClock.Instant) {
        drainDeadline.withLock { $0 = deadline }
        core.doorbell.ring()
    }

    public func run() async {
        var pacer = SendPacer(configuration: pacing)
        while true {
            let deadline = drainDeadline.withLock { $0 }
            if let deadline, ContinuousClock.now >= deadline { return }
            var queue: [OutboxItem]
            do {
                queue = try await core.pendingOutbox(limit: 500)
            } catch {
                log.error("cannot read the outbox: \(error)")
                await core.doorbell.wait(timeout: .seconds(5))
                continue
            }
            // Rounds from this read until nothing in it is ready; then read again.
            var sent = false
            var wakeAt: ContinuousClock.Instant?
            while true {
                let (round, wake) = nextRound(queue, pacer: &pacer)
                wakeAt = wake
                guard !round.isEmpty else { break }
                await send(round, pacer: &pacer)
                sent = true
                let done = Set(round.map(\.id))
                queue.removeAll { done.contains($0.id) }
                if let deadline = drainDeadline.withLock({ $0 }), ContinuousClock.now >= deadline { return }
            }
            guard !sent else { continue }
            if deadline != nil { return }  // Draining and nothing can go out now.
            let timeout = wakeAt.map { max(.milliseconds(5), $0 - ContinuousClock.now) } ?? .seconds(30)
            await core.doorbell.wait(timeout: min(timeout, .seconds(30)))
        }
    }

    /// Sends a round at once and records its results in one transaction.
    private func send(_ round: [OutboxItem], pacer: inout SendPacer) async {
        let outcomes = await withTaskGroup(of: (OutboxItem, SendOutcome).self) { group in
            for item in round { group.addTask { (item, await self.send(item)) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let results = outcomes.map { item, outcome in (item, result(of: outcome, item: item, pacer: &pacer)) }
        do {
            try await core.complete(results)
        } catch {
            log.error("cannot record sends: \(error)")
        }
    }

    /// The rows to send now: ready, one per chat, at most `maxInFlight`; and when the first
    /// waiting one will be ready.
    private func nextRound(_ items: [OutboxItem], pacer: inout SendPacer) -> ([OutboxItem], ContinuousClock.Instant?) {
        var round: [OutboxItem] = []
        var taken: Set<Int64> = []
        var wakeAt: ContinuousClock.Instant?
        let now = ContinuousClock.now
        for item in items where round.count < Self.maxInFlight && taken.insert(item.chatID).inserted {
            if let ready = readyTime(item, pacer: pacer, now: now), ready > now {
                wakeAt = min(wakeAt ?? ready, ready)
                continue
            }
            if !item.content.isCallbackAnswer { pacer.recordSend(chatID: item.chatID, at: now) }
            round.append(item)
        }
        return (round, wakeAt)
    }

    /// When a row may go out: its own `notBefore`, then the chat's pace. nil: now.
    private func readyTime(_ item: OutboxItem, pacer: SendPacer, now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var ready: ContinuousClock.Instant?
        if let notBefore = item.notBefore {
            let wait = notBefore.timeIntervalSinceNow
            if wait > 0 { ready = now + .milliseconds(Int64(wait * 1000)) }
        }
        if item.content.isCallbackAnswer { return ready }
        let paced = pacer.nextSendTime(chatID: item.chatID, now: now)
        return max(ready ?? paced, paced)
    }

    private func send(_ item: OutboxItem) async -> SendOutcome {
        switch item.content {
        case .message(let html, let replyTo, let buttons):
            let pieces = OutgoingText.split(html)
            var last = SendOutcome.sent(messageID: nil)
            for (index, piece) in pieces.enumerated() where index >= item.piecesSent {
                last = await sender.send(.text(
                    chatID: item.chatID, text: piece,
                    replyMarkup: index == pieces.count - 1 ? Self.keyboard(buttons) : nil,
                    messageThreadID: item.threadID.map(Int.init), replyToMessageID: replyTo.map(Int.init)))
                guard case .sent = last else { break }
                if index < pieces.count - 1 { try? await core.recordPiecesSent(index + 1, outboxID: item.id) }
            }
            return last
        case .edit(let messageID, let ofOutboxID, let html, let buttons):
            var target = messageID
            if target == nil, let ofOutboxID { target = try? await core.sentMessageID(outboxID: ofOutboxID) }
            guard let target else { return .failedPermanently(reason: "the message to edit was never sent") }
            return await sender.send(.edit(chatID: item.chatID, messageID: Int(target),
                                           text: OutgoingText.split(html)[0], replyMarkup: Self.keyboard(buttons)))
        case .callbackAnswer(let queryID, let text):
            return await sender.send(.callbackAnswer(queryID: queryID, text: text))
        case .document(let fileName, let data, let caption):
            return await sender.send(.document(chatID: item.chatID, fileName: fileName, data: data, caption: caption))
        }
    }

    private func result(of outcome: SendOutcome, item: OutboxItem, pacer: inout SendPacer) -> OutboxResult {
        switch outcome {
        case .sent(let messageID):
            return .sent(messageID: messageID.map(Int64.init))
        case .retryAfter(let seconds):
            pacer.recordRetryAfter(chatID: item.chatID, seconds: seconds, now: .now)
            log.warning("Telegram asked to wait \(seconds) s before writing to chat \(item.chatID) again")
            return .retry(at: Date().addingTimeInterval(Double(seconds)))
        case .chatMigrated(let newID):
            pacer.moveChat(from: item.chatID, to: newID)
            log.info("chat \(item.chatID) became supergroup \(newID); its queue follows")
            return .chatMigrated(to: newID)
        case .blocked:
            log.info("chat \(item.chatID) blocked the bot or removed it; sending there stops")
            return .chatBlocked
        case .failedPermanently(let reason), .malformed(let reason):
            log.error("Telegram refused outbox row \(item.id) for good: \(reason)")
            return .failed(reason: reason)
        case .transient(let reason):
            guard item.attempts + 1 < Self.maxAttempts else {
                log.error("giving up on outbox row \(item.id) after \(Self.maxAttempts) attempts: \(reason)")
                return .failed(reason: reason)
            }
            // 1, 2, 4 … 512 s: about half an hour over all attempts.
            let delay = Double(1 << min(item.attempts, 9))
            log.warning("sending outbox row \(item.id) failed (\(reason)); retrying in \(Int(delay)) s")
            return .retry(at: Date().addingTimeInterval(delay))
        }
    }

    static func keyboard(_ rows: [[OutboxButton]]) -> InlineKeyboardMarkup? {
        rows.isEmpty ? nil : InlineKeyboardMarkup(rows.map { $0.map { InlineKeyboardButton(text: $0.title, callbackData: $0.data) } })
    }
}

extension OutboxContent {
    var isCallbackAnswer: Bool {
        if case .callbackAnswer = self { return true }
        return false
    }
}
