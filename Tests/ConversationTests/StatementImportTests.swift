import Banking
@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A Monobank statement read into a household that typed some of its purchases: each purchase
/// counts once, the unsure ones wait for the member, and the same file twice adds nothing.
@Suite struct StatementImportTests {
    var chat = try! TestConversation()
    static let october = try! Data(contentsOf: #require(Bundle.module.url(forResource: "Fixtures/monobank-black-uah-2026-10", withExtension: "csv")))

    /// Hands `data` to the statements job as the bot's fetcher would, runs it, and returns
    /// what the member's chat got.
    func importStatement(_ data: Data, name: String = "statement.csv", from sender: Sender = .olha) throws -> [String] {
        let member = try #require(try chat.ledger.families.member(telegramUserID: sender.id))
        let id = try chat.ledger.statements.addImport(member: member, chatID: sender.id, fileID: "f", fileName: name, progressOutboxID: nil)
        try chat.ledger.statements.storeFetched(id, data: Array(data))
        let source = try #require(ConversationHandler.jobSources.first { $0.name == "statements" })
        for job in try chat.handler.dueJobs(source) { try chat.ledger.transaction { try job.perform() } }
        return try ConsoleDelivery(ledger: chat.ledger).deliver().filter { $0.chatID == sender.id }.map(\.text)
    }

    func octoberSpending() throws -> Int64 {
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let october = try #require(YearMonth(year: 2026, month: 10))
        return try chat.ledger.entries.monthTotals(householdID: member.householdID, months: october...october)
            .filter { $0.kind == .expense }.reduce(0) { $0 + $1.amount.minorUnits }
    }

    /// The statement's own spending, each row once: purchases. Money sent to someone we do not
    /// see waits for the member and counts nowhere meanwhile.
    func statementSpending() throws -> Int64 {
        guard case .success(let statement) = StatementReader.read(Self.october, fileName: "s.csv", now: chat.clock.wallClock.now()) else { throw Unreadable() }
        return zip(statement.facts, FactRoles.classify(statement.facts))
            .filter { $0.1 == .spending }
            .reduce(0) { $0 - $1.0.amount.minorUnits }
    }

    struct Unreadable: Error {}

    /// A Monobank export's header line, for files written in a test.
    static let header = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,"
        + "Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції"

    @Test func typedPurchasesAreLinkedOthersRecordedAndTheMonthCountsEachOnce() throws {
        try chat.say("/start")
        try chat.say("атб 284,89 31.10")
        try chat.say("кіно 318,67 27.10")
        let summary = try importStatement(Self.october).joined(separator: "\n")
        #expect(summary.contains("📄 Виписка Монобанку:"), "\(summary)")
        #expect(summary.contains("🔗 збіглися з вашими записами: 2"), "\(summary)")
        #expect(summary.contains("➕ нових записів:"), "\(summary)")
        #expect(try octoberSpending() == statementSpending(), "a purchase typed and in the statement counts once")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let typed = try chat.ledger.statements.facts(householdID: member.householdID, state: .linked).compactMap(\.entryID)
            .compactMap { try chat.ledger.entries.entry(id: $0) }
        #expect(typed.count == 2 && typed.allSatisfy { $0.account == .monobank }, "paid with the card the bank names")
        #expect(typed.contains { $0.note == "атб" && $0.category == "groceries" }, "the member's words and category stay")
    }

    @Test func twoTypedEntriesThatCouldBeOneRowAreAskedAboutNotGuessed() throws {
        try chat.say("/start")
        try chat.say("атб 430,04 27.10")
        try chat.say("продукти 430,04 26.10")
        let summary = try importStatement(Self.october).joined(separator: "\n")
        #expect(!summary.contains("збіглися"), "\(summary)")
        #expect(summary.contains("❓ потребують вашого рішення:"), "\(summary)")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let asked = try chat.ledger.statements.facts(householdID: member.householdID, state: .ambiguous)
        #expect(asked.contains { $0.fact.amount.minorUnits == -43_004 && $0.fact.description == "АТБ" })
        #expect(try octoberSpending() == statementSpending() + 43_004, "the row asked about adds nothing to what was typed")
    }

    @Test func aPurchaseTypedWithTheWrongDateIsAskedAboutNotCountedTwice() throws {
        try chat.say("/start")
        try chat.say("атб 284,89 25.10")
        let summary = try importStatement(Self.october).joined(separator: "\n")
        #expect(!summary.contains("збіглися"), "six days off is no silent match: \(summary)")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let asked = try chat.ledger.statements.facts(householdID: member.householdID, state: .ambiguous)
        #expect(asked.contains { $0.fact.amount.minorUnits == -28_489 && $0.entryID == nil }, "\(asked.map(\.fact.description))")
        #expect(try octoberSpending() == statementSpending(), "the typed entry stands for the row until she decides")
    }

    @Test func theSameFileAgainAddsNothing() throws {
        try chat.say("/start")
        _ = try importStatement(Self.october)
        let total = try octoberSpending()
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let entries = try chat.ledger.entries.count(householdID: member.householdID)
        let again = try importStatement(Self.october).joined(separator: "\n")
        #expect(again.contains("↩️ уже були з попередньої виписки:"), "\(again)")
        #expect(!again.contains("➕"), "\(again)")
        #expect(try octoberSpending() == total)
        #expect(try chat.ledger.entries.count(householdID: member.householdID) == entries)
    }

    @Test func theFeedsRowsAfterTheSameStatementFileAddNothing() throws {
        try chat.say("/start")
        _ = try importStatement(Self.october)
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let entries = try chat.ledger.entries.count(householdID: member.householdID)
        guard case .success(let statement) = StatementReader.read(Self.october, fileName: "s.csv", now: chat.clock.wallClock.now()) else { throw Unreadable() }
        // The API gives each row an id and names the account; the file did neither.
        let fromFeed = statement.facts.enumerated().map { index, fact in
            var fact = fact
            fact.bankID = "mono-\(index)"
            fact.account = "acc-black"
            return fact
        }
        let taken = try chat.ledger.transaction {
            try StatementsFeature(chat.handler.context).take(fromFeed, member: member, importID: nil)
        }
        #expect(taken.tally.known == fromFeed.count, "\(taken.tally)")
        #expect(taken.recorded.isEmpty)
        #expect(try chat.ledger.entries.count(householdID: member.householdID) == entries)
    }

    @Test func anATMRowMovesMoneyToCashOnceEvenWhenTheWithdrawalWasTyped() throws {
        try chat.say("/start")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        _ = try importStatement(Self.october)
        #expect(try chat.ledger.accounts.transferCount(householdID: member.householdID) == 1, "the ATM row, card → cash")

        let other = try TestConversation()
        try other.say("/start")
        try other.say("зняв готівку 2000 12.10")
        let typed = try #require(try other.ledger.families.member(telegramUserID: Sender.olha.id))
        #expect(try other.ledger.accounts.transferCount(householdID: typed.householdID) == 1)
        let replies = try StatementImportTests(chat: other).importStatement(Self.october)
        #expect(!replies.isEmpty)
        #expect(try other.ledger.accounts.transferCount(householdID: typed.householdID) == 1, "the typed withdrawal is that row")
    }

    @Test(arguments: [
        ("notes.txt", Data("кава 85".utf8), "не схоже на виписку"),
        ("old.xls", Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]), "збережіть як XLSX"),
        ("cut.xlsx", Data("PK\u{3}\u{4}".utf8), "пошкоджений"),
    ])
    func aFileThatIsNotAStatementIsAnsweredInWords(name: String, data: Data, answer: String) throws {
        try chat.say("/start")
        let replies = try importStatement(data, name: name)
        #expect(replies.last?.contains(answer) == true, "\(replies)")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        #expect(try chat.ledger.entries.count(householdID: member.householdID) == 0)
    }
}

