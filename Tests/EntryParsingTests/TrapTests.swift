@testable import EntryParsing
import KopiykaCore
import Testing

/// Messages that once stopped the process. Whatever they mean, the parser must answer.
@Suite struct TrapTests {
    static let table = MessageRow.rows("""
    хліб і молоко 78 => expense 78.00 UAH groceries - 0 | хліб і молоко
    і 5 => expense 5.00 UAH other - 0 | і
    ці 5 => expense 5.00 UAH other - 0 | ці
    """)

    @Test(arguments: table) func message(_ row: MessageRow) { row.check() }

    @Test func shortWordsEndingInІ() {
        let letters = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюяыэъ"
        for a in ["", "ц", "з"] + letters.map(String.init) {
            for word in [a + "і", "а" + a + "і", "аа" + a + "і"] {
                _ = Stemmer.alternateStem(word)
                #expect(EntryParser().parse("\(word) 5", today: today) != .failure(.noAmount), "\(word)")
            }
        }
        #expect(Stemmer.alternateStem("і") == nil)
        #expect(Stemmer.alternateStem("ці") == nil)
        #expect(Stemmer.alternateStem("ааці") == nil)
        #expect(Stemmer.alternateStem("аааці") == "ааак")
    }
}
