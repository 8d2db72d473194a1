import KopiykaCore
import Testing

@testable import TelegramClient

@Suite struct OutgoingTextTests {
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

    @Test func htmlEscaping() {
        #expect("a < b && \"c\" > d".htmlEscaped == "a &lt; b &amp;&amp; &quot;c&quot; &gt; d")
        #expect("кава 85".htmlEscaped == "кава 85")
    }
}
