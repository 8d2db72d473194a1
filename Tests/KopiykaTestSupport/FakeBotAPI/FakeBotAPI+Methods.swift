import Foundation

/// The Bot API methods the fake implements, with Telegram's validation and error texts.
extension FakeBotAPI {
    static let maxTextLength = 4096
    static let maxCaptionLength = 1024

    /// Holds the request until an update arrives, the timeout passes, or the fake stops.
    func getUpdates(_ values: [String: String]) -> ServerReply {
        let offset = values["offset"].flatMap { Int64($0) }
        let limit = min(max(values["limit"].flatMap { Int($0) } ?? 100, 1), 100)
        let timeout = min(max(values["timeout"].flatMap { Double($0) } ?? 0, 0), 50)
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        if state.webhookURL != nil { return Self.reply(for: .webhookConflict) }
        if let offset { state.confirm(offset: offset) }
        while state.pending.isEmpty && !state.stopped && condition.wait(until: deadline) {}
        let handed = state.pending.prefix(limit)
        state.timeline.handOut(handed.lazy.map(\.id), at: .now)
        let batch = handed.map { String(decoding: $0.json, as: UTF8.self) }
        let body = #"{"ok":true,"result":["# + batch.joined(separator: ",") + "]}"
        return .respond(status: 200, contentType: "application/json", body: Data(body.utf8))
    }

    func sendMessage(_ values: [String: String]) -> ServerReply {
        guard let chatID = values["chat_id"].flatMap({ Int64($0) }) else {
            return Self.error(400, "Bad Request: chat not found")
        }
        waitWhileHeld(chatID)
        if let refusal = refusal(for: chatID) { return refusal }
        let text = values["text"] ?? ""
        if let invalid = validate(text: text, parseMode: values["parse_mode"], limit: Self.maxTextLength, what: "message")
            ?? validate(markup: values["reply_markup"])
        {
            return invalid
        }
        let replyTo = values["reply_parameters"].flatMap { Self.jsonObject($0)?["message_id"] as? Int }
            ?? values["reply_to_message_id"].flatMap { Int($0) }
        let message = withState { state -> FakeSentMessage in
            let message = FakeSentMessage(
                chatID: chatID, messageID: state.newMessageID(), text: text, parseMode: values["parse_mode"],
                replyMarkup: values["reply_markup"], messageThreadID: values["message_thread_id"].flatMap { Int($0) },
                replyToMessageID: replyTo)
            state.store(message)
            if state.sentWaiters > 0 { condition.broadcast() }
            state.timeline.send(chatID: chatID, at: .now)
            return message
        }
        return Self.ok(messageJSON(message))
    }

    func editMessageText(_ values: [String: String]) -> ServerReply {
        guard let chatID = values["chat_id"].flatMap({ Int64($0) }),
            let messageID = values["message_id"].flatMap({ Int($0) })
        else { return Self.error(400, "Bad Request: message to edit not found") }
        if let refusal = refusal(for: chatID) { return refusal }
        let text = values["text"] ?? ""
        if let invalid = validate(text: text, parseMode: values["parse_mode"], limit: Self.maxTextLength, what: "message")
            ?? validate(markup: values["reply_markup"])
        {
            return invalid
        }
        return withState { state -> ServerReply in
            guard var message = state.message(chatID: chatID, messageID: messageID) else {
                return Self.error(400, "Bad Request: message to edit not found")
            }
            if message.text == text && message.replyMarkup == values["reply_markup"] {
                return Self.error(
                    400,
                    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"
                )
            }
            message.text = text
            message.parseMode = values["parse_mode"]
            message.replyMarkup = values["reply_markup"]
            message.editCount += 1
            state.replace(message)
            return Self.ok(messageJSON(message))
        }
    }

    /// sendDocument and sendPhoto: a multipart upload in `field`.
    func sendFile(_ parameters: DecodedParameters, field: String) -> ServerReply {
        let values = parameters.values
        guard let chatID = values["chat_id"].flatMap({ Int64($0) }) else {
            return Self.error(400, "Bad Request: chat not found")
        }
        if let refusal = refusal(for: chatID) { return refusal }
        guard let file = parameters.files[field] else {
            return Self.error(400, "Bad Request: there is no \(field) in the request")
        }
        let caption = values["caption"] ?? ""
        if !caption.isEmpty,
            let invalid = validate(text: caption, parseMode: values["parse_mode"], limit: Self.maxCaptionLength, what: "caption")
        {
            return invalid
        }
        let message = withState { state -> FakeSentMessage in
            var message = FakeSentMessage(
                chatID: chatID, messageID: state.newMessageID(), text: caption, parseMode: values["parse_mode"])
            message.document = file
            message.messageThreadID = values["message_thread_id"].flatMap { Int($0) }
            state.store(message)
            if state.sentWaiters > 0 { condition.broadcast() }
            return message
        }
        var json = messageJSON(message)
        json["document"] = ["file_name": file.fileName, "file_id": "doc\(message.messageID)", "file_size": file.data.count]
        return Self.ok(json)
    }

    private func waitWhileHeld(_ chatID: Int64) {
        condition.lock()
        defer { condition.unlock() }
        while state.heldChats.contains(chatID) && !state.stopped { condition.wait() }
    }

    /// Blocked chats answer 403, migrated groups 400 with the new id: before any validation,
    /// as on Telegram.
    private func refusal(for chatID: Int64) -> ServerReply? {
        withState { state in
            if state.blockedChats.contains(chatID) {
                return chatID > 0
                    ? Self.error(403, "Forbidden: bot was blocked by the user")
                    : Self.error(403, "Forbidden: bot was kicked from the supergroup chat")
            }
            if let newID = state.migratedChats[chatID] {
                return Self.error(
                    400, "Bad Request: group chat was upgraded to a supergroup chat",
                    parameters: ["migrate_to_chat_id": newID])
            }
            return nil
        }
    }

    /// A keyboard Telegram would refuse is refused, and remembered (`refusedMarkups`) so a test
    /// can say every reply was taken.
    private func validate(markup: String?) -> ServerReply? {
        guard let markup, let refusal = TelegramMarkupValidation.refusal(json: markup) else { return nil }
        withState { $0.refusedMarkups.append(refusal) }
        return Self.error(400, "Bad Request: \(refusal)")
    }

    private func validate(text: String, parseMode: String?, limit: Int, what: String) -> ServerReply? {
        var visible = text
        if parseMode?.lowercased() == "html" {
            switch TelegramHTMLValidation.visibleText(of: text) {
            case .success(let plain): visible = plain
            case .failure(let failure): return Self.error(400, "Bad Request: can't parse entities: \(failure.reason)")
            }
        }
        if what == "message" && visible.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return Self.error(400, "Bad Request: message text is empty")
        }
        if visible.utf16.count > limit {
            return Self.error(400, "Bad Request: \(what == "message" ? "message is too long" : "message caption is too long")")
        }
        return nil
    }

    private func messageJSON(_ message: FakeSentMessage) -> [String: Any] {
        var json: [String: Any] = [
            "message_id": message.messageID, "date": Self.now(),
            "chat": ["id": message.chatID, "type": message.chatID > 0 ? "private" : "supergroup"],
            "from": ["id": 7_000_000_001, "is_bot": true, "first_name": "Kopiyka", "username": botUsername],
        ]
        if message.document == nil { json["text"] = message.text } else if !message.text.isEmpty { json["caption"] = message.text }
        if message.editCount > 0 { json["edit_date"] = Self.now() }
        if let thread = message.messageThreadID { json["message_thread_id"] = thread }
        return json
    }

    private static func jsonObject(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}
