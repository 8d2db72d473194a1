import FoundationEssentials
import JSON
import KopiykaCore
import Testing

@Suite struct JSONQuotingTests {
    /// Random text from the characters that matter (every escape, runs between them, Cyrillic,
    /// emoji, a lone combining mark) reads back as itself and as `JSONEncoder` writes it.
    @Test func randomTextIsTheBytesJSONEncoderWritesAndReadsBack() throws {
        let pieces = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "/", "a", "кава 85",
                      "😀", "\u{301}", "\u{2028}", "ʼ", " "]
        var generator = SplitMix64(seed: 18)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            var bytes: [UInt8] = []
            JSONQuoting.append(text, to: &bytes)
            #expect(bytes == Array(try encoder.encode(text)), "\(Array(text.unicodeScalars))")
            #expect(try JSONDecoder().decode(String.self, from: Data(bytes)) == text)
            #expect(text.jsonQuoted == String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func appendingKeepsWhatIsThereAndAnEmptyTextIsTwoQuotes() {
        var bytes = Array("[".utf8)
        JSONQuoting.append("", to: &bytes)
        JSONQuoting.append("a\"", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"["""a\"""#)
        #expect("x\u{1F}y".dropFirst().jsonQuoted == #""\u001fy""#)
    }
}
