import Foundation

/// `edited_message`: a person changes the text of a message they sent earlier.
extension FakeBotAPI {
    /// Queues an edit of message `messageID` in `chatID` (private when > 0, else a supergroup)
    /// to `text`, by `fromID` (the chat's own id by default).
    @discardableResult
    public func enqueueEdit(chatID: Int64, messageID: Int, text: String, fromID: Int64? = nil, firstName: String = "Olena",
                            languageCode: String = "uk") -> Int64 {
        var chat: [String: Any] = ["id": chatID, "type": chatID > 0 ? "private" : "supergroup"]
        if chatID < 0 { chat["title"] = "Family" }
        let message: [String: Any] = [
            "message_id": messageID, "date": Self.now() - 60, "edit_date": Self.now(), "chat": chat, "text": text,
            "from": ["id": fromID ?? chatID, "is_bot": false, "first_name": firstName, "language_code": languageCode],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: ["edited_message": message])) ?? Data()
        return enqueue(updateJSON: String(decoding: data, as: UTF8.self))
    }
}
