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

    /// A word ruled out by its first letters is never one of the words, in any of its forms.
    @Test func wordStartsNeverRuleOutAWordOfTheSet() {
        let words = Array(DayWords.weekdays.keys) + Array(DayWords.agoWords)
        let starts = WordStarts(words)
        let set = Set(words)
        for word in words {
            #expect(!starts.excludes(word), "\(word)")
            #expect(!starts.excludes(word + "ка"), "\(word)")
        }
        #expect(!starts.excludes("п\u{0456}\u{0308}ятниця"))  // ї as і and a diaeresis: left to the lookup.
        #expect(starts.excludes("кава") && starts.excludes("") == !set.contains(""))
        var generator = SystemRandomNumberGenerator()
        let letters = Array("абвгдеєжзиіїйклмнопрстуфхцчшщьюяёыэъnmtuwedayoshf".unicodeScalars) + ["\u{0306}", "\u{0308}", "\u{212A}"]
        for _ in 0..<20_000 {
            var word = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...9, using: &generator) { word.append(letters.randomElement(using: &generator)!) }
            let text = String(word)
            if starts.excludes(text) { #expect(!set.contains(text), "\(text)") }
        }
    }
}
