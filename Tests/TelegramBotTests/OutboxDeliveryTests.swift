import Foundation
import KopiykaTestSupport
import Ledger
@testable import TelegramBot
import TelegramClient
import Testing

/// The outbox sender against the fake Bot API, with time only the test moves.
@Suite(.serialized) struct OutboxDeliveryTests {
    let fake = FakeBotAPI()

    init() throws { try fake.start() }

    func texts(_ chatID: Int64) -> [String] { fake.sentMessages(chatID: chatID).map(\.text) }

    func sends(to chatID: Int64) -> Int {
        fake.requests(method: "sendMessage").filter { $0.parameters["chat_id"] == String(chatID) }.count
    }

    @Test func aReplyTelegramCannotParseGoesOutOnceAsPlainText() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        outbox.start()
        try await outbox.enqueue(.message(html: "fish & chips <3 <b>смачно</b>"), chatID: 5)
        #expect(await eventually { texts(5).count == 1 })
        #expect(texts(5) == ["fish & chips <3 смачно"])
        #expect(fake.sentMessages(chatID: 5).first?.parseMode == nil)
        #expect(sends(to: 5) == 2)
        try await outbox.enqueue(.message(html: "<b>кава</b> &amp; булка"), chatID: 5)
        #expect(await eventually { texts(5).count == 2 })
        #expect(fake.sentMessages(chatID: 5).last?.parseMode == "HTML")
        #expect(outbox.log.lines.contains { $0.contains("sent it as plain text") })
        #expect(await outbox.stop())
    }

    /// One chat's send hangs: another chat's replies and a button's answer go out meanwhile,
    /// the hung chat's own next message waits behind it, and its order holds when it is free.
    @Test func aHangingChatDelaysNoOtherChat() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        fake.hold(chatID: 1)
        try await outbox.enqueue(.message(html: "A1"), chatID: 1)
        try await outbox.enqueue(.message(html: "A2"), chatID: 1)
        outbox.start()
        #expect(await eventually { sends(to: 1) == 1 })
        try await outbox.enqueue(.message(html: "B1"), chatID: 2)
        try await outbox.enqueue(.callbackAnswer(queryID: "q1", text: nil), chatID: 1)
        try await outbox.enqueue(.message(html: "B2"), chatID: 2)
        #expect(await eventually { texts(2) == ["B1", "B2"] })
        #expect(await eventually { fake.requests(method: "answerCallbackQuery").count == 1 })
        #expect(texts(1).isEmpty)
        #expect(sends(to: 1) == 1, "A2 went out while A1 was still in flight")
        fake.release(chatID: 1)
        #expect(await eventually { texts(1) == ["A1", "A2"] })
        #expect(await outbox.stop())
    }

    /// A new chat's first row queued behind more rows than one read holds goes out once
    /// `rowsBeyondWait` passed on the injected clock, though nothing else wakes the sender.
    @Test func aNewChatBehindAFullQueueGoesOutWhenItsWaitPassed() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        fake.hold(chatID: 1)
        for number in 1...(OutboxDelivery.readLimit + 20) {
            try await outbox.enqueue(.message(html: "A\(number)"), chatID: 1)
        }
        outbox.start()
        #expect(await eventually { sends(to: 1) == 1 && outbox.time.earliestWake == OutboxDelivery.idleWait })
        try await outbox.enqueue(.message(html: "B1"), chatID: 2)
        #expect(await eventually { outbox.time.earliestWake == OutboxLanes.rowsBeyondWait })
        try await Task.sleep(for: .milliseconds(100))
        #expect(sends(to: 2) == 0, "the whole queue was read again at once")
        outbox.time.advance(by: OutboxLanes.rowsBeyondWait)
        #expect(await eventually { texts(2) == ["B1"] })
        fake.release(chatID: 1)
        #expect(await outbox.stop())
    }

    /// A drain before shutdown sends a new chat's row and a button's answer queued behind a
    /// full queue at once, rather than leave them for `rowsBeyondWait` it does not wait for.
    /// Found by a reviewer.
    @Test func aDrainSendsWhatWasQueuedBehindAFullQueue() async throws {
        defer { fake.stop() }
        var pacing = SendPacer.Configuration()
        pacing.perChatBurst = 1
        pacing.perChatInterval = .seconds(10)
        let outbox = try RunningDelivery(fake: fake, pacing: pacing)
        for number in 1...(OutboxDelivery.readLimit + 20) {
            try await outbox.enqueue(.message(html: "A\(number)"), chatID: 1)
        }
        outbox.start()
        #expect(await eventually { texts(1).count == 1 && outbox.time.earliestWake == .seconds(10) })
        try await outbox.enqueue(.message(html: "B1"), chatID: 2)
        try await outbox.enqueue(.callbackAnswer(queryID: "q1", text: nil), chatID: 3)
        outbox.delivery.drain(by: outbox.time.deliveryClock.now() + .seconds(3))
        #expect(await eventually { texts(2) == ["B1"] && fake.requests(method: "answerCallbackQuery").count == 1 })
        #expect(texts(1).count == 1, "the paced chat went on in the drain")
        #expect(await outbox.stop())
    }

    /// A graceful stop while Telegram is slow: the reply in flight when the drain's deadline
    /// passes may have reached Telegram, so it is waited for and recorded, not cancelled and
    /// sent again by the next start (a duplicate reply).
    @Test func aDrainWaitsForTheSendInFlightInsteadOfLeavingItToBeSentAgain() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        fake.hold(chatID: 5)
        try await outbox.enqueue(.message(html: "кава"), chatID: 5)
        outbox.start()
        #expect(await eventually { sends(to: 5) == 1 })
        outbox.delivery.drain(by: outbox.time.deliveryClock.now() + .seconds(3))
        outbox.time.advance(by: .seconds(4))
        try await Task.sleep(for: .milliseconds(200))
        fake.release(chatID: 5)
        #expect(await eventually { (try? outbox.ledger().outbox.pendingCount()) == 0 }, "recorded as sent: nothing to send again")
        #expect(sends(to: 5) == 1)
        #expect(await outbox.stop())
    }

    @Test func atMostMaxInFlightSendsAreInFlight() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        let chats = Array(Int64(11)...Int64(12 + OutboxDelivery.maxInFlight))
        for chat in chats {
            fake.hold(chatID: chat)
            try await outbox.enqueue(.message(html: "x\(chat)"), chatID: chat)
        }
        outbox.start()
        #expect(await eventually { fake.requests(method: "sendMessage").count == OutboxDelivery.maxInFlight })
        try await Task.sleep(for: .milliseconds(200))
        #expect(fake.requests(method: "sendMessage").count == OutboxDelivery.maxInFlight)
        for chat in chats { fake.release(chatID: chat) }
        #expect(await eventually { chats.allSatisfy { texts($0) == ["x\($0)"] } })
        #expect(await outbox.stop())
    }

    /// A 500 and a 429 are waited out on the injected clock: nothing is resent until the test
    /// moves time past the back-off, and then it goes at once.
    @Test func backOffsWaitOnTheInjectedClock() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        fake.inject(.serverErrorHTML, into: "sendMessage")
        fake.inject(.tooManyRequests(retryAfter: 30), into: "sendMessage")
        outbox.start()
        try await outbox.enqueue(.message(html: "кава"), chatID: 3)
        // The back-off, not the idle wait that was pending before the failure was recorded.
        #expect(await eventually { sends(to: 3) == 1 && outbox.time.earliestWake == .seconds(1) })
        outbox.time.advance(by: .milliseconds(900))
        try await Task.sleep(for: .milliseconds(100))
        #expect(sends(to: 3) == 1, "resent before its 1 s back-off")
        outbox.time.advance(by: .milliseconds(100))
        // The idle wait the second send started under also ends at 31 s: wait until the 429
        // is recorded (it is logged then), so the 31 s sleep is the retry's own.
        #expect(await eventually {
            sends(to: 3) == 2 && outbox.log.lines.contains { $0.contains("asked to wait 30 s") }
                && outbox.time.earliestWake == .seconds(31)
        })
        outbox.time.advance(by: .seconds(29))
        try await Task.sleep(for: .milliseconds(100))
        #expect(texts(3).isEmpty, "sent before retry_after passed")
        outbox.time.advance(by: .seconds(1))
        #expect(await eventually { texts(3) == ["кава"] })
        #expect(outbox.time.elapsed == .seconds(31))
        #expect(await outbox.stop())
    }

    @Test func stopsWhenCancelledIdleOrWithTheAPIDown() async throws {
        defer { fake.stop() }
        let idle = try RunningDelivery(fake: fake)
        idle.start()
        try await Task.sleep(for: .milliseconds(50))
        #expect(await idle.stop())

        let down = try RunningDelivery(fake: fake)
        fake.inject(.serverErrorHTML, into: "sendMessage", times: 100)
        try await down.enqueue(.message(html: "кава"), chatID: 4)
        down.start()
        #expect(await eventually { sends(to: 4) == 1 })
        #expect(await down.stop())
        #expect(try down.ledger().outbox.pendingCount() == 1)
    }

    /// The sender prunes as it runs: a sent reply is gone once its day is up and the next
    /// pruning turn comes, with no one asking.
    @Test func theSenderPrunesSentRowsAsItRuns() async throws {
        defer { fake.stop() }
        let ledgerClock = TestClock()
        let outbox = try RunningDelivery(fake: fake, ledgerClock: ledgerClock.wallClock)
        outbox.start()
        try await outbox.enqueue(.message(html: "кава"), chatID: 6)
        #expect(await eventually { texts(6).count == 1 && (try? outbox.ledger().outbox.pendingCount()) == 0 })
        #expect(try outbox.ledger().outbox.rowCount() == 1)
        ledgerClock.advance(by: OutboxRetention.sent + 1)
        outbox.time.advance(by: .seconds(300))
        #expect(await eventually { (try? outbox.ledger().outbox.rowCount()) == 0 })
        #expect(await outbox.stop())
    }
}
