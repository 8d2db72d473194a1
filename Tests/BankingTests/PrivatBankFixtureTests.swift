import Banking
import Foundation
import KopiykaCore
import Testing

/// The shared PrivatBank sample read row by row against values taken from its sheet XML by
/// another reader (Python's re, decimal and zoneinfo).
@Suite struct PrivatBankFixtureTests {
    /// (sheet row, UTC seconds, card minor units, card currency, signed transaction minor
    /// units, transaction currency, PrivatBank's category, description), in the file's order.
    static let expected: [(Int, Int64, Int64, String, Int64, String, String, String)] = [
        (3, 1793380320, -22322, "UAH", -22322, "UAH", "Кафе, бари, ресторани", "McDonald's"),
        (4, 1793328180, -15992, "UAH", -15992, "UAH", "Інше", "Нова Пошта"),
        (5, 1793258700, -7358, "UAH", -7358, "UAH", "Інше", "Нова Пошта"),
        (6, 1793177700, -6761, "UAH", -6761, "UAH", "Інше", "Нова Пошта"),
        (7, 1793095500, -58234, "UAH", -58234, "UAH", "Аптеки", "Аптека АНЦ"),
        (8, 1793051460, -115136, "UAH", -115136, "UAH", "Продукти харчування", "Сільпо, Київ"),
        (9, 1792977000, -16120, "UAH", -16120, "UAH", "Мобільний зв'язок", "Vodafone, поповнення"),
        (10, 1792935600, -185040, "UAH", -4200, "USD", "Подорожі", "Booking.com"),
        (11, 1792875540, -51955, "UAH", -51955, "UAH", "Продукти харчування", "Сільпо, Київ"),
        (12, 1792834620, -11084, "UAH", -11084, "UAH", "Таксі", "Bolt"),
        (13, 1792732800, -19827, "UAH", -19827, "UAH", "Таксі", "Bolt"),
        (14, 1792645380, -15044, "UAH", -15044, "UAH", "Кафе, бари, ресторани", "McDonald's"),
        (15, 1792594620, -36851, "UAH", -36851, "UAH", "Комунальні послуги", "Київводоканал"),
        (16, 1792497240, -20835, "UAH", -20835, "UAH", "Мобільний зв'язок", "Vodafone, поповнення"),
        (17, 1792455180, -34345, "UAH", -34345, "UAH", "Продукти харчування", "АТБ-Маркет"),
        (18, 1792402560, -23134, "UAH", -23134, "UAH", "Продукти харчування", "АТБ-Маркет"),
        (19, 1792344360, -22392, "UAH", -22392, "UAH", "Аптеки", "Аптека АНЦ"),
        (20, 1792321200, -32530, "UAH", -32530, "UAH", "Аптеки", "Аптека АНЦ"),
        (21, 1792310400, 300000, "UAH", 300000, "UAH", "Перекази", "Переказ зі своєї карти 5375 **** **** 1234"),
        (22, 1792299420, -20232, "UAH", -20232, "UAH", "Продукти харчування", "АТБ-Маркет"),
        (23, 1792245000, -43663, "UAH", -43663, "UAH", "Продукти харчування", "АТБ-Маркет"),
        (24, 1792155060, -14725, "UAH", -14725, "UAH", "Мобільний зв'язок", "Vodafone, поповнення"),
        (25, 1792080780, -112098, "UAH", -112098, "UAH", "Продукти харчування", "Сільпо, Київ"),
        (26, 1792020900, -20287, "UAH", -20287, "UAH", "Таксі", "Bolt"),
        (27, 1791949920, -43696, "UAH", -43696, "UAH", "Продукти харчування", "АТБ-Маркет"),
        (28, 1791868140, -30899, "UAH", -30899, "UAH", "Аптеки", "Аптека АНЦ"),
        (29, 1791806760, -65137, "UAH", -65137, "UAH", "Комунальні послуги", "Київводоканал"),
        (30, 1791750120, -14343, "UAH", -14343, "UAH", "Мобільний зв'язок", "Vodafone, поповнення"),
        (31, 1791639060, -23441, "UAH", -23441, "UAH", "Продукти харчування", "АТБ-Маркет"),
        (32, 1791569460, -71926, "UAH", -71926, "UAH", "Продукти харчування", "Сільпо, Київ"),
        (33, 1791511140, -90776, "UAH", -90776, "UAH", "Продукти харчування", "Сільпо, Київ"),
        (34, 1791478140, -14151, "UAH", -14151, "UAH", "Продукти харчування", "АТБ-Маркет"),
        (35, 1791440160, -18954, "UAH", -18954, "UAH", "Мобільний зв'язок", "Vodafone, поповнення"),
        (36, 1791345420, -59601, "UAH", -59601, "UAH", "Продукти харчування", "Сільпо, Київ"),
        (37, 1791308100, -45364, "UAH", -45364, "UAH", "Комунальні послуги", "Київводоканал"),
        (38, 1791258360, -56504, "UAH", -56504, "UAH", "Комунальні послуги", "Київводоканал"),
        (39, 1791149880, -28288, "UAH", -28288, "UAH", "Кафе, бари, ресторани", "McDonald's"),
        (40, 1791049980, -65566, "UAH", -65566, "UAH", "Комунальні послуги", "Київводоканал"),
        (41, 1791013140, -16743, "UAH", -16743, "UAH", "Продукти харчування", "Сільпо, Київ"),
        (42, 1790928540, -40553, "UAH", -40553, "UAH", "Комунальні послуги", "Київводоканал"),
        (43, 1790870460, -51657, "UAH", -51657, "UAH", "Продукти харчування", "АТБ-Маркет"),    ]

    @Test func everyRowIsReadExactly() throws {
        let statement = try StatementReader.read(Fixtures.bytes(Fixtures.privatbank), fileName: Fixtures.privatbank).get()
        #expect(statement.bank == .privatbank)
        #expect(statement.accounts == ["5168 **** **** 4321"])
        #expect(statement.period == LocalDate(year: 2026, month: 10, day: 1)!...LocalDate(year: 2026, month: 10, day: 31)!)
        #expect(statement.unreadRows.isEmpty)
        #expect(statement.facts.count == Self.expected.count)
        for (fact, row) in zip(statement.facts, Self.expected) {
            #expect(Int64(fact.time.timeIntervalSince1970) == row.1, "row \(row.0)")
            #expect(fact.amount == Money(minorUnits: row.2, currency: try #require(Currency(code: row.3))), "row \(row.0)")
            #expect(fact.operationAmount == Money(minorUnits: row.4, currency: try #require(Currency(code: row.5))), "row \(row.0)")
            #expect(fact.bankCategory == row.6)
            #expect(fact.description == row.7)
            #expect(fact.account == "5168 **** **** 4321")
            #expect(fact.mcc == nil)
        }
    }

    @Test func theClosingBalanceBelongsToTheNewestRow() throws {
        let facts = try StatementReader.read(Fixtures.bytes(Fixtures.privatbank), fileName: "x.xlsx").get().facts
        #expect(facts.first?.balanceAfter == Money(minorUnits: 812_015, currency: .uah))
        #expect(facts.dropFirst().allSatisfy { $0.balanceAfter == nil })
    }

    @Test func aSpreadsheetDoubleIsRoundedToKopiykas() throws {
        // The sheet stores `-516.5700000000001`.
        let facts = try StatementReader.read(Fixtures.bytes(Fixtures.privatbank), fileName: "x.xlsx").get().facts
        #expect(facts.last?.amount == Money(minorUnits: -51_657, currency: .uah))
    }
}
