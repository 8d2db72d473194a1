extension BotAPI {
    /// Deletes a message: in a private chat, the member's own within 48 hours; in a group, only
    /// with the right to delete. "message to delete not found" is a bad request, never retried.
    @discardableResult
    public func deleteMessage(chatID: Int64, messageID: Int) async throws -> Bool {
        try await call("deleteMessage", ["chat_id": chatID, "message_id": messageID])
    }
}
