extension StringProtocol {
    /// The text made safe for Telegram's HTML parse mode: `&`, `<`, `>` and `"` escaped (the
    /// only entities Telegram knows). Every piece of people's text goes through this before it
    /// joins a message.
    public var htmlEscaped: String {
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
