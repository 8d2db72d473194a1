import Foundation
import JSON
import Testing

@Suite struct JSONWriterTests {
    private struct Row: Encodable {
        let a: String
        let b: Int64?
        let c: [[Bool]]
        let d: [String: String]
    }

    /// Keys written sorted are the bytes `JSONEncoder` writes with sorted keys; a nil member is
    /// left out, as it leaves it out.
    @Test func sortedKeysAreTheBytesJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (text, number) in [("кава \"85\"\n/", Int64?.some(-7)), ("", nil)] {
            var writer = JSONWriter()
            writer.object { row in
                row.string("a", text)
                row.int("b", number)
                row.array("c") { rows in
                    rows.array { $0.value(true); $0.value(false) }
                    rows.array { _ in }
                }
                row.object("d") { $0.string("e", "f") }
            }
            let expected = try encoder.encode(Row(a: text, b: number, c: [[true, false], []], d: ["e": "f"]))
            #expect(writer.text == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test func spacedIsHowKopiykaParsePrints() {
        var writer = JSONWriter(spaced: true)
        writer.object { line in
            line.string("text", "x")
            line.array("entries") { list in list.object { $0.key("account"); $0.null() }; list.value(1) }
            line.key("error")
            line.null()
        }
        #expect(writer.text == #"{"text": "x", "entries": [{"account": null}, 1], "error": null}"#)
    }
}
