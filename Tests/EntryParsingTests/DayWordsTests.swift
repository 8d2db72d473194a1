@testable import EntryParsing
import Testing

/// Ordinal day words are found as before the shortcut by their first letters: every stem
/// with every ending, in composed and decomposed form, and words that only look close.
@Suite struct DayWordsTests {
    @Test func ordinalsAreReadWhateverTheirForm() {
        let expected: [(String, Int?)] = [
            ("першого", 1), ("перше", 1), ("третього", 3), ("третье", 3), ("пятого", 5), ("двадцятого", 20),
            ("тридцятого", 30), ("шістнадцятого", 16), ("двадцатое", 20), ("first", 1), ("thirtieth", 30),
            ("кава", nil), ("пят", nil), ("трет", nil), ("перш", nil), ("первый", 1), ("таксі", nil), ("", nil),
            ("пе\u{0301}ршого", nil), ("Першого", nil), ("шостого", 6), ("шо\u{0306}стого", nil),
        ]
        for (word, value) in expected {
            #expect(DayWords.ordinalValue(word) == value, "\(word)")
        }
        // A letter written as its base and a combining mark is the same letter.
        #expect(DayWords.ordinalValue("сьомого") == 7)
        #expect(DayWords.ordinalValue("се\u{0308}дьмого") == DayWords.ordinalValue("сёдьмого"))
    }
}
