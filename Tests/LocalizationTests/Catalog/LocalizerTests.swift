import KopiykaCore
import Testing
@testable import Localization

/// Exact sentences from the real `Locales/` files.
@Suite struct LocalizerTests {
    static let catalog: Catalog = {
        do { return try Catalog.load() } catch { fatalError("\(error)") }
    }()

    @Test(arguments: [
        (1, "1 витрата", "1 трата", "1 expense"), (2, "2 витрати", "2 траты", "2 expenses"),
        (5, "5 витрат", "5 трат", "5 expenses"), (11, "11 витрат", "11 трат", "11 expenses"),
        (21, "21 витрата", "21 трата", "21 expenses"), (22, "22 витрати", "22 траты", "22 expenses"),
        (25, "25 витрат", "25 трат", "25 expenses"), (111, "111 витрат", "111 трат", "111 expenses"),
        (0, "0 витрат", "0 трат", "0 expenses"),
    ])
    func expenses(count: Int, uk: String, ru: String, en: String) {
        #expect(Self.catalog[.uk]("count.expenses", ["count": .number(count)]) == uk)
        #expect(Self.catalog[.ru]("count.expenses", ["count": .number(count)]) == ru)
        #expect(Self.catalog[.en]("count.expenses", ["count": .number(count)]) == en)
    }

    @Test func fractionalCounts() {
        let oneAndHalf: [String: MessageArgument] = ["count": .decimal(DecimalNumber("1.5")!)]
        #expect(Self.catalog[.uk]("count.expenses", oneAndHalf) == "1,5 витрати")
        #expect(Self.catalog[.ru]("count.expenses", oneAndHalf) == "1,5 траты")
        #expect(Self.catalog[.en]("count.expenses", oneAndHalf) == "1.5 expenses")
        #expect(Self.catalog[.uk]("count.days", oneAndHalf) == "1,5 дня")
    }

    @Test func entriesAndDays() {
        let uk = Self.catalog[.uk], ru = Self.catalog[.ru], en = Self.catalog[.en]
        #expect([1, 3, 7].map { uk("count.entries", ["count": .number($0)]) } == ["1 запис", "3 записи", "7 записів"])
        #expect([1, 3, 7].map { ru("count.entries", ["count": .number($0)]) } == ["1 запись", "3 записи", "7 записей"])
        #expect([1, 3].map { en("count.entries", ["count": .number($0)]) } == ["1 entry", "3 entries"])
        #expect([1, 2, 5].map { uk("count.days", ["count": .number($0)]) } == ["1 день", "2 дні", "5 днів"])
        #expect([1, 2, 5].map { ru("count.days", ["count": .number($0)]) } == ["1 день", "2 дня", "5 дней"])
        #expect([1, 2].map { en("count.days", ["count": .number($0)]) } == ["1 day", "2 days"])
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
