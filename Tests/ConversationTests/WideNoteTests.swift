import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Telegram counts a message in UTF-16 units, and a list of 20 entries must fit one message:
/// its buttons edit it, and an edit cannot add a second message. Notes were shortened to 64
/// characters (graphemes), and a grapheme can be 11 units (a family emoji) or thousands (a
/// letter under a pile of combining accents): 20 such lines came to 15,000 units, and every
/// edit of the list lost all but its first 4,096.
@Suite struct WideNoteTests {
    let chat = try! TestConversation()

    static let notes = [
        "family emoji": String(repeating: "👨‍👩‍👧‍👦", count: 70),
        "combining accents": "з" + String(repeating: "\u{301}", count: 600),
    ]

    @Test(arguments: ["family emoji", "combining accents"])
    func aListOfTwentyWideNotesFitsOneMessage(kind: String) throws {
        let note = try #require(Self.notes[kind])
        for index in 1...20 { try chat.say("\(note) \(index)") }
        let list = try #require(try chat.say("/history 20").last)
        #expect(list.utf16.count <= 4_096, "\(list.utf16.count) UTF-16 units")
        #expect(list.contains("…"))
    }
}
