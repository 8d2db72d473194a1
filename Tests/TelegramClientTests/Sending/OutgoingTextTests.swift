import KopiykaCore
import KopiykaTestSupport
import Testing

@testable import TelegramClient

@Suite struct OutgoingTextTests {
    @Test func whiteSpaceIsUnicodesWhiteSpaceForEveryScalar() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            guard scalar.isWhiteSpace == scalar.properties.isWhitespace else {
                Issue.record("U+\(String(value, radix: 16)): \(scalar.isWhiteSpace)")
                return
            }
        }
    }

    @Test func shortTextIsOnePiece() {
        #expect(OutgoingText.split("кава 85\nобід 240") == ["кава 85\nобід 240"])
    }

    @Test func splitsAtLineBoundaries() {
        let line = String(repeating: "a", count: 40)
        let text = Array(repeating: line, count: 10).joined(separator: "\n")
        let pieces = OutgoingText.split(text, limit: 100)
        #expect(pieces == Array(repeating: "\(line)\n\(line)", count: 5))
        #expect(pieces.allSatisfy { $0.utf16.count <= 100 })
    }

    @Test func anOverlongLineIsCutAtTheLimit() {
        let pieces = OutgoingText.split(String(repeating: "x", count: 10_000))
        #expect(pieces.map(\.utf16.count) == [4096, 4096, 1808])
    }

    @Test func countsUTF16AndNeverCutsASurrogatePair() {
        // 😀 is two UTF-16 units; an odd limit forces the question.
        let text = String(repeating: "😀", count: 10)
        let pieces = OutgoingText.split(text, limit: 5)
        #expect(pieces.joined() == text)
        #expect(pieces.allSatisfy { $0.utf16.count <= 5 && $0.unicodeScalars.allSatisfy { $0 == "😀" } })
        #expect(pieces.map(\.utf16.count) == [4, 4, 4, 4, 4])
    }

    @Test func blankPiecesAreDropped() {
        #expect(OutgoingText.split("a\n\n\n\nb", limit: 1) == ["a", "b"])
        #expect(OutgoingText.split("") == [])
    }

    @Test func everyPieceStaysWithinTheLimitOnMixedText() {
        let text = (0..<3000).map { "рядок \($0) 🇺🇦 \(String(repeating: "ї", count: $0 % 17))" }.joined(separator: "\n")
        let pieces = OutgoingText.split(text)
        #expect(pieces.allSatisfy { $0.utf16.count <= OutgoingText.maxLength })
        #expect(pieces.joined(separator: "\n") == text)
    }

    @Test func neverCutsInsideATagOrAnEntity() throws {
        let text = "<b>" + String(repeating: "&amp;", count: 5_000) + "</b> <i>" + String(repeating: "&lt;a&gt;", count: 2_000) + "</i>"
        let pieces = OutgoingText.split(text)
        // 4,096 ampersands, the other 904 up to the space, then the 6,000 characters of <a>.
        #expect(pieces.count == 4)
        for piece in pieces {
            let visible = try TelegramHTMLValidation.visibleText(of: piece).get()
            #expect(visible.utf16.count <= OutgoingText.maxLength)
        }
        #expect(pieces[0].hasPrefix("<b>&amp;") && pieces[0].hasSuffix("&amp;</b>"))
        #expect(pieces[1].hasPrefix("<b>&amp;") && pieces[1].hasSuffix("&amp;</b> "))
        #expect(pieces[2].hasPrefix("<i>&lt;a&gt;") && pieces[3].hasSuffix("&lt;a&gt;</i>"))
    }

    @Test func aTagOpenAtACutIsClosedAndOpenedAgain() {
        let text = "<code>" + (1...6).map { "рядок \($0)" }.joined(separator: "\n") + "</code>\nкінець"
        #expect(OutgoingText.split(text, limit: 20) == [
            "<code>рядок 1\nрядок 2</code>", "<code>рядок 3\nрядок 4</code>", "<code>рядок 5\nрядок 6</code>", "кінець",
        ])
    }

    @Test func aLongLineIsCutAfterASpace() {
        #expect(OutgoingText.split("кава з молоком і булочка", limit: 16) == ["кава з молоком ", "і булочка"])
    }

    @Test func neverCutsAFlagInTwo() {
        let pieces = OutgoingText.split(String(repeating: "🇺🇦", count: 5), limit: 6)
        #expect(pieces == Array(repeating: "🇺🇦", count: 5))
    }

    /// Random markup, entities, emoji, marks and line breaks at random limits: every piece is
    /// valid Telegram HTML within the limit, and nothing but whitespace is lost.
    @Test func everyPieceIsValidHTMLWithinTheLimit() throws {
        let parts = ["<b>", "</b>", "<i>", "</i>", "<code>", "</code>", "&amp;", "&lt;", "&quot;", "&#128512;", "кава", " ", " ",
                     "\n", "\n\n", "😀", "🇺🇦", "e\u{301}", "\u{200F}", "ї", "x"]
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            var html = ""
            var open: [String] = []
            for _ in 0..<Int.random(in: 1...400, using: &random) {
                let part = parts.randomElement(using: &random) ?? ""
                if part.hasPrefix("</") {
                    if let last = open.popLast() { html += "</\(last)>" }
                } else if part.hasPrefix("<") {
                    open.append(String(part.dropFirst().dropLast()))
                    html += part
                } else {
                    html += part
                }
            }
            html += open.reversed().map { "</\($0)>" }.joined()
            let limit = Int.random(in: 4...120, using: &random)
            let pieces = OutgoingText.split(html, limit: limit)
            var visible = ""
            for piece in pieces {
                let text = try TelegramHTMLValidation.visibleText(of: piece).get()
                #expect(text.utf16.count <= limit, "seed \(seed)")
                #expect(!text.allSatisfy { $0.isWhitespace }, "seed \(seed)")
                visible += text
            }
            let original = try TelegramHTMLValidation.visibleText(of: html).get()
            #expect(visible.unicodeScalars.filter { !$0.properties.isWhitespace }.map(String.init).joined()
                == original.unicodeScalars.filter { !$0.properties.isWhitespace }.map(String.init).joined(), "seed \(seed)")
        }
    }

    /// A text that `whole` answers for splits exactly as the walk splits it, at the limit's
    /// edge too; texts with markup or over the limit are left to the walk.
    @Test func aWholeTextIsWhatTheWalkGives() {
        let parts = ["кава", " ", "\u{A0}", "\n", "\u{2028}", "😀", "🇺🇦", "e\u{301}", "x", "<b>", "&amp;", "&", "<"]
        var answered = 0
        for seed in UInt64(1)...500 {
            var random = SplitMix64(seed: seed)
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in parts.randomElement(using: &random) ?? "" }.joined()
            for limit in Set([1, 2, max(1, text.utf16.count - 1), max(1, text.utf16.count), text.utf16.count + 1, 4096]) {
                let whole = OutgoingText.whole(text, limit: limit)
                if whole != nil { answered += 1 }
                #expect(OutgoingText.split(text, limit: limit) == OutgoingText.splitByWalking(text, limit: limit), "seed \(seed), limit \(limit)")
                #expect(whole == nil || text.utf16.count <= limit && !text.contains("<") && !text.contains("&"), "seed \(seed)")
            }
        }
        #expect(answered > 200, "the fast path hardly ran")
    }

    @Test func plainTextDropsTagsAndDecodesEntities() {
        #expect(OutgoingText.plainText(fromHTML: "<b>кава</b> &amp; булка &lt;3 &#128512;") == "кава & булка <3 😀")
        #expect(OutgoingText.plainText(fromHTML: "a < b & c > d") == "a < b & c > d")
    }

    @Test func htmlEscaping() {
        #expect("a < b && \"c\" > d".htmlEscaped == "a &lt; b &amp;&amp; &quot;c&quot; &gt; d")
        #expect("кава 85".htmlEscaped == "кава 85")
    }
}
