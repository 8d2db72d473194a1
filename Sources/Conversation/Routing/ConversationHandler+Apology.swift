import Ledger
import Localization

extension ConversationHandler {
    /// Tells whoever sent an update the bot gave up (it crashed or failed three times) that it
    /// was skipped, in their language: the one stored for a member, else their Telegram one.
    /// Nothing for events nobody wrote (a removal, a block, a migration), nor for a group's
    /// sticker or voice note, which got no answer anyway.
    public func apologize(for event: ConversationEvent) throws {
        switch event {
        case .message(let message), .edited(let message):
            try ledger.outbox.enqueue(.message(html: apology(to: message.sender), replyTo: message.messageID),
                               chatID: message.chat.id, threadID: message.chat.threadID)
        case .nonText(let message) where message.chat.kind == .privateChat:
            try ledger.outbox.enqueue(.message(html: apology(to: message.sender), replyTo: message.messageID), chatID: message.chat.id)
        case .callback(let press):
            // The answer also stops the spinner on the button.
            try ledger.outbox.enqueue(.callbackAnswer(queryID: press.queryID, text: apology(to: press.sender)),
                               chatID: press.chat?.id ?? press.sender.id)
        case .addedToGroup(let chat, let by):
            try ledger.outbox.enqueue(.message(html: apology(to: by)), chatID: chat.id, threadID: chat.threadID)
        case .nonText, .removedFromGroup, .blocked, .chatMigrated:
            return
        }
    }

    func apology(to sender: Sender) throws -> String {
        let stored = try ledger.families.member(telegramUserID: sender.id).flatMap { Language(rawValue: $0.language) }
        return catalog[stored ?? WelcomeFeature(context).language(of: sender)]("update.skipped")
    }
}
