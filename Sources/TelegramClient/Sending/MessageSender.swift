/// Sends one `OutgoingMessage` and classifies the result; never throws. The durable outbox
/// (in the ledger) decides what to do with each outcome, paced by `SendPacer`.
public struct MessageSender: Sendable {
    private let api: BotAPI

    public init(api: BotAPI) { self.api = api }

    public func send(_ message: OutgoingMessage) async -> SendOutcome {
        do {
            switch message {
            case .text(let chatID, let text, let markup, let thread, let replyTo, let parseMode):
                let sent = try await api.sendMessage(
                    chatID: chatID, text: text, parseMode: parseMode, replyMarkup: markup, messageThreadID: thread,
                    replyToMessageID: replyTo)
                return .sent(messageID: sent.messageID)
            case .edit(let chatID, let messageID, let text, let markup, let parseMode):
                let edited = try await api.editMessageText(chatID: chatID, messageID: messageID, text: text,
                                                           parseMode: parseMode, replyMarkup: markup)
                return .sent(messageID: edited.messageID)
            case .callbackAnswer(let queryID, let text):
                try await api.answerCallbackQuery(id: queryID, text: text)
                return .sent(messageID: nil)
            case .document(let chatID, let fileName, let data, let caption):
                let sent = try await api.sendDocument(chatID: chatID, fileName: fileName, data: data, caption: caption)
                return .sent(messageID: sent.messageID)
            case .delete(let chatID, let messageID):
                try await api.deleteMessage(chatID: chatID, messageID: messageID)
                return .sent(messageID: nil)
            case .photo(let chatID, let fileName, let data, let caption, let thread):
                let sent = try await api.sendPhoto(chatID: chatID, fileName: fileName, contentType: "image/png", data: data,
                                                   caption: caption, messageThreadID: thread)
                return .sent(messageID: sent.messageID)
            }
        } catch {
            return outcome(for: error, of: message)
        }
    }

    private func outcome(for error: any Error, of message: OutgoingMessage) -> SendOutcome {
        let reason = api.redact(String(describing: error))
        switch BotAPIFailure(error) {
        case .retryAfter(let seconds): return .retryAfter(seconds: seconds)
        case .chatMigrated(let newID): return .chatMigrated(newChatID: newID)
        case .notModified:
            if case .edit(_, let messageID, _, _, _) = message { return .sent(messageID: messageID) }
            return .sent(messageID: nil)
        case .queryTooOld: return .sent(messageID: nil)
        case .blocked: return .blocked
        case .badRequest(let description) where description.lowercased().contains("can't parse entities"):
            return .malformed(reason: reason)
        case .badRequest, .unauthorized: return .failedPermanently(reason: reason)
        case .conflict, .transient, .cancelled: return .transient(reason: reason)
        }
    }
}
