import Foundation

/// Checks an inline keyboard the way Telegram does, closely enough to refuse what it refuses,
/// with its error texts: more than 100 buttons in all ("reply markup is too long", as bots
/// that sent a long list learned: pyTelegramBotAPI #511, node-telegram-bot-api #200), and a
/// `callback_data` outside 1–64 bytes of UTF-8 (`BUTTON_DATA_INVALID`; the Bot API
/// documentation). Used by the fake Bot API on every send and edit, and by conversation tests
/// on the outbox's buttons directly.
public enum TelegramMarkupValidation {
    public static let maxButtons = 100
    public static let maxCallbackDataBytes = 64

    /// Telegram's description of the refusal (after `Bad Request: `), or nil when it would
    /// take `rows` of `(text, callback_data)`.
    public static func refusal(_ rows: [[(text: String, data: String?)]]) -> String? {
        if rows.reduce(0, { $0 + $1.count }) > maxButtons { return "reply markup is too long" }
        for button in rows.joined() {
            if let data = button.data, data.utf8.isEmpty || data.utf8.count > maxCallbackDataBytes {
                return "BUTTON_DATA_INVALID"
            }
        }
        return nil
    }

    /// The same for `reply_markup` as sent: a JSON object with `inline_keyboard`, an array of
    /// arrays of buttons.
    public static func refusal(json: String) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] else {
            return "can't parse reply keyboard markup JSON object"
        }
        guard let keyboard = object["inline_keyboard"] else { return nil }
        guard let rows = keyboard as? [[[String: Any]]] else {
            return "field \"inline_keyboard\" of the InlineKeyboardMarkup must be an Array of Arrays"
        }
        return refusal(rows.map { row in row.map { (text: $0["text"] as? String ?? "", data: $0["callback_data"] as? String) } })
    }
}
