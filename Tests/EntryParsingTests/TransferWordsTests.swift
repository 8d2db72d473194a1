@testable import EntryParsing
import Testing

/// Transfer verbs are found scalar by scalar where a word has one form, exactly as
/// `hasPrefix` found them, and by `hasPrefix` where it may have several.
@Suite struct TransferWordsTests {
    func byHasPrefix(_ word: String) -> ParsedTransfer.Kind? {
        TransferWords.verbs.first { word.hasPrefix($0.prefix) }?.kind
    }

    @Test func verbsAreFoundAsHasPrefixFoundThem() {
        var words = ["", "кава", "переказ", "переказав", "зняв", "зняти", "поповнення", "withdrew", "transferred",
                     "обміняв", "пере", "зн", "поп", "Переказ", "зня\u{0301}в", "переказ\u{0301}", "по\u{0306}повнив"]
        for (prefix, _) in TransferWords.verbs {
            words += [prefix, prefix + "ла", prefix + "\u{0301}", String(prefix.dropLast()), prefix.uppercased()]
        }
        var generator = SystemRandomNumberGenerator()
        let letters = Array("абвгдезийклмнопрстуфхцчшщьюяіїєʼwithdrawnsfer-\u{0306}\u{0308}".unicodeScalars)
        for _ in 0..<5_000 {
            var word = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...8, using: &generator) { word.append(letters.randomElement(using: &generator)!) }
            words.append(String(word))
        }
        for word in words { #expect(TransferWords.verb(word) == byHasPrefix(word), "\(word)") }
    }
}
