import FoundationEssentials
import KopiykaCore

/// A JSON object written by hand into one byte buffer, for the body of every reply
/// (`sendMessage`, `editMessageText`), where `JSONEncoder` and its boxed parameter
/// dictionary cost several percent of the bot's CPU. Keys go out in the order they are
/// written: callers write them sorted, as `JSONEncoder.botAPI` does, so either writes the
/// same bytes.
struct JSONObjectWriter {
    private var bytes: [UInt8] = []
    private var needsComma = false

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    var data: Data {
        var closed = bytes
        closed.append(UInt8(ascii: "}"))
        return Data(closed)
    }

    mutating func int(_ key: StaticString, _ value: Int64?) {
        guard let value else { return }
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func string(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        self.key(key)
        JSONQuoting.append(value, to: &bytes)
    }

    mutating func bool(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A nested object, written by `body`.
    mutating func object(_ key: StaticString, _ body: (inout JSONObjectWriter) -> Void) {
        self.key(key)
        appendObject(body)
    }

    private mutating func appendObject(_ body: (inout JSONObjectWriter) -> Void) {
        var nested = JSONObjectWriter(capacity: 0)
        swap(&nested.bytes, &bytes)  // The nested writer appends to this buffer, uncopied.
        nested.bytes.append(UInt8(ascii: "{"))
        body(&nested)
        nested.bytes.append(UInt8(ascii: "}"))
        swap(&nested.bytes, &bytes)
    }

    /// `{"inline_keyboard":[[{…},…],…]}`, each button's keys sorted.
    mutating func keyboard(_ key: StaticString, _ markup: InlineKeyboardMarkup?) {
        guard let markup else { return }
        object(key) { writer in
            writer.key("inline_keyboard")
            writer.bytes.append(UInt8(ascii: "["))
            for (rowIndex, row) in markup.inlineKeyboard.enumerated() {
                if rowIndex > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                writer.bytes.append(UInt8(ascii: "["))
                for (index, button) in row.enumerated() {
                    if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                    writer.appendObject { fields in
                        fields.string("callback_data", button.callbackData)
                        fields.string("text", button.text)
                        fields.string("url", button.url)
                    }
                }
                writer.bytes.append(UInt8(ascii: "]"))
            }
            writer.bytes.append(UInt8(ascii: "]"))
        }
    }

    private mutating func key(_ key: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: "\":".utf8)
    }
}
