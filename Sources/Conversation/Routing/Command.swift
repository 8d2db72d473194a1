import FoundationEssentials
import KopiykaCore

/// A slash command as people type it: `/lang uk`, `/start join_ab12`, `/report@KopiykaBot`.
struct Command: Equatable {
    /// Lower-cased, without the slash and the bot's name.
    let name: String
    /// The rest of the message, trimmed.
    let argument: String

    init(name: String, argument: String) {
        self.name = name
        self.argument = argument
    }

    /// Reads a command from a message, or nil when the text is not one. A `/cmd@other_bot`
    /// addressed to another bot in a group is not ours: nil.
    init?(_ text: String, botUsername: String?) {
        guard text.hasPrefix("/") else { return nil }
        let body = text.dropFirst()
        let head = body.prefix { !$0.isWhitespace }
        guard !head.isEmpty else { return nil }
        var name = Substring(head)
        if let at = head.firstIndex(of: "@") {
            let addressee = head[head.index(after: at)...]
            if let botUsername, addressee.lowercased() != botUsername.lowercased() { return nil }
            name = head[..<at]
        }
        // Any letters, so `/звіт` reaches the typo hint instead of reading as an entry.
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        self.name = name.lowercased()
        self.argument = String(body.dropFirst(head.count)).trimmed
    }
}
