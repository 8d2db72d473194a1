import EntryParsing
import KopiykaCore
import Testing

/// A count and a price for each one (`квитки 2 по 350`) is their product, shown as it was
/// computed; a count alone beside a price (`2 кави 170`) is still the price.
@Suite struct CountTimesPriceTests {
    static let rows: [(String, String, String?)] = [
        ("квитки 2 по 350", "700", "2×350"), ("йогурти 4 по 27", "108", "4×27"),
        ("шкарпетки 3 пари по 45 грн", "135", "3×45"), ("3 кг помідорів по 45", "135", "3×45"),
        ("бензин 45л по 56,99", "2564.55", "45×56,99"), ("плитка 4 по 2 100", "8400", "4×2 100"),
        ("сигареты 2 пачки по 95", "190", "2×95"), ("билеты 3 по 450", "1350", "3×450"),
        ("2 t-shirts at 79 zł each", "158", "2×79"),
        ("2 кави 170", "170", nil), ("кава по 85", "85", nil),
        // A reviewer's finds: a day, a range, a share is no count.
        ("квитки на 3 грудня по 350", "350", nil), ("кіно на 7 по 200", "200", nil), ("скинулись нас 5 по 200", "200", nil),
        ("3 сім'ї скинулись по 500", "500", nil),
        // Said aloud: a spoken count, with its unit or its pieces.
        ("яблук три кілограми по сорок гривень", "120", "3×40"), ("два квитки по триста", "600", "2×300"),
        ("взяла шість штук по двадцять", "120", "6×20"), ("чотири пляшки по 45", "180", "4×45"),
    ]

    @Test(arguments: rows) func product(_ row: (String, String, String?)) throws {
        let entries = try EntryParser().parse(row.0, today: LocalDate(year: 2026, month: 12, day: 7)!).get()
        #expect(entries.count == 1, "\(row.0)")
        #expect(entries.first?.amount.decimalString == Money(decimal: row.1, currency: entries[0].amount.currency)?.decimalString, "\(row.0)")
        #expect(entries.first?.expression == row.2, "\(row.0)")
        #expect(entries.first?.readings.isEmpty == true, "\(row.0)")
    }
}
