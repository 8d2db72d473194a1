import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
@testable import TelegramBot
import TelegramClient
import Testing

/// A send whose end cannot be recorded for good costs that send, never every chat's replies
/// (a reviewer's find).
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
}
