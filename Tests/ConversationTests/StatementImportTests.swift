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
    let chat = try! TestConversation()
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

    /// The statement's own spending, each row once.
    func statementSpending() throws -> Int64 {
        guard case .success(let statement) = StatementReader.read(Self.october, fileName: "s.csv") else { throw Unreadable() }
        return zip(statement.facts, FactRoles.classify(statement.facts)).filter { $0.1 == .spending }
            .reduce(0) { $0 - $1.0.amount.minorUnits }
    }

    struct Unreadable: Error {}

    @Test func typedPurchasesAreLinkedOthersRecordedAndTheMonthCountsEachOnce() throws {
        try chat.say("/start")
        try chat.say("атб 284,89 31.10")
        try chat.say("кіно 318,67 27.10")
        let summary = try importStatement(Self.october).joined(separator: "\n")
        #expect(summary.contains("📄 Виписка Монобанку:"), "\(summary)")
        #expect(summary.contains("🔗 збіглися з вашими записами: 2"), "\(summary)")
        #expect(summary.contains("➕ нових записів:"), "\(summary)")
        #expect(try octoberSpending() == statementSpending(), "a purchase typed and in the statement counts once")
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
