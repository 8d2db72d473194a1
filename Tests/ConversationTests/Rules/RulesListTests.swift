import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// `/rules` of a household that taught hundreds of words: ten at a time, every one removable
/// (only the first 30 had a button), and a removal keeps its reader on the page they were on.
@Suite struct RulesListTests {
    let chat = try! TestConversation()
    var me: ChatRef { ChatRef(id: Sender.olha.id, kind: .privateChat) }

    @Test func twoHundredRulesArePagedAndAnyOfThemRemoved() throws {
        try chat.say("/start")
        let householdID = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)).householdID
        for n in 1...200 { try chat.ledger.rules.learn(stems: ["слово\(n)"], category: "home", householdID: householdID) }
        let view = try #require(try chat.send(IncomingMessage(chat: me, sender: .olha, text: "/rules")).last)
        #expect(TelegramMarkupValidation.refusal(view.buttons.map { $0.map { ($0.title, $0.data) } }) == nil)
        #expect(view.buttons.count == 11 && view.buttons.last?.map(\.data) == ["rule:pg:0", "rule:pg:1"])
        let last = try #require(try chat.press("rule:pg:19", from: .olha, messageID: view.messageID).first { $0.kind == .edit })
        #expect(last.buttons.last?.map(\.title) == ["◀️", "20/20"])
        let removed = try #require(last.buttons.first?.first)
        let after = try chat.press(removed.data, from: .olha, messageID: view.messageID)
        #expect(after.contains { $0.kind == .notice && $0.text == "Правило видалено" })
        let page = try #require(after.first { $0.kind == .edit })
        #expect(page.buttons.last?.map(\.title) == ["◀️", "20/20"], "still on the last page")
        #expect(!page.buttons.joined().contains { $0.data == removed.data })
        #expect(try chat.ledger.rules.list(householdID: householdID).count == 199)
        let stranger = try chat.press("rule:pg:1", from: .stranger, messageID: view.messageID)
        #expect(!stranger.contains { $0.kind == .edit })
    }
}
