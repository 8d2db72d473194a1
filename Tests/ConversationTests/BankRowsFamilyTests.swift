import Banking
@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// New bank rows reach the family's rules like typed entries: the budget alerts, and the
/// family group, in one post per statement file or feed poll, never one post per row; a
/// private entry a row turned out to be stays private.
@Suite struct BankRowsFamilyTests {
    let base = StatementImportTests()
    var chat: TestConversation { base.chat }
    let group: Int64 = -8_001

    func linkGroup() throws {
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
    }

    @Test func aStatementIsOneFamilyPostAndItsPurchasesReachTheBudget() throws {
        try chat.say("/start")
        try linkGroup()
        try chat.say("/budget кафе 500")
        try chat.say("кава 85 18.11 #приватно")
        _ = try ConsoleDelivery(ledger: chat.ledger).deliver()
        let csv = StatementImportTests.header + """

            18.11.2026 12:10:00,Кав'ярня Львівська,5814,-85,-85,UAH,—,—,—,1000
            18.11.2026 13:00:00,Пузата хата,5812,-250,-250,UAH,—,—,—,1085
            17.11.2026 13:00:00,Пузата хата,5812,-200,-200,UAH,—,—,—,1235
            16.11.2026 19:00:00,Сільпо,5411,-210,-210,UAH,—,—,—,1435
            """
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let id = try chat.ledger.statements.addImport(member: member, chatID: Sender.olha.id, fileID: "f", fileName: "s.csv", progressOutboxID: nil)
        try chat.ledger.statements.storeFetched(id, data: Array(csv.utf8))
        let source = try #require(ConversationHandler.jobSources.first { $0.name == "statements" })
        for job in try chat.handler.dueJobs(source) { try chat.ledger.transaction { try job.perform() } }
        let lines = try ConsoleDelivery(ledger: chat.ledger).deliver()
        let posts = lines.texts(in: group)
        let post = try #require(posts.first { $0.hasPrefix("📄") }, "\(posts)")
        #expect(posts.filter { $0.hasPrefix("📄") }.count == 1, "one post for the file: \(posts)")
        #expect(post.hasPrefix("📄 Оля: 3 нові операції з виписки · 660 ₴"), "\(post)")
        #expect(!post.contains("Кав'ярня") && !post.contains("85 ₴"), "her private coffee, which the row was, stays hers: \(post)")
        #expect(posts.contains { $0.hasPrefix("⚠️ Кафе: витрачено 90%") }, "450 of 500 ₴ as the family sees it: \(posts)")
    }

    @Test func aFeedPollIsOneFamilyPost() throws {
        try chat.connectOlhasCard()
        try linkGroup()
        try chat.say("/budget кафе 300")
        _ = try ConsoleDelivery(ledger: chat.ledger).deliver()
        let olha = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let rows = [("Пузата хата", Int64(-20_000), "r1"), ("Aroma Kava", Int64(-8_500), "r2"), ("Сільпо", Int64(-43_004), "r3")].map {
            BankFact(bank: .monobank, account: "acc", time: testNow.addingTimeInterval(-600), amount: Money(minorUnits: $0.1, currency: .uah),
                     mcc: $0.0 == "Сільпо" ? 5411 : 5814, description: $0.0, bankID: $0.2)
        }
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: olha.id, accountID: "acc", facts: rows, cursor: testNow) }
        let posts = try ConsoleDelivery(ledger: chat.ledger).deliver().texts(in: group)
        #expect(posts.filter { $0.hasPrefix("🏦 Оля:") }.count == 1, "\(posts)")
        let post = try #require(posts.first { $0.hasPrefix("🏦 Оля:") })
        #expect(post.hasPrefix("🏦 Оля: 3 нові операції з Монобанку · 715,04 ₴") && post.contains("Aroma Kava"), "\(post)")
        #expect(posts.contains { $0.hasPrefix("⚠️ Кафе") }, "285 of 300 ₴: the family hears it like a typed coffee: \(posts)")
    }
}
