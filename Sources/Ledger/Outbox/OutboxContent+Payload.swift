import FoundationEssentials
import KopiykaCore

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
        JSONQuoting.append(html, to: &bytes)
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
                JSONQuoting.append(button.title, to: &bytes)
                bytes.append(contentsOf: #","data":"#.utf8)
                JSONQuoting.append(button.data, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(contentsOf: "]}}".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }
}
