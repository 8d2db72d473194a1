import Conversation
import Foundation
import KopiykaTestSupport
import Ledger
import Testing

/// A split purchase in chat: confirmed as its parts, counted once in the month.
@Suite struct SplitPurchaseChatTests {
    let chat = try! TestConversation()

    @Test func aSplitIsConfirmedAsItsPartsAndTheMonthCountsTheTotalOnce() throws {
        try chat.say("/start")
        let reply = try chat.say("Сільпо 1200: продукти 900, дім 300").joined(separator: "\n")
        #expect(reply.contains("900") && reply.contains("300"), "\(reply)")
        let report = try chat.say("/report").joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(report.contains("1 200"), "\(report)")
        #expect(!report.contains("2 400"), "\(report)")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        #expect(try chat.ledger.entries.count(householdID: member.householdID) == 2)
    }

    @Test func partsBeyondTheTotalGetAHintAndNothingIsStored() throws {
        try chat.say("/start")
        let reply = try chat.say("Сільпо 1200: продукти 900, дім 400").joined()
        #expect(reply.contains("Частини більші за всю суму"), "\(reply)")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        #expect(try chat.ledger.entries.count(householdID: member.householdID) == 0)
    }
}
