import Banking
import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

extension TestConversation {
    static let monobankToken = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"

    /// Оля's Monobank card `acc`, connected and read to a day ago (so new rows are not a first
    /// month), with her `jars` listed beside it.
    func connectOlhasCard(jars: [String] = []) throws {
        try say("/start")
        try say(Self.monobankToken)
        let id = try #require(try ledger.families.member(telegramUserID: Sender.olha.id)).id
        try ledger.transaction {
            try handler.monobankChecked(memberID: id, accounts: [MonobankAccount(accountID: "acc", kind: .card, label: "*1234", currency: .uah)]
                                        + jars.map { MonobankAccount(accountID: "jar-\($0)", kind: .jar, label: $0, currency: .uah) })
            try ledger.monobank.advance(memberID: id, accountID: "acc", to: testNow.addingTimeInterval(-86_400))
        }
    }
}
