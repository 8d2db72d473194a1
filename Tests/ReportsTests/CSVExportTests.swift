import Foundation
import KopiykaCore
@testable import Ledger
import Localization
@testable import Reports
import Testing

@Suite struct CSVExportTests {
    @Test func fieldsAreQuotedAndFormulasDisarmed() {
        #expect(CSVExport.field("кава") == "кава")
        #expect(CSVExport.field("кава, з собою") == "\"кава, з собою\"")
        #expect(CSVExport.field("\"лапки\"") == "\"\"\"лапки\"\"\"")
        #expect(CSVExport.field("два\nрядки") == "\"два\nрядки\"")
        #expect(CSVExport.field("=1+1") == "'=1+1")
        #expect(CSVExport.field("+380501234567") == "'+380501234567")
        #expect(CSVExport.field("@cmd") == "'@cmd")
        #expect(CSVExport.field("-85.00") == "-85.00")
        #expect(CSVExport.field("-cmd") == "'-cmd")
    }

    @Test func theHeaderStartsWithAByteOrderMarkAndIsLocalized() throws {
        let header = CSVExport.header(try Catalog.load()[.en], baseCurrency: .uah)
        #expect(Array(header.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: header.dropFirst(3), as: UTF8.self)
            == "Date,Member,Type key,Type,Amount,Currency,Amount in UAH,Category key,Category,Account key,Account,Note\r\n")
    }

    func entry(_ kind: EntryKind, _ amount: Money, base: Int64?, note: String) -> Entry {
        var entry = Entry(id: 1, householdID: 1, memberID: 7, kind: kind, amount: amount, category: kind == .income ? "salary" : "cafe",
                          account: .cash, date: LocalDate(year: 2026, month: 11, day: 21)!, createdAt: Date(timeIntervalSince1970: 0),
                          note: note, originalText: "", isPrivate: false, source: EntrySource())
        entry.baseMinor = base
        return entry
    }

    /// Excel with uk or ru regional settings splits on `;` and reads `85,50` as a number; en
    /// settings split on `,` and read `85.50`. The household's-currency column is empty while
    /// an entry has no rate.
    @Test(arguments: [
        (Language.uk, "2026-11-21;Оля;expense;витрата;20,00;USD;830,00;cafe;Кафе;cash;готівка;\"netflix, 4K\"\r\n"
            + "2026-11-21;Оля;income;дохід;15,00;EUR;;salary;Зарплата;cash;готівка;бонус\r\n"),
        (.ru, "2026-11-21;Оля;expense;трата;20,00;USD;830,00;cafe;Кафе;cash;наличные;\"netflix, 4K\"\r\n"
            + "2026-11-21;Оля;income;доход;15,00;EUR;;salary;Зарплата;cash;наличные;бонус\r\n"),
        (.en, "2026-11-21,Оля,expense,expense,20.00,USD,830.00,cafe,Cafés,cash,cash,\"netflix, 4K\"\r\n"
            + "2026-11-21,Оля,income,income,15.00,EUR,,salary,Salary,cash,cash,бонус\r\n"),
    ])
    func rowsFollowTheReadersSpreadsheetsAndCarryTheAmountAtItsRate(_ language: Language, _ expected: String) throws {
        let l = try Catalog.load()[language]
        let rows = CSVExport.rows([entry(.expense, Money(major: 20, currency: .usd), base: 83_000, note: "netflix, 4K"),
                                   entry(.income, Money(major: 15, currency: .eur), base: nil, note: "бонус")],
                                  memberNames: [7: "Оля"], baseCurrency: .uah, l)
        #expect(String(decoding: rows, as: UTF8.self) == expected)
        let header = String(decoding: CSVExport.header(l, baseCurrency: .uah).dropFirst(3), as: UTF8.self)
        #expect(header.split(separator: language == .en ? "," : ";").count == CSVExport.columns.count, "\(header)")
    }
}
