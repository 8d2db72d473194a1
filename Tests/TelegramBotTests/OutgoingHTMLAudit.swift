import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import TelegramClient

/// A conversation on a temp database whose every queued row is checked the way Telegram
/// would take it, before the console delivers it: each piece the sender would send is valid
/// HTML within 4,096 visible characters, an edit fits one message, a caption 1,024, a
/// button's answer 200, a keyboard at most 100 buttons with `callback_data` of 1–64 bytes
/// and labels of 1–100 characters (Telegram documents no label limit; this keeps them sane).
final class OutgoingHTMLAudit {
    let chat: TestConversation
    private(set) var problems: [String] = []
    private(set) var rowsChecked = 0
    private var nextID: Int64 = 1
    var step = ""

    init() throws {
        chat = try TestConversation(botUsername: "kopiyka_bot")
    }

    /// `sender` writes `text` in their private chat (or `group`); returns what was delivered.
    @discardableResult
    func say(_ text: String, from sender: Sender, in group: Int64? = nil, replyingTo target: Int64? = nil) throws -> [ConsoleDelivery.Line] {
        defer { nextID += 1 }
        let chatRef = group.map { ChatRef(id: $0, kind: .group) } ?? ChatRef(id: sender.id, kind: .privateChat)
        return try handle(.message(IncomingMessage(chat: chatRef, sender: sender, text: text, updateID: nextID, messageID: nextID,
                                                   replyToMessageID: target, isReplyToBot: target != nil)))
    }

    /// The message `messageID` edited to `text`.
    @discardableResult
    func edit(_ messageID: Int64, to text: String, from sender: Sender) throws -> [ConsoleDelivery.Line] {
        try handle(.edited(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text,
                                           messageID: messageID)))
    }

    @discardableResult
    func press(_ button: OutboxButton, under line: ConsoleDelivery.Line, from sender: Sender) throws -> [ConsoleDelivery.Line] {
        defer { nextID += 1 }
        return try handle(.callback(CallbackPress(queryID: "q\(nextID)", data: button.data, sender: sender,
                                                  chat: ChatRef(id: line.chatID, kind: line.chatID < 0 ? .group : .privateChat),
                                                  messageID: line.messageID)))
    }

    func handle(_ event: ConversationEvent) throws -> [ConsoleDelivery.Line] {
        try chat.handler.handle(event)
        return try deliver()
    }

    /// The digest, the monthly report, exports: whatever is due by the clock.
    @discardableResult
    func runJobs() throws -> [ConsoleDelivery.Line] {
        try chat.ledger.transaction { try chat.handler.runSchedule() }
        while try chat.ledger.transaction({ try chat.handler.runExportStep() }) {}
        return try deliver()
    }

    private func deliver() throws -> [ConsoleDelivery.Line] {
        for item in try chat.ledger.outbox.pending(limit: 100_000) { check(item) }
        return try ConsoleDelivery(ledger: chat.ledger).deliver()
    }

    private func check(_ item: OutboxItem) {
        rowsChecked += 1
        switch item.content {
        case .message(let html, _, let buttons):
            let pieces = OutgoingText.split(html)
            if pieces.isEmpty { problem("an empty message", html) }
            for piece in pieces { checkHTML(piece, limit: OutgoingText.maxLength, whole: html) }
            check(buttons, html)
        case .edit(_, _, let html, let buttons):
            let pieces = OutgoingText.split(html)
            if pieces.count != 1 { problem("an edit in \(pieces.count) pieces", html) }
            if let first = pieces.first { checkHTML(first, limit: OutgoingText.maxLength, whole: html) }
            check(buttons, html)
        case .callbackAnswer(_, let text):
            if let text, text.count > 200 { problem("a button's answer of \(text.count) characters", text) }
        case .document(_, _, let caption), .photo(_, _, let caption):
            if let caption { checkHTML(caption, limit: OutgoingText.maxCaptionLength, whole: caption) }
        case .delete:
            break
        }
    }

    private func checkHTML(_ piece: String, limit: Int, whole: String) {
        switch TelegramHTMLValidation.visibleText(of: piece) {
        case .failure(let failure): problem("Telegram would refuse it: \(failure.reason)", whole)
        case .success(let visible) where visible.utf16.count > limit: problem("\(visible.utf16.count) characters", whole)
        case .success: break
        }
    }

    private func check(_ keyboard: [[OutboxButton]], _ html: String) {
        let buttons = keyboard.flatMap { $0 }
        if buttons.count > 100 { problem("\(buttons.count) buttons", html) }
        if keyboard.contains(where: { $0.count > 8 }) { problem("a row of more than 8 buttons", html) }
        for button in buttons where button.data.utf8.count > 64 || button.data.isEmpty || button.title.isEmpty
            || button.title.count > 100 {
            problem("button \(button.title.prefix(80)) → \(button.data)", html)
        }
    }

    private func problem(_ what: String, _ text: String) {
        problems.append("\(step): \(what): \(text.prefix(160))")
    }
}