/// `/review`: the rows that wait for the member, decided by buttons only they may press.
@Suite struct StatementReviewTests {
    let chat = try! TestConversation()
    let base = StatementImportTests()

    func waiting() throws -> [StoredBankFact] {
        let member = try #require(try base.chat.ledger.families.member(telegramUserID: Sender.olha.id))
        return try base.chat.ledger.statements.waiting(memberID: member.id, limit: 100)
    }

    func buttons(_ lines: [ConsoleDelivery.Line]) -> [String] {
        lines.flatMap { $0.buttons.joined().map(\.data) }
    }

    @Test func eachWaitingRowIsDecidedOnceByItsMember() throws {
        let chat = base.chat
        try chat.say("/start")
        try chat.say("атб 430,04 27.10")
        try chat.say("продукти 430,04 26.10")
        _ = try base.importStatement(StatementImportTests.october)
        let before = try base.octoberSpending()
        let rows = try waiting()
        try #require(rows.count >= 2)
        let shown = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/review"))
        let data = buttons(shown)
        let asked = try #require(rows.first { $0.fact.amount.minorUnits == -43_004 })
        let typed = ReviewButton(factID: asked.id, choice: .typed).encoded
        #expect(data.contains(typed) && typed.hasPrefix("rev:"))

        // Тарас, in another family, presses Оля's button: nothing changes.
        try chat.say("/start", from: .taras)
        let forged = try chat.press(typed, from: .taras)
        #expect(forged.contains { $0.text.contains("чужої виписки") })
        #expect(try waiting().count == rows.count)

        _ = try chat.press(typed, from: .olha)
        #expect(try waiting().count == rows.count - 1)
        #expect(try base.octoberSpending() == before, "a row she had typed adds nothing")
        let again = try chat.press(typed, from: .olha)
        #expect(again.contains { $0.text.contains("вже вирішено") })

        // A transfer to someone: counted nowhere meanwhile, nor once she says it was a transfer.
        let transfer = try #require(try waiting().first { $0.fact.description.contains("На банку") })
        #expect(transfer.entryID == nil)
        let spendingWithout = try base.octoberSpending()
        _ = try chat.press(ReviewButton(factID: transfer.id, choice: .transfer).encoded, from: .olha)
        #expect(try base.octoberSpending() == spendingWithout)
    }

