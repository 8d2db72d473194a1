@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A budget's alert is once per threshold for each audience: a member told of their own
/// private spending does not use up the family's alert.
@Suite struct BudgetAlertAudienceTests {
    let chat = try! TestConversation()
    let group: Int64 = -7_001

    @Test func afterAPrivateAlertTheFamilyIsStillToldWhenItsOwnViewCrosses() throws {
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        try chat.say("/budget кафе 500")
        let privately = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                      text: "кава 450 #приватно"))
        #expect(privately.texts(in: Sender.olha.id).contains { $0.contains("⚠️ Кафе") }, "\(privately.map(\.text))")
        #expect(privately.texts(in: group).isEmpty, "the family sees nothing private")
        let openly = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "кава 420"))
        #expect(openly.texts(in: group).contains { $0.contains("⚠️ Кафе") }, "\(openly.map(\.text))")
        let again = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "кава 10"))
        #expect(!again.texts(in: group).contains { $0.contains("⚠️") }, "once per threshold for the family too")
    }
}
