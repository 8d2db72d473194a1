import Banking
import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Monobank sends a purchase first as a hold, then settled under the same id, at times for
/// another amount. The books take the settled amount and the member hears of it; a typed
/// entry is never changed behind its author's back.
@Suite struct MonobankSettledHoldTests {
    let chat = try! TestConversation()
    let november = YearMonth(iso: "2026-11")!

    var olha: Member { get throws { try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)) } }

    /// Оля's card `acc`, connected and read once already (so new rows are not a first month).
    func connect() throws {
        try chat.connectOlhasCard()
        _ = try ConsoleDelivery(ledger: chat.ledger).deliver()
    }

    func row(_ amount: Int64, hold: Bool, id: String = "okko-1", description: String = "АЗС ОККО") -> BankFact {
        BankFact(bank: .monobank, account: "acc", time: testNow.addingTimeInterval(-3_600), amount: Money(minorUnits: amount, currency: .uah),
                 operationAmount: Money(minorUnits: amount, currency: .uah), mcc: 5541, description: description,
                 balanceAfter: Money(minorUnits: 1_000_000 + amount, currency: .uah), bankID: id, isHold: hold)
    }

    /// The feed brings `facts`; returns what Оля was told.
    @discardableResult
    func feed(_ facts: [BankFact]) throws -> [ConsoleDelivery.Line] {
        let id = try olha.id
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: id, accountID: "acc", facts: facts, cursor: testNow) }
        return try ConsoleDelivery(ledger: chat.ledger).deliver().filter { $0.chatID == Sender.olha.id }
    }

    func spent() throws -> Int64 {
        try chat.ledger.entries.monthTotals(householdID: olha.householdID, months: november...november)
            .filter { $0.kind == .expense }.map(\.amount.minorUnits).reduce(0, +)
    }

    func entries() throws -> [Entry] { try chat.ledger.entries.recent(householdID: olha.householdID, limit: 10) }

    func plain(_ lines: [ConsoleDelivery.Line]) -> [String] { lines.map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") } }

    @Test func aHoldSettledLowerCorrectsTheEntryItMadeAndSaysSoOnce() throws {
        try connect()
        try feed([row(-150_000, hold: true)])
        #expect(try spent() == 150_000)
        let told = plain(try feed([row(-143_218, hold: false)]))
        #expect(told.contains("🏦 Монобанк уточнив суму: АЗС ОККО 1 500 ₴ → 1 432,18 ₴"), "\(told)")
        #expect(try entries().map(\.amount.minorUnits) == [143_218], "one entry, at the settled amount")
        #expect(try spent() == 143_218, "the month's total follows")
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
        #expect(try chat.say("/report").joined().replacingOccurrences(of: "\u{A0}", with: " ").contains("1 432,18 ₴"))
        #expect(try feed([row(-143_218, hold: false)]).isEmpty, "the settled row again: nothing new, nothing said")
        #expect(try entries().count == 1 && spent() == 143_218)
    }

    @Test func aHoldSettledAtTheSameAmountIsQuiet() throws {
        try connect()
        try feed([row(-85_000, hold: true)])
        #expect(try feed([row(-85_000, hold: false)]).isEmpty)
        #expect(try entries().map(\.amount.minorUnits) == [85_000] && spent() == 85_000)
        #expect(try chat.ledger.statements.heldFact(identity: row(0, hold: false).identity, householdID: olha.householdID) == nil,
                "the fact is settled now")
    }

    @Test func aTypedEntryIsNotChangedTheMemberIsAskedAndTheButtonTakesTheBanksAmount() throws {
        try connect()
        try chat.say("бензин 1500")
        try feed([row(-150_000, hold: true)])
        #expect(try entries().count == 1, "the hold is the typed purchase")
        let told = try feed([row(-143_218, hold: false)])
        let line = try #require(told.first)
        #expect(told.count == 1 && plain([line])[0].contains("1 432,18 ₴") && plain([line])[0].contains("1 500 ₴"), "\(plain(told))")
        #expect(try entries().map(\.amount.minorUnits) == [150_000], "what Оля typed stays until she says")
        let button = try #require(line.buttons.first?.first)
        #expect(button.title == "Взяти суму банку")
        let pressed = plain(try chat.press(button.data, from: .olha, messageID: line.messageID))
        #expect(pressed.contains { $0.contains("Виправлено") && $0.contains("1 432,18 ₴") }, "\(pressed)")
        #expect(try entries().map(\.amount.minorUnits) == [143_218] && spent() == 143_218)
        #expect(plain(try chat.press(button.data, from: .olha, messageID: line.messageID)).contains { $0.contains("нічого не змінено") },
                "pressed twice, nothing more")
        #expect(try spent() == 143_218)
    }

    @Test func anotherMembersPrivateEntryIsNeitherChangedNorShown() throws {
        try connect()
        let invite = try chat.say("/invite").joined()
        try chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: .taras)
        try chat.say("подарунок Олі 1500 #приватно", from: .taras)
        try feed([row(-150_000, hold: true, description: "ZOLOTO")])
        #expect(try chat.ledger.statements.facts(householdID: olha.householdID, state: .linked).count == 1, "the hold is Тарас's purchase")
        let told = plain(try feed([row(-143_218, hold: false, description: "ZOLOTO")]))
        #expect(!told.joined().contains("подарунок") && !told.joined().contains("1 500"), "\(told)")
        #expect(try entries().map(\.amount.minorUnits) == [150_000])
    }

    @Test func aSettledRowWhoseHoldWasNeverSeenCountsOnce() throws {
        try connect()
        try feed([row(-143_218, hold: false)])
        try feed([row(-143_218, hold: false)])
        try feed([row(-150_000, hold: true)])
        #expect(try entries().map(\.amount.minorUnits) == [143_218] && spent() == 143_218, "a hold after its settled row changes nothing")
    }

    /// Amounts no entry takes: zero (a released authorisation), money in where the hold took it
    /// out (a refund is a row of its own, so this is no new fact), and `Int64.min`. The fact
    /// keeps what the bank said; the entry stays; the member is told, without a button.
    @Test(arguments: [Int64(0), 150_000, Int64.min])
    func anAmountNoEntryTakesLeavesTheEntryAndIsTold(settled: Int64) throws {
        try connect()
        try feed([row(-150_000, hold: true)])
        let told = try feed([row(settled, hold: false)])
        #expect(told.count == 1 && told[0].buttons.isEmpty && plain(told)[0].contains("Запис не змінено"), "\(plain(told))")
        #expect(try entries().map(\.amount.minorUnits) == [150_000] && spent() == 150_000)
        #expect(try feed([row(settled, hold: false)]).isEmpty, "told once")
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func aHoldOfInt64MinSettledNormallyIsAskedAbout() throws {
        try connect()
        try feed([row(.min, hold: true)])
        let told = try feed([row(-143_218, hold: false)])
        #expect(told.count == 1 && told[0].buttons.count == 1, "\(plain(told))")
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func aSettledAmountThatWouldPushTheMonthPastInt64IsRefusedAndTold() throws {
        try connect()
        try feed([row(-200_000, hold: false, id: "okko-0"), row(-150_000, hold: true)])
        let told = plain(try feed([row(-(Int64.max - 1_000), hold: false)]))
        #expect(told.count == 1 && told[0].contains("Запис не змінено"), "\(told)")
        #expect(try spent() == 350_000 && chat.ledger.entries.monthTotalsMismatches() == 0)
    }
}
