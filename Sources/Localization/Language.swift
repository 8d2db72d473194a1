/// A language the bot speaks. The raw value is the `Locales/<raw>.json` file name and the
/// value stored in a member's settings.
public enum Language: String, CaseIterable, Sendable, Codable {
    case uk, ru, en

    /// The language of a Telegram `language_code` (`"uk"`, `"ru-RU"`, `"en-GB"`, or none):
    /// anything that is not Ukrainian or Russian gets English.
    public init(telegramCode: String?) {
        let primary = telegramCode?
            .split(whereSeparator: { $0 == "-" || $0 == "_" }).first
            .map { $0.lowercased() }
        switch primary {
        case "uk": self = .uk
        case "ru": self = .ru
        default: self = .en
        }
    }
}
