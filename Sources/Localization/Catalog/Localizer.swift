import KopiykaCore

/// The catalog seen in one language: `l("export.done", ["count": 5])` → `✅ Експорт готовий: 5 записів.`
///
/// A key missing in the language falls back to English, then to the key itself, so a slip
/// shows up in the chat instead of crashing; `Catalog.problems()` makes it fail CI instead.
public struct Localizer: Sendable {
    public let language: Language
    let catalog: Catalog

    public func callAsFunction(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        guard let message = message(key) else { return key }
        return message.render(language, arguments)
    }

    /// The message for `key` in this language or else in English; the message renders in
    /// this language's plural rules and number format either way.
    public func message(_ key: String) -> Message? {
        catalog.message(key, in: language) ?? catalog.message(key, in: .en)
    }

    /// The localized name of a built-in category; a household's own category (no key in the
    /// locales) shows as its key.
    public func categoryName(_ category: CategoryKey) -> String {
        message("category.\(category.rawValue)")?.render(language) ?? category.rawValue
    }

    public func accountName(_ account: AccountKey) -> String {
        message("account.\(account.rawValue)")?.render(language) ?? account.rawValue
    }

    /// `Листопад 2026`, `Ноябрь 2026`, `November 2026`.
    public func monthTitle(year: Int, month: Int) -> String {
        self("date.month_year", [
            "month": .text(self("month.nominative.\(month)")), "year": .text(String(year)),
        ])
    }

    /// `12 листопада`, `12 ноября`, `November 12`.
    public func dayAndMonth(_ date: LocalDate) -> String {
        self("date.day_month", [
            "day": .text(String(date.day)), "month": .text(self("month.genitive.\(date.month)")),
        ])
    }

    public func money(_ money: Money, style: MoneyFormatter.Style = .compact) -> String {
        MoneyFormatter(language, style: style).string(money)
    }

    public func number(_ value: Int) -> String {
        NumberFormat(language).string(value)
    }

    public func number(_ value: DecimalNumber) -> String {
        NumberFormat(language).string(value)
    }
}
