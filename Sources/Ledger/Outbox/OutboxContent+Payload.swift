import FoundationEssentials

extension OutboxContent {
    /// The row's JSON, as `JSONDecoder` reads `OutboxContent` back. A message (every reply,
    /// and what a sent one keeps) is written by hand: `JSONEncoder` took 5 % of the bot's CPU
    /// under load for it. Every other kind goes through `JSONEncoder`.
    func payload() throws -> String {
        guard case .message(let html, let replyTo, let buttons) = self else {
            return String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(html.utf8.count + 64 + 48 * buttons.count)
        bytes.append(contentsOf: #"{"message":{"html":"#.utf8)
        Self.appendQuoted(html, to: &bytes)
        if let replyTo {
            bytes.append(contentsOf: #","replyTo":"#.utf8)
            bytes.append(contentsOf: String(replyTo).utf8)
        }
        bytes.append(contentsOf: #","buttons":["#.utf8)
        for (rowIndex, row) in buttons.enumerated() {
            if rowIndex > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            for (index, button) in row.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: #"{"title":"#.utf8)
                Self.appendQuoted(button.title, to: &bytes)
                bytes.append(contentsOf: #","data":"#.utf8)
                Self.appendQuoted(button.data, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(contentsOf: "]}}".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string: quote, backslash and control characters escaped, the rest as it is.
    private static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
