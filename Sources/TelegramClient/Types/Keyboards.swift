public struct InlineKeyboardMarkup: Sendable, Equatable, Codable {
    public var inlineKeyboard: [[InlineKeyboardButton]]

    public init(_ rows: [[InlineKeyboardButton]]) { self.inlineKeyboard = rows }

    private enum CodingKeys: String, CodingKey { case inlineKeyboard = "inline_keyboard" }
}

public struct InlineKeyboardButton: Sendable, Equatable, Codable {
    public var text: String
    /// 1–64 bytes (UTF-8), not characters.
    public var callbackData: String?
    public var url: String?

    public init(text: String, callbackData: String) {
        self.text = text
        self.callbackData = callbackData
    }

    public init(text: String, url: String) {
        self.text = text
        self.url = url
    }

    private enum CodingKeys: String, CodingKey {
        case text, url
        case callbackData = "callback_data"
    }
}

public struct BotCommand: Sendable, Equatable, Codable {
    /// ≤ 32 characters of Latin letters, digits and `_`, without the slash.
    public var command: String
    public var description: String

    public init(command: String, description: String) {
        self.command = command
        self.description = description
    }
}
