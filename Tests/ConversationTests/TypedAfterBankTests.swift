import Banking
@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// One purchase, one entry, whichever comes first: a purchase typed after the Monobank feed
/// brought it takes the place of the entry the row made; several rows that could be it are
/// asked about; a typed entry keeps the day its author wrote.
@Suite struct TypedAfterBankTests {
    let chat = try! TestConversation()
    let november = YearMonth(iso: "2026-11")!

    var olha: Member { get throws { try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)) } }

    func row(_ amount: Int64, _ description: String = "Кав'ярня Львівська", id: String, mcc: Int = 5814, hold: Bool = false,
             hoursAgo: Double = 1) -> BankFact {
        BankFact(bank: .monobank, account: "acc", time: testNow.addingTimeInterval(-3_600 * hoursAgo),
                 amount: Money(minorUnits: amount, currency: .uah), operationAmount: Money(minorUnits: amount, currency: .uah), mcc: mcc,
                 description: description, bankID: id, isHold: hold)
    }

    @discardableResult
    func feed(_ facts: [BankFact]) throws -> [ConsoleDelivery.Line] {
        let id = try olha.id
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: id, accountID: "acc", facts: facts, cursor: testNow) }
        return try ConsoleDelivery(ledger: chat.ledger).deliver()
    }

    @discardableResult
    func said(_ text: String) throws -> [ConsoleDelivery.Line] {
        try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: text))
    }

    func spent() throws -> Int64 {
        try chat.ledger.entries.monthTotals(householdID: olha.householdID, months: november...november)
            .filter { $0.kind == .expense }.map(\.amount.minorUnits).reduce(0, +)
    }

    func entries() throws -> [Entry] { try chat.ledger.entries.recent(householdID: olha.householdID, limit: 20) }

    @Test func aPurchaseTypedAfterTheFeedBroughtItCountsOnceAsTyped() throws {
        try chat.connectOlhasCard()
        try feed([row(-8_500, id: "c1")])
        #expect(try spent() == 8_500)
        let answer = try said("кава 85")
        #expect(try spent() == 8_500, "typed after the bank: still one purchase")
        let only = try #require(try entries().first)
        #expect(try entries().count == 1 && only.note == "кава" && only.account == .monobank, "her words, the bank's card")
        #expect(answer.allSatisfy { $0.buttons.isEmpty || !$0.buttons.joined().contains { $0.data.hasPrefix("tbm:") } }, "one row: no question")
        let fact = try #require(try chat.ledger.statements.facts(householdID: olha.householdID, state: .linked).first)
        #expect(fact.entryID == only.id)
        #expect(try chat.ledger.entries.monthTotalsMismatches() == 0)
    }

    @Test func twoRowsThatCouldBeItAreAskedWithAButtonEach() throws {
        try chat.connectOlhasCard()
        try feed([row(-8_500, id: "c1", hoursAgo: 3), row(-8_500, "Aroma Kava", id: "c2")])
        let answer = try said("кава 85")
        let question = try #require(answer.first { $0.buttons.joined().contains { $0.data.hasPrefix("tbm:") } })
        #expect(question.text.contains("одна з цих операцій банку"), "\(question.text)")
        let buttons = question.buttons.joined().map(\.data)
        #expect(buttons.count == 3, "two rows and «another purchase»: \(buttons)")
        #expect(try spent() == 25_500, "meanwhile all count, none is guessed away")
        // Тарас, in another family, presses it: nothing changes.
        try chat.say("/start", from: .taras)
        _ = try chat.press(buttons[1], from: .taras)
        #expect(try spent() == 25_500)
        _ = try chat.press(buttons[1], from: .olha)
        #expect(try spent() == 17_000, "she said which row it is")
        #expect(try entries().contains { $0.note == "кава" } && entries().count == 2)
        _ = try chat.press(buttons[0], from: .olha)
        #expect(try spent() == 17_000, "one typed entry is one row, whatever is pressed after")
    }

    @Test func anotherPurchaseKeepsBoth() throws {
        try chat.connectOlhasCard()
        try feed([row(-8_500, id: "c1", hoursAgo: 3), row(-8_500, "Aroma Kava", id: "c2")])
        let answer = try said("кава 85")
        let none = try #require(answer.flatMap { $0.buttons.joined() }.first { $0.data.hasPrefix("tbm:") && $0.data.hasSuffix(":0") })
        let pressed = try chat.press(none.data, from: .olha)
        #expect(pressed.contains { $0.text.contains("окрема покупка") })
        #expect(try spent() == 25_500)
    }

    @Test func aPurchaseTypedAtTheSettledAmountOfAHoldIsThatHold() throws {
        try chat.connectOlhasCard()
        try feed([row(-150_000, "АЗС ОККО", id: "okko", mcc: 5541, hold: true)])
        try said("бензин 1432,18")
        #expect(try spent() == 143_218, "the hold is the purchase she typed at its final amount")
        let told = try feed([row(-143_218, "АЗС ОККО", id: "okko", mcc: 5541)])
        #expect(try spent() == 143_218 && entries().count == 1)
        #expect(told.filter { $0.chatID == Sender.olha.id }.isEmpty, "settled at what she typed: nothing to say")
        try said("кава 1800")
        #expect(try spent() == 323_218, "an amount far from any hold is a purchase of its own")
    }

    /// The feed's hold of 1 500 ₴ and the statement file's settled row of 1 432,18 ₴ (no bank
    /// id, so no identity in common) are one purchase: the entry takes the settled amount.
    @Test func aFeedHoldAndTheStatementsSettledRowOfAnotherAmountAreOnePurchase() throws {
        try chat.connectOlhasCard()
        let held = row(-150_000, "АЗС ОККО", id: "okko", mcc: 5541, hold: true, hoursAgo: 26)
        try feed([held])
        let day = LocalDate(held.time, in: kyiv)
        let stamp = "\(day.day).\(day.month).\(day.year) 08:05:00"
        let csv = StatementImportTests.header + "\n\(stamp),OKKO,5541,-1432.18,-1432.18,UAH,—,—,—,5000\n"
        let id = try chat.ledger.statements.addImport(member: olha, chatID: Sender.olha.id, fileID: "f", fileName: "s.csv", progressOutboxID: nil)
        try chat.ledger.statements.storeFetched(id, data: Array(csv.utf8))
        let source = try #require(ConversationHandler.jobSources.first { $0.name == "statements" })
        for job in try chat.handler.dueJobs(source) { try chat.ledger.transaction { try job.perform() } }
        #expect(try entries().map(\.amount.minorUnits) == [143_218], "one purchase, at the bank's final amount")
        #expect(try spent() == 143_218)
    }

    @Test func aTypedEntryKeepsItsDayWhicheverComesFirst() throws {
        try chat.connectOlhasCard()
        // Typed for yesterday, the bank books it today (20 and 21 November).
        try said("таксі 120 вчора")
        try feed([row(-12_000, "Uklon", id: "t1", mcc: 4121)])
        // The bank brought it on the 21st; she types it for the 20th afterwards.
        try feed([row(-30_000, "Bolt", id: "t2", mcc: 4121, hoursAgo: 0.5)])
        try said("таксі 300 вчора")
        let taxis = try entries().filter { $0.note == "таксі" }
        #expect(taxis.count == 2 && taxis.allSatisfy { $0.date == LocalDate(iso: "2026-11-20") }, "\(taxis.map(\.date))")
        #expect(try spent() == 42_000)
    }
}
