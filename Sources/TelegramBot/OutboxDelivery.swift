import Foundation
import Ledger
import Synchronization
import TelegramClient

/// Sends the outbox to Telegram, oldest row first, paced below Telegram's limits.
///
/// A chat's messages keep their order: when one waits (its pace, a `retry_after`, a backoff),
/// everything after it in that chat waits too, while other chats go on. Results are written
/// back to the row, so a restart resumes exactly where sending stopped.
public final class OutboxDelivery: Sendable {
    let core: BotCore
    let sender: MessageSender
    let log: TelegramLogger
    let pacing: SendPacer.Configuration
    private let drainDeadline = Mutex<ContinuousClock.Instant?>(nil)

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
            let items: [OutboxItem]
            do {
                items = try await core.pendingOutbox(limit: 200)
            } catch {
                log.error("cannot read the outbox: \(error)")
                await core.doorbell.wait(timeout: .seconds(5))
                continue
            }
            var waiting: Set<Int64> = []
            var wakeAt: ContinuousClock.Instant?
            var sent = 0
            for item in items where !waiting.contains(item.chatID) {
                let now = ContinuousClock.now
                if let ready = readyTime(item, pacer: pacer, now: now), ready > now {
                    waiting.insert(item.chatID)
                    wakeAt = min(wakeAt ?? ready, ready)
                    continue
                }
                let result = await send(item, pacer: &pacer)
                do {
                    try await core.complete(item, with: result)
                } catch {
                    log.error("cannot record a send: \(error)")
                }
                if case .retry = result { waiting.insert(item.chatID) }
                sent += 1
                if let deadline = drainDeadline.withLock({ $0 }), ContinuousClock.now >= deadline { return }
            }
            if sent == 0 {
                if deadline != nil { return }  // Draining and nothing can go out now.
                let timeout = wakeAt.map { max(.milliseconds(5), $0 - ContinuousClock.now) } ?? .seconds(30)
                await core.doorbell.wait(timeout: min(timeout, .seconds(30)))
            }
        }
    }

    /// When a row may go out: its own `notBefore`, then the chat's pace. nil: now.
    private func readyTime(_ item: OutboxItem, pacer: SendPacer, now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var ready: ContinuousClock.Instant?
        if let notBefore = item.notBefore {
            let wait = notBefore.timeIntervalSinceNow
            if wait > 0 { ready = now + .milliseconds(Int64(wait * 1000)) }
        }
        if case .callbackAnswer = item.content { return ready }
        let paced = pacer.nextSendTime(chatID: item.chatID, now: now)
        return max(ready ?? paced, paced)
    }

    private func send(_ item: OutboxItem, pacer: inout SendPacer) async -> OutboxResult {
        let outcome: SendOutcome
        switch item.content {
        case .message(let html, let replyTo, let buttons):
            let pieces = OutgoingText.split(html)
            var last = SendOutcome.sent(messageID: nil)
            for (index, piece) in pieces.enumerated() where index >= item.piecesSent {
                last = await sender.send(.text(
                    chatID: item.chatID, text: piece,
                    replyMarkup: index == pieces.count - 1 ? Self.keyboard(buttons) : nil,
                    messageThreadID: item.threadID.map(Int.init), replyToMessageID: replyTo.map(Int.init)))
                pacer.recordSend(chatID: item.chatID, at: .now)
                guard case .sent = last else { break }
                if index < pieces.count - 1 { try? await core.recordPiecesSent(index + 1, outboxID: item.id) }
            }
            outcome = last
        case .edit(let messageID, let ofOutboxID, let html, let buttons):
            var target = messageID
            if target == nil, let ofOutboxID { target = try? await core.sentMessageID(outboxID: ofOutboxID) }
            guard let target else { return .failed(reason: "the message to edit was never sent") }
            outcome = await sender.send(.edit(chatID: item.chatID, messageID: Int(target),
                                              text: OutgoingText.split(html)[0], replyMarkup: Self.keyboard(buttons)))
            pacer.recordSend(chatID: item.chatID, at: .now)
        case .callbackAnswer(let queryID, let text):
            outcome = await sender.send(.callbackAnswer(queryID: queryID, text: text))
        case .document(let fileName, let data, let caption):
            outcome = await sender.send(.document(chatID: item.chatID, fileName: fileName, data: data, caption: caption))
            pacer.recordSend(chatID: item.chatID, at: .now)
        }
        return result(of: outcome, item: item, pacer: &pacer)
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
        case .failedPermanently(let reason):
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
