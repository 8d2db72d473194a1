import KopiykaCore
import Testing

@Suite struct TrimmingTests {
    @Test func trimsWhitespaceAndNewlinesAtBothEnds() {
        #expect("  кава 85 \n".trimmed == "кава 85")
        #expect("\t\n ".trimmed == "")
        #expect("a b".trimmed == "a b")
        #expect(" x "[...].trimmed == "x")
    }

    @Test func trimsWhatThePredicateMatches() {
        #expect("видалити!".trimming(while: \.isPunctuation) == "видалити")
        #expect("«del»".trimming(while: \.isPunctuation) == "del")
    }

    /// The shortcut for texts with nothing to trim gives what a walk by characters gives,
    /// white space joined by marks and joiners included.
    @Test func theShortcutTrimsAsTheWalkDoes() {
        let scalars: [Unicode.Scalar] = [" ", "\n", "\r", "\u{A0}", "\u{2028}", "\u{301}", "\u{483}", "\u{200D}", "\u{200C}",
                                         "\u{E33}", "\u{FE0F}", "\u{1F3FB}", "a", "5", ".", "к", "ї", "ґ", "\u{482}", "\u{48A}",
                                         "😀", "\u{1100}", "\u{1161}", "\u{600}"]
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &random) { text.append(scalars.randomElement(using: &random) ?? " ") }
            let string = String(text)
            #expect(string.trimmed == string.trimming(while: \.isWhitespace), "\(string.unicodeScalars.map { $0.value })")
        }
    }
}
