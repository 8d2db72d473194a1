import Conversation
import TelegramClient

/// Translates Telegram updates into conversation events: a pure function, tested on the real
/// payloads in the fixtures. nil means "nothing for the conversation" (a channel post, an
/// update kind we do not handle, a service message); the offset still advances.
public enum UpdateRouter {
    public static func event(for update: Update) -> ConversationEvent? {
        switch update.kind {
        case .message(let message):
            if let newID = message.migrateToChatID { return .chatMigrated(from: message.chat.id, to: newID) }
            if let nonText = nonText(message, updateID: update.updateID) { return .nonText(nonText) }
            return incoming(message, updateID: update.updateID).map(ConversationEvent.message)
        case .editedMessage(let message):
            return incoming(message, updateID: update.updateID).map(ConversationEvent.edited)
        case .callbackQuery(let query):
            return .callback(CallbackPress(
                queryID: query.id, data: query.data ?? "", sender: sender(query.from),
                chat: query.message.flatMap { chatRef($0) }, messageID: query.message.map { Int64($0.messageID) }))
        case .myChatMember(let change):
            return membership(change)
        case .unknown:
            return nil
        }
    }

    static func incoming(_ message: Message, updateID: Int64) -> IncomingMessage? {
        guard let from = message.from, from.isBot != true, let chat = chatRef(message),
              let text = message.text ?? message.caption
        else { return nil }
        let reply = message.replyToMessage
        return IncomingMessage(chat: chat, sender: sender(from), text: text, updateID: updateID,
                               messageID: Int64(message.messageID), replyToMessageID: reply.map { Int64($0.messageID) },
                               isReplyToBot: reply?.from?.isBot == true)
    }

    /// A voice note, a sticker, a photo without a caption, any file. A caption is text to read,
    /// except on a file, where the conversation decides (a statement's caption is rarely an entry).
    static func nonText(_ message: Message, updateID: Int64) -> NonTextMessage? {
        guard let media = message.media, let from = message.from, from.isBot != true,
              let chat = chatRef(message)
        else { return nil }
        let caption = message.caption.flatMap { $0.isEmpty ? nil : $0 }
        let kind: NonTextMessage.Kind
        switch media {
        case .document: kind = .document(caption: caption)
        case _ where caption != nil: return nil
        case .voice, .videoNote, .audio: kind = .voice
        case .photo, .video, .animation: kind = .picture
        case .sticker: kind = .sticker
        }
        var nonText = NonTextMessage(chat: chat, sender: sender(from), kind: kind, updateID: updateID,
                                     messageID: Int64(message.messageID))
        nonText.file = message.document.map {
            ReceivedFile(fileID: $0.fileID, name: $0.fileName ?? "", size: $0.fileSize)
        }
        return nonText
    }

    static func chatRef(_ message: Message) -> ChatRef? {
        let kind: ChatRef.Kind
        switch message.chat.type {
        case .private: kind = .privateChat
        case .group, .supergroup: kind = .group
        case .channel, .other: return nil
        }
        // Only a forum topic's thread id routes answers; a reply thread's does not.
        let thread = message.isTopicMessage == true ? message.messageThreadID.map(Int64.init) : nil
        return ChatRef(id: message.chat.id, kind: kind, threadID: thread)
    }

    static func sender(_ user: User) -> Sender {
        Sender(id: user.id, firstName: user.firstName ?? user.username ?? String(user.id),
               lastName: user.lastName, languageCode: user.languageCode)
    }

    static func membership(_ change: ChatMemberUpdated) -> ConversationEvent? {
        let was = change.oldChatMember.status.isPresent
        let now = change.newChatMember.status.isPresent
        guard was != now else { return nil }
        if change.chat.type == .private { return .blocked(chatID: change.chat.id, !now) }
        guard change.chat.isGroup else { return nil }
        guard now else { return .removedFromGroup(chatID: change.chat.id) }
        guard let from = change.from else { return nil }
        return .addedToGroup(ChatRef(id: change.chat.id, kind: .group), by: sender(from))
    }
}
