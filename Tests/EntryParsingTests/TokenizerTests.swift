import KopiykaCore
import Testing

@testable import EntryParsing

/// Words as the tokenizer folds them: lower case, `ё` as `е`, stress marks and apostrophes
/// dropped, a decomposed `й` composed, Latin lookalikes in a Cyrillic word made Cyrillic.
@Suite struct TokenizerTests {
    func words(_ text: String) -> [String] {
        Tokenizer.tokens(Array(text.unicodeScalars)).filter { $0.kind == .word }.map(\.text)
    }

    @Test func wordsAreFoldedTheWayTheLexiconReadsThem() {
        #expect(words("Кава ЧАИ\u{306} чаи\u{306}ник") == ["кава", "чай", "чайник"])
        #expect(words("пе\u{301}ршого П'ЯТЬ пʼять Ёлка") == ["першого", "пять", "пять", "елка"])
        #expect(words("кaвa пepeкaз OБMIHЯB coffee Ł") == ["кава", "переказ", "обміняв", "coffee", "ł"])
        #expect(words("#кaва #Tag и\u{306}") == ["#кава", "#tag", "й"])
        #expect(words("x\u{306} и\u{301}\u{306} ми\u{306}") == ["x", "й", "мй"])
    }

    /// Each word's text is its span folded scalar by scalar, the way the tokenizer did it with a
    /// `String.UnicodeScalarView` before it built UTF-8 bytes, on random text.
    @Test func randomWordsAreTheirSpansFoldedScalarByScalar() {
        let pieces = ["к", "а", "a", "и", "И", "\u{306}", "\u{301}", "'", "ʼ", "#", "Ё", "ё", "x", "X", "Ł", "É", "ß", "İ",
                      "ǅ", "ω", "Ω", "日", "😀", "1", " ", "-", "ґ", "Ї", "і", "c", "p", "\u{300}", "ﬁ"]
        var generator = SplitMix64(seed: 27)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...10, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let scalars = Array(text.unicodeScalars)
            for token in Tokenizer.tokens(scalars) where token.kind == .word {
                #expect(token.text == Self.folded(scalars[token.start..<token.end]), "\(Array(text.unicodeScalars))")
            }
        }
    }

    static func folded(_ span: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        var rest = span[...]
        if rest.first == "#" {
            text.append("#")
            rest = rest.dropFirst()
        }
        for (offset, c) in rest.enumerated() {
            let next = rest.dropFirst(offset + 1).first
            if Scalars.isLetter(c) {
                text.append(Scalars.folded(c))
            } else if c.value == 0x306, text.last == "и" {
                text.removeLast()
                text.append("й")
            } else if (0x300...0x36F).contains(c.value) || (Scalars.isApostrophe(c) && next.map(Scalars.isLetter) == true) {
                continue
            }
        }
        let cyrillic = text.contains { (0x400...0x4FF).contains($0.value) }, latin = text.contains { $0.isASCII }
        guard cyrillic, latin else { return String(text) }
        return String(String.UnicodeScalarView(text.map { Lookalikes.twin($0) ?? $0 }))
    }
}
