import EntryParsing
import KopiykaCore
import Testing

/// Fuel by grade and at a station: the grade's number is part of a name and loses to the price
/// (`А-95 85`), and gas bought at a station is fuel, not the utility bill (`газ 600 окко`).
@Suite struct FuelTests {
    static let rows = MessageRow.rows("""
    А-95 85 => expense 85.00 UAH fuel - 0 | А-95
    а-95 1500 => expense 1500.00 UAH fuel - 0 | а-95
    А-92 900 => expense 900.00 UAH fuel - 0 | А-92
    бензин А-95 1200 => expense 1200.00 UAH fuel - 0 | бензин А-95
    заправка А-98 2000 грн => expense 2000.00 UAH fuel - 0 | заправка А-98
    A-95 85 => expense 85.00 UAH fuel - 0 | A-95
    газ 600 окко => expense 600.00 UAH fuel - 0 | газ окко
    газ на окко 600 => expense 600.00 UAH fuel - 0 | газ на окко
    газ 700 wog => expense 700.00 UAH fuel - 0 | газ wog
    газ SOCAR 650 => expense 650.00 UAH fuel - 0 | газ SOCAR
    газ upg 500 => expense 500.00 UAH fuel - 0 | газ upg
    газ 800 на шелл => expense 800.00 UAH fuel - 0 | газ на шелл
    газ 640 окко => expense 640.00 UAH fuel - 0 | газ окко
    // The gas bill stays a utility.
    газ 600 => expense 600.00 UAH utilities - 0 | газ
    за газ 1200 => expense 1200.00 UAH utilities - 0 | за газ
    газ 900 нафтогаз => expense 900.00 UAH utilities - 0 | газ нафтогаз
    // ru, en
    АИ-95 85 => expense 85.00 UAH fuel - 0 | АИ-95
    газ 600 на окко => expense 600.00 UAH fuel - 0 | газ на окко
    gas 600 at okko => expense 600.00 UAH fuel - 0 | gas at okko
    petrol A-95 1400 => expense 1400.00 UAH fuel - 0 | petrol A-95
    """)

    @Test(arguments: rows) func fuel(_ row: MessageRow) { row.check() }
}
