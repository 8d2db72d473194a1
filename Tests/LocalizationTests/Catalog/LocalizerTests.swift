import Foundation
import KopiykaCore
import Testing
@testable import Localization

/// Exact sentences from the real `Locales/` files.
@Suite struct LocalizerTests {
    static let catalog: Catalog = {
        do { return try Catalog.load() } catch { fatalError("\(error)") }
    }()

    /// Every message that counts something, as the chat renders it: the plural forms live in
    /// these keys (there is no shared `count.*` key a test could check instead).
    static let livePlurals: [(key: String, noun: Noun)] = [
        ("report.summary", .expenses), ("report.category", .expenses), ("report.category.foreign", .expenses),
        ("digest.total", .expenses), ("history.title", .entries), ("today.title", .entries), ("week.title", .entries),
        ("export.done", .entries), ("export.caption", .entries), ("entry.summary.title", .entries),
        ("entry.summary.deleted", .entries), ("budget.left", .days),
    ]

    enum Noun {
        case expenses, entries, days

        /// one, few, many (uk, ru) or one, other (en).
        func forms(_ language: Language) -> [String] {
            switch (self, language) {
            case (.expenses, .uk): ["витрата", "витрати", "витрат"]
            case (.expenses, .ru): ["трата", "траты", "трат"]
            case (.expenses, .en): ["expense", "expenses"]
            case (.entries, .uk): ["запис", "записи", "записів"]
            case (.entries, .ru): ["запись", "записи", "записей"]
            case (.entries, .en): ["entry", "entries"]
            case (.days, .uk): ["день", "дні", "днів"]
            case (.days, .ru): ["день", "дня", "дней"]
            case (.days, .en): ["day", "days"]
            }
        }
    }

    /// The counts the review checked, with the CLDR form index each takes in uk and ru.
    static let counts: [(Int, slavic: Int)] = [
        (0, 2), (1, 0), (2, 1), (3, 1), (4, 1), (5, 2), (11, 2), (12, 2), (14, 2), (21, 0), (22, 1), (25, 2), (101, 0),
        (111, 2),
    ]

    static func arguments(count: MessageArgument) -> [String: MessageArgument] {
        // No digits besides the count's, so the count is the only number in the text.
        ["count": count, "days": count, "spent": "S", "amount": "A", "income": "I", "net": "N", "name": "Кафе",
         "share": "P", "amounts": "F", "left": "L", "daily": "D"]
    }

    @Test(arguments: livePlurals)
    func countsTakeTheRightFormInTheLiveMessages(key: String, noun: Noun) {
        for language in Language.allCases {
            let forms = noun.forms(language)
            for (count, slavic) in Self.counts where !(key == "history.title" && count == 1) {
                let form = language == .en ? forms[count == 1 ? 0 : 1] : forms[slavic]
                let text = Self.catalog[language](key, Self.arguments(count: .number(count)))
                #expect(Self.word(after: "\(count) ", in: text) == form, "\(language) \(key) \(count): \(text)")
            }
        }
    }

    /// The whole word after `prefix`: `5 витрати` is not `5 витрат`.
    static func word(after prefix: String, in text: String) -> String? {
        guard let range = text.range(of: prefix) else { return nil }
        return String(text[range.upperBound...].prefix { $0.isLetter })
    }

    @Test func oneEntryIsTheLatestEntryWithoutANumber() {
        let one = Self.arguments(count: .number(1))
        #expect(Self.catalog[.uk]("history.title", one) == "🕘 Останній запис:")
        #expect(Self.catalog[.ru]("history.title", one) == "🕘 Последняя запись:")
        #expect(Self.catalog[.en]("history.title", one) == "🕘 Latest entry:")
        #expect(Self.catalog[.uk]("history.title", Self.arguments(count: .number(21))) == "🕘 Останні 21 запис:")
    }

    @Test func fractionalCountsTakeTheOtherForm() {
        let oneAndHalf = Self.arguments(count: .decimal(DecimalNumber("1.5")!))
        #expect(Self.catalog[.uk]("digest.total", oneAndHalf) == "Витрачено A (1,5 витрати)")
        #expect(Self.catalog[.ru]("digest.total", oneAndHalf) == "Потрачено A (1,5 траты)")
        #expect(Self.catalog[.en]("digest.total", oneAndHalf) == "Spent A (1.5 expenses)")
        #expect(Self.catalog[.uk]("export.caption", oneAndHalf) == "Копійка · 1,5 запису")
        #expect(Self.catalog[.uk]("budget.left", oneAndHalf).hasSuffix("ще 1,5 дня"))
    }

    @Test func noCountKeyIsLeftThatTheChatDoesNotUse() {
        for language in Language.allCases {
            #expect(Self.catalog.keys(in: language).filter { $0.hasPrefix("count.") }.isEmpty)
        }
    }

    @Test func namesOfCategoriesAndAccounts() {
        #expect(Self.catalog[.uk].categoryName("mobile") == "Звʼязок")
        #expect(Self.catalog[.uk].categoryName("health").unicodeScalars.contains("\u{02BC}"))
        #expect(Self.catalog[.ru].categoryName("groceries") == "Продукты")
        #expect(Self.catalog[.en].categoryName("other_income") == "Other income")
        #expect(Self.catalog[.uk].categoryName("dacha") == "dacha")
        #expect(Self.catalog[.uk].accountName(.card) == "картка")
        #expect(Self.catalog[.ru].accountName(.cash) == "наличные")
        #expect(Self.catalog[.en].accountName(.monobank) == "monobank")
    }

    @Test func months() {
        #expect(Self.catalog[.uk].monthTitle(year: 2026, month: 11) == "Листопад 2026")
        #expect(Self.catalog[.ru].monthTitle(year: 2026, month: 11) == "Ноябрь 2026")
        #expect(Self.catalog[.en].monthTitle(year: 2026, month: 11) == "November 2026")
        let date = LocalDate(year: 2026, month: 11, day: 12)!
        #expect(Self.catalog[.uk].dayAndMonth(date) == "12 листопада")
        #expect(Self.catalog[.ru].dayAndMonth(date) == "12 ноября")
        #expect(Self.catalog[.en].dayAndMonth(date) == "November 12")
        #expect(Self.catalog[.uk].monthTitle(year: 2027, month: 1) == "Січень 2027")
        #expect(Self.catalog[.ru].dayAndMonth(LocalDate(year: 2027, month: 3, day: 8)!) == "8 марта")
    }

    @Test func moneyAndNumbers() {
        let money = Money(minorUnits: 123_456, currency: .uah)
        #expect(Self.catalog[.uk].money(money) == "1\u{00A0}234,56\u{00A0}₴")
        #expect(Self.catalog[.en].money(Money(major: 85, currency: .usd), style: .full) == "$85.00")
        #expect(Self.catalog[.ru].number(12345) == "12\u{00A0}345")
    }

    @Test func missingKeysFallBackToEnglishThenToTheKey() throws {
        let catalog = try Catalog(patterns: [
            .en: ["only.en": "{count, plural, one {# thing} other {# things}}"], .uk: [:],
        ])
        // English words, but Ukrainian number formatting and plural rules.
        #expect(catalog[.uk]("only.en", ["count": .decimal(DecimalNumber("1.5")!)]) == "1,5 things")
        #expect(catalog[.uk]("nowhere") == "nowhere")
    }
}
