import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Every query the bot makes on the way of a message is served by an index: on a ledger with
/// a long history across several households, handling messages and commands steps through
/// no full table scan of a table that grows with that history.
@Suite struct HotPathIndexTests {
    @Test func messagesAndCommandsScanNoTable() throws {
        let chat = try TestConversation(botUsername: "kopiyka_bot")
        let others = (0..<5).map { Sender(id: 5_000 + Int64($0), firstName: "Інший \($0)", languageCode: "uk") }
        for (index, sender) in (others + [.olha]).enumerated() {
            try chat.say("/start", from: sender)
            _ = try chat.handle(.addedToGroup(ChatRef(id: -100 - Int64(index), kind: .group), by: sender))
        }
        // A history: every household writes over several months, posted to its group.
        for day in 0..<90 {
            chat.clock.set(testNow.addingTimeInterval(Double(-day) * 86_400))
            for sender in others + [.olha] { try chat.say("кава \(day + 10), таксі \(day + 100)", from: sender) }
        }
        chat.clock.set(testNow)
        try chat.say("/budget кафе 3000")
        let before = chat.ledger.fullScanSteps
        for text in ["кава 85 картка", "/report", "/report минулий", "/budget", "/history 5", "/today", "/week", "/undo", "/rules", "/family"] {
            try chat.say(text)
        }
        let confirmation = try #require(try chat.send(IncomingMessage(
            chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "шаурма 120")).last { !$0.buttons.isEmpty })
        _ = try chat.press(confirmation.buttons[0][1].data, from: .olha, messageID: confirmation.messageID)
        _ = try chat.press(confirmation.buttons[0][0].data, from: .olha, messageID: confirmation.messageID)
        // The outbox's pending rows are read by walking a partial index that holds only them:
        // bounded by what is queued, not by the history, though SQLite counts it as a scan.
        let scanning = chat.ledger.fullScanSteps.filter { before[$0.key] != $0.value && !$0.key.contains("WHERE o.state = 'pending'") }
        #expect(scanning.isEmpty, "\(scanning)")
    }
}
