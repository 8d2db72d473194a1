import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
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
