/// Offsets and lengths count UTF-16 code units, as Telegram does.
public struct MessageEntity: Sendable, Equatable, Decodable {
    /// `bot_command`, `mention`, `url`, … kept as text so new kinds never fail decoding.
    public var type: String
    public var offset: Int
    public var length: Int

    public init(type: String, offset: Int, length: Int) {
        self.type = type
        self.offset = offset
        self.length = length
    }

    /// The entity's text within `text` (the message's text or caption), or nil when the
    /// offsets fall outside it.
    public func slice(of text: String) -> String? {
        let utf16 = text.utf16
        guard offset >= 0, length >= 0, offset + length <= utf16.count,
            let start = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex),
            let end = utf16.index(start, offsetBy: length, limitedBy: utf16.endIndex)
        else { return nil }
        return String(utf16[start..<end])
    }
}
