import FoundationEssentials
import JSON

/// Every reply is a `sendMessage` (or an edit) and every message an update: their JSON is
/// written and read by hand, keys sorted as `JSONEncoder.botAPI` sorts them, so the bytes are
/// the ones it wrote (HandWrittenJSONTests compares them).
extension BotAPI {
    static func sendMessageBody(
        chatID: Int64, text: String, parseMode: ParseMode?, replyMarkup: InlineKeyboardMarkup?,
        messageThreadID: Int?, replyToMessageID: Int?
    ) -> Data {
        var writer = JSONWriter(capacity: text.utf8.count + 128)
        writer.object { body in
            body.int("chat_id", chatID)
            body.int("message_thread_id", messageThreadID.map(Int64.init))
            body.string("parse_mode", parseMode?.rawValue)
            body.keyboard("reply_markup", replyMarkup)
            if let replyToMessageID {
                // Why allow_sending_without_reply: the entry being answered may have been deleted
                // meanwhile; the answer still matters.
                body.object("reply_parameters") {
                    $0.bool("allow_sending_without_reply", true)
                    $0.int("message_id", Int64(replyToMessageID))
                }
            }
            body.string("text", text)
        }
        return Data(writer.bytes)
    }

    static func editMessageTextBody(
        chatID: Int64, messageID: Int, text: String, parseMode: ParseMode?, replyMarkup: InlineKeyboardMarkup?
    ) -> Data {
        var writer = JSONWriter(capacity: text.utf8.count + 128)
        writer.object { body in
            body.int("chat_id", chatID)
            body.int("message_id", Int64(messageID))
            body.string("parse_mode", parseMode?.rawValue)
            body.keyboard("reply_markup", replyMarkup)
            body.string("text", text)
        }
        return Data(writer.bytes)
    }

    /// A batch of plain text messages by hand; nil (and `JSONDecoder`) for anything else.
    static func scanUpdates(_ reader: inout JSONReader) -> [Update]? {
        var updates: [Update] = []
        let read = reader.array { reader in
            guard let update = Update.scan(&reader) else { return false }
            updates.append(update)
            return true
        }
        return read ? updates : nil
    }
}

extension JSONWriter {
    /// `{"inline_keyboard":[[{…},…],…]}`, each button's keys sorted; nothing when nil.
    mutating func keyboard(_ key: StaticString, _ markup: InlineKeyboardMarkup?) {
        guard let markup else { return }
        object(key) { keyboard in
            keyboard.array("inline_keyboard") { rows in
                for row in markup.inlineKeyboard {
                    rows.array { buttons in
                        for button in row {
                            buttons.object {
                                $0.string("callback_data", button.callbackData)
                                $0.string("text", button.text)
                                $0.string("url", button.url)
                            }
                        }
                    }
                }
            }
        }
    }
}
