import Conversation
import Foundation
import HTTP
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import SQLite
@testable import TelegramBot
import TelegramClient
import Testing

/// A send whose end cannot be recorded for good costs that send, never every chat's replies;
/// the pieces of a long text that went out are not sent again after a restart, even when
/// recording them as they went failed (a reviewer's finds).
extension OutboxDeliveryTests {
    /// Any update that records a message id on row `id` fails, as a constraint would.
    func poison(_ path: String, row id: Int64) throws {
        let other = try Connection(path: path)
        try other.executeScript("""
            CREATE TRIGGER poisoned BEFORE UPDATE OF sent_message_id ON outbox WHEN OLD.id = \(id)
            BEGIN SELECT RAISE(ABORT, 'poisoned'); END;
            """)
    }

    @Test func aSendWhoseEndCannotBeRecordedCostsOnlyItself() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        let poisoned = try await outbox.enqueue(.message(html: "дайджест"), chatID: 1)
        try poison(outbox.databasePath, row: poisoned)
        outbox.start()
        #expect(await eventually { texts(1) == ["дайджест"] })
        #expect(await eventually { outbox.log.lines.contains { $0.contains("cannot record") } }, "\(outbox.log.lines)")
        try await outbox.enqueue(.message(html: "✅ кава 85"), chatID: 7)
        // Past the time limit of a send that ended: the sender must record before it reads.
        for _ in 0..<5 {
            outbox.time.advance(by: .seconds(1))
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(await eventually { texts(7) == ["✅ кава 85"] }, "\(outbox.log.lines)")
        #expect(outbox.log.lines.contains { $0.contains("recording it as failed") }, "\(outbox.log.lines)")
        #expect(await eventually { (try? pending(outbox)) == 0 })
        #expect(await outbox.stop())
        #expect(texts(1) == ["дайджест"], "sent once, never again")
    }

    /// Recording it as failed fails too (the database refuses any write to the row): it stayed
    /// pending, and every full read of the outbox, each 30 s, sent it again (a reviewer's find).
    @Test func aSendRecordedNeitherWayIsNotSentAgainAndAgain() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        let poisoned = try await outbox.enqueue(.message(html: "дайджест"), chatID: 1)
        let other = try Connection(path: outbox.databasePath)
        try other.executeScript("""
            CREATE TRIGGER poisoned BEFORE UPDATE OF attempts ON outbox WHEN OLD.id = \(poisoned)
            BEGIN SELECT RAISE(ABORT, 'poisoned'); END;
            """)
        outbox.start()
        #expect(await eventually { outbox.log.lines.contains { $0.contains("as failed either") } }, "\(outbox.log.lines)")
        for _ in 0..<24 {  // Two minutes: the outbox is read in full every 30 s.
            outbox.time.advance(by: .seconds(5))
            try await Task.sleep(for: .milliseconds(50))
        }
        try await outbox.enqueue(.message(html: "✅ кава 85"), chatID: 7)
        #expect(await eventually { texts(7) == ["✅ кава 85"] }, "\(outbox.log.lines)")
        #expect(await outbox.stop())
        #expect(texts(1) == ["дайджест"], "sent \(texts(1).count) times")
    }

    /// Оля's family group became supergroup -1001 unnoticed, and Іра's household linked -1001:
    /// moving Оля's post there broke the family link's uniqueness, and no reply went out to
    /// anyone since.
    @Test func aPostToAGroupAnotherFamilyTookOverStopsNoOtherChat() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        try await outbox.core.perform { ledger, _ in
            let a = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 11, name: "Оля", language: "uk"), timeZone: kyiv)
            let b = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 22, name: "Іра", language: "uk"), timeZone: kyiv)
            try ledger.families.linkFamilyChat(-100, threadID: nil, householdID: a.householdID)
            try ledger.families.linkFamilyChat(-1001, threadID: nil, householdID: b.householdID)
        }
        fake.migrate(chatID: -100, to: -1001)
        try await outbox.enqueue(.message(html: "дайджест Олі"), chatID: -100)
        try await outbox.enqueue(.message(html: "✅ кава 85"), chatID: 7)
        outbox.start()
        #expect(await eventually { texts(7) == ["✅ кава 85"] }, "\(outbox.log.lines)")
        #expect(await eventually { (try? pending(outbox)) == 0 })
        #expect(texts(-1001).isEmpty, "Оля's post reached Іра's family")
        #expect(await outbox.stop())
    }

    /// Piece 1 of a long text goes out while another process holds the outbox's lock (its
    /// record fails), piece 2 fails and is retried later; after a restart piece 1 went out again.
    @Test func aPieceSentWhileTheOutboxWasLockedIsNotSentAgainAfterARestart() async throws {
        defer { fake.stop() }
        let outbox = try RunningDelivery(fake: fake)
        try await outbox.core.perform { ledger, _ in try ledger.setBusyTimeout(milliseconds: 10) }
        let long = (1...160).map { "рядок \($0): кава, хліб, молоко, сир і ще трохи всього" }.joined(separator: "\n")
        try await outbox.enqueue(.message(html: long), chatID: 1)
        fake.inject(.delay(.milliseconds(1)), into: "sendMessage")
        fake.inject(.serverErrorHTML, into: "sendMessage")
        let lock = OutboxLock(path: outbox.databasePath)
        outbox.start()
        #expect(await eventually { texts(1).count == 1 && outbox.log.lines.contains { $0.contains("cannot record 1 sends") } })
        lock.release()
        #expect(await outbox.stop())
        let firstPiece = try #require(texts(1).first)

        let later = ManualTime(start: testNow.addingTimeInterval(60))
        let core = try BotCore(databasePath: outbox.databasePath, catalog: try Catalog.load(), clock: .fixed(testNow),
                               settings: ConversationSettings(timeZone: kyiv))
        let again = OutboxDelivery(core: core, api: BotAPI(token: fake.token, baseURL: fake.baseURL, http: core.http),
                                   pacing: .unpaced, logger: .silent, clock: later.deliveryClock)
        let task = Task(executorPreference: core.http.executor) { await again.run() }
        #expect(await eventually { (try? outbox.ledger().outbox.pendingCount()) == 0 })
        task.cancel()
        await task.value
        #expect(texts(1).filter { $0 == firstPiece }.count == 1, "\(texts(1).count) messages in all")
        #expect(texts(1).count >= 2, "the rest of the text went out")
    }
}
