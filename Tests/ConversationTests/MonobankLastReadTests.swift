import Banking
@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// `/monobank` says when each followed card or jar was last read from the bank.
@Suite struct MonobankLastReadTests {
    let chat = try! TestConversation()

    @Test func eachFollowedAccountSaysWhenItWasLastRead() throws {
        try chat.connectOlhasCard(jars: ["Відпустка"])
        let olha = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        for account in try chat.ledger.monobank.accounts(memberID: olha.id) {
            _ = try chat.ledger.monobank.toggle(accountRowID: account.id, memberID: olha.id)
        }
        try chat.ledger.transaction { try chat.handler.monobankReceived(memberID: olha.id, accountID: "acc", facts: [], cursor: testNow) }
        let shown = try chat.say("/monobank").joined(separator: "\n")
        #expect(shown.contains("• *1234: прочитано 21 листопада о 10:00"), "\(shown)")
        #expect(shown.contains("• Відпустка: ще не прочитано"), "\(shown)")
    }
}
