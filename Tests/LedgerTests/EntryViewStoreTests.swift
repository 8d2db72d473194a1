import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// The messages that show entries: found by their entries (to re-render them when one
/// changes) and by their Telegram message in their own chat only (for a reply to one).
@Suite struct EntryViewStoreTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    /// Two of one member's entries, written by one message.
    func twoEntries() throws -> (first: Entry, second: Entry) {
        let olha = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"),
                                                       timeZone: kyiv)
        let day = try #require(LocalDate(year: 2026, month: 11, day: 21))
        let stored = try ledger.entries.add([100, 200].map {
            NewEntry(kind: .expense, amount: Money(minorUnits: $0, currency: .uah), category: "cafe", account: .cash,
                     date: day, note: "кава", originalText: "кава")
        }, by: olha)
        return (try #require(stored.first), try #require(stored.last))
    }

    @Test func viewsAreFoundByTheirEntriesAndTheirTelegramMessage() throws {
        let (first, second) = try twoEntries()
        let outbox = try ledger.outbox.enqueue(.message(html: "✅"), chatID: 1)
        try ledger.entryViews.record(.confirmation, outboxID: outbox, entryIDs: [second.id, first.id])
        let list = try ledger.outbox.enqueue(.message(html: "1. 2."), chatID: 1)
        try ledger.entryViews.record(.list, outboxID: list, entryIDs: [first.id], header: "🕘")
        #expect(try ledger.entryViews.showing([first.id]).map(\.kind) == [.confirmation, .list])
        #expect(try ledger.entryViews.showing([second.id]).first?.entryIDs == [second.id, first.id])
        #expect(try ledger.entryViews.showing([first.id]).last?.header == "🕘")
        try ledger.outbox.complete(try ledger.outbox.pending()[0], with: .sent(messageID: 555))
        #expect(try ledger.entryViews.view(chatID: 1, messageID: 555)?.outboxID == outbox)
        #expect(try ledger.entryViews.view(chatID: 2, messageID: 555) == nil)
    }

    /// An edited message that now holds more entries shows them after the ones it showed.
    @Test func anExtendedViewShowsItsNewEntriesAfterTheOld() throws {
        let (first, second) = try twoEntries()
        let outbox = try ledger.outbox.enqueue(.message(html: "✅"), chatID: 1)
        try ledger.entryViews.record(.confirmation, outboxID: outbox, entryIDs: [first.id])
        let view = try #require(try ledger.entryViews.view(outboxID: outbox))
        try ledger.entryViews.extend(view, with: [second.id])
        #expect(try ledger.entryViews.view(outboxID: outbox)?.entryIDs == [first.id, second.id])
        #expect(try ledger.entryViews.showing([second.id]).map(\.outboxID) == [outbox])
    }
}
