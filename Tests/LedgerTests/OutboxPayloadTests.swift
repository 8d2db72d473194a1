import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// A message's row is written by hand, not by `JSONEncoder`: what it queued is what is read
/// back and sent, whatever its text and buttons hold, and a sent row keeps its buttons.
@Suite struct OutboxPayloadTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    static let awkward = ["", "кава <b>85</b> грн", "a/b \"quoted\" \\ back\\slash", "tab\tnew\nline\rreturn",
                          "\u{0}\u{1}\u{8}\u{c}\u{1f}\u{7f}", "😀 ї ʼ \u{2028}\u{2029}", "}]\"{", #"\u0041"#]

    static func contents() -> [OutboxContent] {
        var contents: [OutboxContent] = []
        for (index, text) in awkward.enumerated() {
            let button = OutboxButton(title: awkward[(index + 1) % awkward.count], data: text)
            contents.append(.message(html: text))
            contents.append(.message(html: text, replyTo: Int64(index) - 3))
            contents.append(.message(html: text, buttons: [[button]]))
            contents.append(.message(html: text, replyTo: .max, buttons: [[button, button], [], [button]]))
        }
        return contents + [
            .edit(messageID: 7, ofOutboxID: nil, html: "x/y", buttons: [[OutboxButton(title: "↩", data: "u:1")]]),
            .callbackAnswer(queryID: "q", text: nil), .delete(messageID: 9),
            .document(fileName: "a.csv", data: Data([0xEF, 0xBB, 0xBF]), caption: "CSV"),
        ]
    }

    @Test func whatIsQueuedIsReadBack() throws {
        let contents = Self.contents()
        for (index, content) in contents.enumerated() {
            try ledger.outbox.enqueue(content, chatID: Int64(index))
        }
        #expect(try ledger.outbox.pending(limit: 1_000).map(\.content) == contents)
    }

    /// Rows another writer made (`JSONEncoder`, an older version, a hand) and JSON that is not
    /// quite the shape a message is written in: each reads as `JSONDecoder` reads it, the same
    /// content or none (the row is then skipped).
    static let foreignRows = [
        #"{"message":{"html":"\ud83d\ude00 \u00e9\/\b\f","buttons":[]}}"#, #"{"message":{"html":"\ud83d","buttons":[]}}"#,
        #"{"message":{"html":"\ude00","buttons":[]}}"#, #"{"message":{"html":"\x","buttons":[]}}"#,
        #"{"message":{"html":"a","replyTo":007,"buttons":[]}}"#, #"{"message":{"html":"a","replyTo":-0,"buttons":[]}}"#,
        #"{"message":{"html":"a","replyTo":99999999999999999999,"buttons":[]}}"#,
        #"{"message":{"html":"a","replyTo":1.5,"buttons":[]}}"#, #"{"message":{"html":"a","buttons":[]}}x"#,
        #"{"message":{"html":"a","buttons":[]}"#, #"{ "message": {"html": "a", "buttons": [[ ]]}}"#,
        #"{"message":{"buttons":[[{"data":"d","title":"t"}]],"html":"a"}}"#, "{\"message\":{\"html\":\"a\u{1}\",\"buttons\":[]}}",
        #"{"message":{"html":"a","buttons":[[{"title":"t","data":"d"},{"title":"u","data":"e"}],[]]}}"#,
        #"{"message":{"html":"a","buttons":[[],]}}"#, #"{"message":{"html":"a","buttons":[[{"title":"t","data":"d"}]"#,
        #"{"message":{"html":"a","buttons":[],"extra":1}}"#, #"{"message":{"html":"a"}}"#, "", "{}",
    ]

    @Test func aRowReadsAsJSONDecoderReadsIt() throws {
        let encoded = try Self.contents().map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let db = try Connection(path: test.path)
        for payload in encoded + Self.foreignRows {
            let id = try ledger.outbox.enqueue(.message(html: "placeholder"), chatID: 1)
            try db.execute("UPDATE outbox SET payload = ? WHERE id = ?", payload, id)
            let expected = try? JSONDecoder().decode(OutboxContent.self, from: Data(payload.utf8))
            #expect(try ledger.outbox.pending(limit: 1_000).first { $0.id == id }?.content == expected, "\(payload)")
            try db.execute("DELETE FROM outbox WHERE id = ?", id)
        }
    }

    @Test func aSentMessageKeepsItsButtons() throws {
        for (index, content) in Self.contents().enumerated() {
            let id = try ledger.outbox.enqueue(content, chatID: 1)
            let item = try #require(try ledger.outbox.pending(limit: 1_000).first { $0.id == id })
            try ledger.outbox.complete(item, with: .sent(messageID: Int64(100 + index)))
            let buttons: [[OutboxButton]]
            switch content {
            case .message(_, _, let kept), .edit(_, _, _, let kept): buttons = kept
            default: buttons = []
            }
            #expect(try ledger.outbox.sentButtons(chatID: 1, messageID: Int64(100 + index)) == buttons, "\(content)")
        }
    }
}
