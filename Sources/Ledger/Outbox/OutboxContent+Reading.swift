import FoundationEssentials
import JSON

extension OutboxContent {
    /// A row's JSON read back, as `JSONDecoder` reads it. A message in the shape `payload()`
    /// writes (every reply) is read by hand: `JSONDecoder` took 3 % of the bot's CPU under
    /// load for it. Anything else (the other kinds, rows an older version wrote, anything not
    /// that shape) goes through `JSONDecoder`. nil when it does not read.
    init?(payload: String) {
        if let message = Self.handWrittenMessage(payload) {
            self = message
        } else if let decoded = try? JSONDecoder().decode(OutboxContent.self, from: Data(payload.utf8)) {
            self = decoded
        } else {
            return nil
        }
    }

    /// A message as `payload()` writes it: keys `html`, `replyTo`, `buttons` and, in a button,
    /// `title` and `data` (in any order), nothing else; nil for anything else.
    private static func handWrittenMessage(_ payload: String) -> OutboxContent? {
        JSONReader.read(payload.utf8) { reader -> OutboxContent? in
            var message: OutboxContent?
            let read = reader.object { reader, key in
                guard key == "message", message == nil else { return false }
                message = Self.message(&reader)
                return message != nil
            }
            return read ? message : nil
        }
    }

    private static func message(_ reader: inout JSONReader) -> OutboxContent? {
        var html: String?
        var replyTo: Int64?
        var buttons: [[OutboxButton]]?
        let read = reader.object { reader, key in
            switch key {
            case "html" where html == nil: html = reader.string(); return html != nil
            case "replyTo" where replyTo == nil: replyTo = reader.int64(); return replyTo != nil
            case "buttons" where buttons == nil: buttons = Self.buttons(&reader); return buttons != nil
            default: return false
            }
        }
        guard read, let html, let buttons else { return nil }
        return .message(html: html, replyTo: replyTo, buttons: buttons)
    }

    private static func buttons(_ reader: inout JSONReader) -> [[OutboxButton]]? {
        var rows: [[OutboxButton]] = []
        let read = reader.array { reader in
            var row: [OutboxButton] = []
            let read = reader.array { reader in
                var title: String?, data: String?
                let read = reader.object { reader, key in
                    switch key {
                    case "title" where title == nil: title = reader.string(); return title != nil
                    case "data" where data == nil: data = reader.string(); return data != nil
                    default: return false
                    }
                }
                guard read, let title, let data else { return false }
                row.append(OutboxButton(title: title, data: data))
                return true
            }
            rows.append(row)
            return read
        }
        return read ? rows : nil
    }
}
