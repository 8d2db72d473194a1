@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A large statement is read `rowsPerSlice` rows a transaction: the bot answers other chats between
/// slices, and the progress kept with each slice lets a failed slice, or a restart, go on
/// from there without doubles and with the whole file's summary.
@Suite struct StatementSliceTests {
    var chat = try! TestConversation()

    /// `rows` purchases in November, each of its own amount (1 ₴, 2 ₴, …) and minute.
    static func statement(rows: Int) -> Data {
        var text = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,"
            + "Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції\n"
        for n in 0..<rows {
            text += String(format: "%02d.11.2026 %02d:%02d:00,Shop %d,5411,-%d.00,-%d.00,UAH,—,—,—,1000.00\n",
                           1 + n / 1_440, n / 60 % 24, n % 60, n, n + 1, n + 1)
        }
        return Data(text.utf8)
    }

    struct Crash: Error {}

    /// `1 200` as the summary writes it.
    static func grouped(_ n: Int) -> String { n >= 1_000 ? "\(n / 1_000) \(String(format: "%03d", n % 1_000))" : "\(n)" }

    @Test func aLargeStatementIsReadInSlicesThatGoOnWithoutDoubles() throws {
        try chat.say("/start")
        let size = StatementsFeature.rowsPerSlice, total = StatementsFeature.rowsPerSlice * 12 / 5
        try chat.say("продукти \(2 * size) 1.11")  // The second slice's last row.
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let importID = try chat.ledger.statements.addImport(member: member, chatID: Sender.olha.id, fileID: "f", fileName: "s.csv",
                                                            progressOutboxID: nil)
        try chat.ledger.statements.storeFetched(importID, data: Array(Self.statement(rows: total)))
        _ = try ConsoleDelivery(ledger: chat.ledger).deliver()
        let source = try #require(ConversationHandler.jobSources.first { $0.name == "statements" })
        func nextSlice() throws -> ScheduledJob? { try chat.handler.dueJobs(source).first }
        func stored() throws -> Int {
            try [BankFactState.recorded, .linked].reduce(0) { $0 + (try chat.ledger.statements.facts(
                householdID: member.householdID, state: $1, limit: 5_000).count) }
        }

        try chat.ledger.transaction { try #require(try nextSlice()).perform() }
        #expect(try stored() == size, "one slice, one transaction")
        #expect(try chat.ledger.statements.imports(in: .fetched).count == 1 && chat.ledger.statements.progress(importID).nextRow == size)

        // The second slice fails after taking its rows: they go back with its progress.
        let second = try #require(try nextSlice())
        #expect(throws: Crash.self) { try chat.ledger.transaction { try second.perform(); throw Crash() } }
        #expect(try stored() == size && chat.ledger.statements.progress(importID).nextRow == size)

        chat.handler.statementReading.forget()  // As after a restart: the file is parsed again.
        var slices = 0
        while let job = try nextSlice(), slices < 10 {
            try chat.ledger.transaction { try job.perform() }
            slices += 1
        }
        #expect(slices == 2)
        #expect(try stored() == total && chat.ledger.entries.count(householdID: member.householdID) == total,
                "every row once: all but one recorded, the typed one linked")
        let summary = try ConsoleDelivery(ledger: chat.ledger).deliver().map(\.text).joined(separator: "\n")
            .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(summary.contains("\(Self.grouped(total)) операцій") && summary.contains("➕ нових записів: \(Self.grouped(total - 1))")
                    && summary.contains("🔗 збіглися з вашими записами: 1"), "\(summary)")
        #expect(try chat.ledger.statements.progress(importID) == StatementProgress(), "its progress goes with it")
        #expect(try chat.ledger.statements.imports(in: .read).count == 1)
    }

    @Test func aBotThatParsesApartIsOfferedNoSliceUntilTheReadingComes() throws {
        chat.handler.settings.parsesStatementsApart = true
        try chat.say("/start")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let importID = try chat.ledger.statements.addImport(member: member, chatID: Sender.olha.id, fileID: "f", fileName: "s.csv",
                                                            progressOutboxID: nil)
        try chat.ledger.statements.storeFetched(importID, data: Array(Self.statement(rows: 600)))
        let source = try #require(ConversationHandler.jobSources.first { $0.name == "statements" })
        #expect(try chat.handler.dueJobs(source).isEmpty, "no job to spin on while it waits to be parsed")

        chat.handler.keep(StatementReading(try #require(try chat.handler.statementFileToParse())))
        var slices = 0
        while let job = try chat.handler.dueJobs(source).first, slices < 10 {
            try chat.ledger.transaction { try job.perform() }
            slices += 1
        }
        #expect(try slices == 2 && chat.ledger.entries.count(householdID: member.householdID) == 600)
    }
}
