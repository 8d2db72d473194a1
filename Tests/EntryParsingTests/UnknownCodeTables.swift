import EntryParsing
import KopiykaCore
import Testing

/// Three lower-case Latin letters after an amount that can be no word (no vowel: `xyz`, `qqq`)
/// are a currency code nobody knows, refused rather than taken as hryvnias. Words (`top`,
/// `thx`, `pcs`) and Cyrillic abbreviations (`абв`, shops and services like `ЖКГ`) stay notes.
@Suite struct UnknownCodeTests {
    static let rows = MessageRow.rows("""
    кава 85 xyz => unknown_currency
    таксі 120 qqq => unknown_currency
    кава 85xyz => unknown_currency
    кофе 85 xyz => unknown_currency
    такси 120 zzz => unknown_currency
    coffee 85 xyz => unknown_currency
    taxi 120 bxr => unknown_currency
    // Real codes in lower case are currencies.
    кава 85 pln => expense 85.00 PLN cafe - 0 | кава
    coffee 85 bgn => expense 85.00 BGN cafe - 0 | coffee
    // Words stay words.
    кава 85 top => expense 85.00 UAH cafe - 0 | кава top
    кава 85 pls => expense 85.00 UAH cafe - 0 | кава pls
    кофе 85 thx => expense 85.00 UAH cafe - 0 | кофе thx
    coffee 85 thx => expense 85.00 UAH cafe - 0 | coffee thx
    coffee 85 for all => expense 85.00 UAH cafe - 0 | coffee for all
    coffee 85 why => expense 85.00 UAH cafe - 0 | coffee why
    кава 85 абв => expense 85.00 UAH cafe - 0 | кава абв
    кофе 85 абв => expense 85.00 UAH cafe - 0 | кофе абв
    """)

    @Test(arguments: rows) func unknownCodes(_ row: MessageRow) { row.check() }
}