    @Test func theReportSaysRowsWaitOnlyToTheirMember() throws {
        try base.chat.say("/start")
        try base.chat.say("атб 430,04 27.10")
        try base.chat.say("продукти 430,04 26.10")
        _ = try base.importStatement(StatementImportTests.october)
        let report = try base.chat.say("/report жовтень").joined(separator: "\n")
        #expect(report.contains("⏳ 2 операції з банку чекають вашого рішення"), "\(report)")
        #expect(report.contains("/review"))
    }

    @Test func aWaitingRowIsSplitByReplyIntoItsPartsAndCountedOnce() throws {
        let chat = base.chat
        try chat.say("/start")
        _ = try base.importStatement(StatementImportTests.october)
        let row = try #require(try waiting().first { $0.fact.amount.minorUnits < -10_000 })
        let before = try base.octoberSpending()
        let asked = try chat.press(ReviewButton(factID: row.id, choice: .split).encoded, from: .olha)
        let question = try #require(asked.first { $0.kind == .message && $0.text.hasPrefix("✂️") })
        let parts = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                  text: "продукти 50, дім 25", replyToMessageID: question.messageID))
        let confirmed = parts.map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
        #expect(confirmed.contains { $0.contains("продукти · 50 ₴") && $0.contains("дім · 25 ₴") }, "\(confirmed)")
        #expect(try base.octoberSpending() == before - row.fact.amount.minorUnits, "the row's purchase counts once, in its parts")
        let settled = try #require(try chat.ledger.statements.fact(id: row.id))
        #expect(settled.state == .recorded)
        let again = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                  text: "продукти 50", replyToMessageID: question.messageID))
        #expect(again.contains { $0.text.contains("вже вирішено") })
        // The same message id in Тарас's own chat is his own message, not an answer to Оля's question.
        try chat.say("/start", from: .taras)
        _ = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.taras.id, kind: .privateChat), sender: .taras,
                                          text: "продукти 50", replyToMessageID: question.messageID))
        #expect(try chat.ledger.statements.fact(id: row.id)?.entryID == settled.entryID)
    }

    @Test func nothingWaitingSaysSo() throws {
        try base.chat.say("/start")
        #expect(try base.chat.say("/review").last?.contains("Нічого не чекає") == true)
    }
}
