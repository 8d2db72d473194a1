extension StringProtocol {
    /// The text made safe for Telegram's HTML parse mode: `&`, `<`, `>` and `"` escaped (the
    /// only entities Telegram knows). Every piece of people's text goes through this before it
    /// joins a message.
    public var htmlEscaped: String {
        // Most texts have nothing to escape: told by their bytes, without building a copy.
        let clean = utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") }
        }
        if clean == true { return String(self) }
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
