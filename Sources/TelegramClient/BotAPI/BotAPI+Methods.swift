import FoundationEssentials
import HTTP

public enum ParseMode: String, Sendable, Encodable {
    case html = "HTML"
}

extension BotAPI {
    /// The kinds the bot handles. `allowed_updates` is sticky on Telegram's side, so it is
    /// always sent: a previous deployment's setting must not silently hide callbacks.
    public static let allowedUpdates = ["message", "edited_message", "callback_query", "my_chat_member"]

    public func getMe() async throws -> User {
        try await call("getMe")
    }

    /// The HTTP timeout is the poll timeout plus 15 s, so a slow network cannot be mistaken
    /// for an empty poll and a dead connection is noticed within a minute.
    public func getUpdates(
        offset: Int64?, timeout: Int = 50, limit: Int = 100,
        allowedUpdates: [String] = BotAPI.allowedUpdates
    ) async throws -> [Update] {
        try await call(
            "getUpdates",
            ["offset": offset, "timeout": timeout, "limit": limit, "allowed_updates": allowedUpdates],
            timeout: .seconds(timeout + 15), scan: Self.scanUpdates)
    }

    /// Never drops pending updates: they are the family's unsaved entries.
    @discardableResult
    public func deleteWebhook(dropPendingUpdates: Bool = false) async throws -> Bool {
        try await call("deleteWebhook", ["drop_pending_updates": dropPendingUpdates])
    }

    public func getWebhookInfo() async throws -> WebhookInfo {
        try await call("getWebhookInfo")
    }

    /// `languageCode` empty or nil: the fallback list for every language without its own.
    @discardableResult
    public func setMyCommands(_ commands: [BotCommand], languageCode: String? = nil) async throws -> Bool {
        let code = languageCode.flatMap { $0.isEmpty ? nil : $0 }
        return try await call("setMyCommands", ["commands": commands, "language_code": code])
    }

    public func sendMessage(
        chatID: Int64, text: String, parseMode: ParseMode? = .html,
        replyMarkup: InlineKeyboardMarkup? = nil, messageThreadID: Int? = nil,
        replyToMessageID: Int? = nil
    ) async throws -> SentMessage {
        let body = Self.sendMessageBody(chatID: chatID, text: text, parseMode: parseMode, replyMarkup: replyMarkup,
                                        messageThreadID: messageThreadID, replyToMessageID: replyToMessageID)
        return try await call("sendMessage", body: body, scan: SentMessage.scan)
    }

    /// Returns the edited message's id. A "message is not modified" error means the text already
    /// shows: `BotAPIFailure` classifies it as `.notModified`.
    @discardableResult
    public func editMessageText(
        chatID: Int64, messageID: Int, text: String, parseMode: ParseMode? = .html,
        replyMarkup: InlineKeyboardMarkup? = nil
    ) async throws -> SentMessage {
        let body = Self.editMessageTextBody(chatID: chatID, messageID: messageID, text: text, parseMode: parseMode,
                                            replyMarkup: replyMarkup)
        return try await call("editMessageText", body: body, scan: SentMessage.scan)
    }

    /// Always call it for every callback query, even with no text: the client shows a
    /// spinner until then.
    @discardableResult
    public func answerCallbackQuery(id: String, text: String? = nil) async throws -> Bool {
        try await call("answerCallbackQuery", ["callback_query_id": id, "text": text])
    }

    /// Uploads `data` as a file named `fileName` (≤ 50 MB) with multipart/form-data.
    public func sendDocument(chatID: Int64, fileName: String, data: Data, caption: String? = nil) async throws -> SentMessage {
        try await upload("sendDocument", field: "document", chatID: chatID, fileName: fileName,
                         contentType: "application/octet-stream", data: data, caption: caption)
    }

    /// A picture (≤ 10 MB); Telegram recompresses it. `contentType` is the image's, e.g. image/png.
    public func sendPhoto(chatID: Int64, fileName: String, contentType: String, data: Data, caption: String? = nil,
                          messageThreadID: Int? = nil) async throws -> SentMessage {
        try await upload("sendPhoto", field: "photo", chatID: chatID, fileName: fileName, contentType: contentType,
                         data: data, caption: caption, messageThreadID: messageThreadID)
    }

    /// multipart/form-data: the only way to upload a file.
    private func upload(_ method: String, field: String, chatID: Int64, fileName: String, contentType: String,
                        data: Data, caption: String?, messageThreadID: Int? = nil) async throws -> SentMessage {
        var parts = [MultipartPart(name: "chat_id", value: String(chatID))]
        if let messageThreadID { parts.append(MultipartPart(name: "message_thread_id", value: String(messageThreadID))) }
        if let caption {
            parts.append(MultipartPart(name: "caption", value: caption))
            parts.append(MultipartPart(name: "parse_mode", value: ParseMode.html.rawValue))
        }
        parts.append(MultipartPart(name: field, fileName: fileName, contentType: contentType, data: data))
        return try await callMultipart(method, parts)
    }
}
