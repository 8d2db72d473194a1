/// The hot shapes read by hand (`JSONScanner`): what they accept they read exactly as the
/// `Decodable` initializers would; anything else is nil, and `JSONDecoder` reads the body.
extension Update {
    /// `{"update_id":…,"message":{…}}` where the message has only the fields a plain text
    /// message has: `message_id`, `date`, `chat`, `from`, `text`, `entities`.
    static func scan(_ scanner: inout JSONScanner) -> Update? {
        var updateID: Int64?
        var message: Message?
        let read = scanner.object { scanner, key in
            switch key {
            case "update_id": updateID = scanner.int64(); return updateID != nil
            case "message": message = Message.scanText(&scanner); return message != nil
            default: return false
            }
        }
        guard read, let updateID, let message else { return nil }
        return Update(updateID: updateID, kind: .message(message))
    }
}

extension Message {
    static func scanText(_ scanner: inout JSONScanner) -> Message? {
        var messageID: Int?
        var date: Int?
        var chat: Chat?
        var from: User?
        var text: String?
        var entities: [MessageEntity]?
        var valid = true
        let read = scanner.object { scanner, key in
            switch key {
            case "message_id": messageID = scanner.int(); valid = messageID != nil
            case "date": date = scanner.int(); valid = date != nil
            case "chat": chat = Chat.scan(&scanner); valid = chat != nil
            case "from": from = User.scan(&scanner); valid = from != nil
            case "text": text = scanner.string(); valid = text != nil
            case "entities": entities = MessageEntity.scanArray(&scanner); valid = entities != nil
            default: valid = false
            }
            return valid
        }
        guard read, let messageID, let chat else { return nil }
        return Message(messageID: messageID, date: date ?? 0, chat: chat, from: from, text: text, entities: entities)
    }
}

extension Chat {
    /// Keys `Chat` does not decode are skipped, as `JSONDecoder` ignores them.
    static func scan(_ scanner: inout JSONScanner) -> Chat? {
        var id: Int64?
        var type: Kind?
        var title: String?, username: String?, firstName: String?, lastName: String?
        let read = scanner.object { scanner, key in
            switch key {
            case "id": id = scanner.int64(); return id != nil
            case "type": type = scanner.string().map(Kind.init(name:)); return type != nil
            case "title": title = scanner.string(); return title != nil
            case "username": username = scanner.string(); return username != nil
            case "first_name": firstName = scanner.string(); return firstName != nil
            case "last_name": lastName = scanner.string(); return lastName != nil
            default: return scanner.skipValue()
            }
        }
        guard read, let id, let type else { return nil }
        var chat = Chat(id: id, type: type, title: title)
        chat.username = username
        chat.firstName = firstName
        chat.lastName = lastName
        return chat
    }
}

extension User {
    /// Keys `User` does not decode (`is_premium`, …) are skipped, as `JSONDecoder` ignores them.
    static func scan(_ scanner: inout JSONScanner) -> User? {
        var id: Int64?
        var isBot: Bool?
        var firstName: String?, lastName: String?, username: String?, languageCode: String?
        let read = scanner.object { scanner, key in
            switch key {
            case "id": id = scanner.int64(); return id != nil
            case "is_bot": isBot = scanner.bool(); return isBot != nil
            case "first_name": firstName = scanner.string(); return firstName != nil
            case "last_name": lastName = scanner.string(); return lastName != nil
            case "username": username = scanner.string(); return username != nil
            case "language_code": languageCode = scanner.string(); return languageCode != nil
            default: return scanner.skipValue()
            }
        }
        guard read, let id else { return nil }
        return User(id: id, isBot: isBot, firstName: firstName, lastName: lastName, username: username,
                    languageCode: languageCode)
    }
}

extension MessageEntity {
    /// Keys `MessageEntity` does not decode (`url`, `user`, …) are skipped.
    static func scanArray(_ scanner: inout JSONScanner) -> [MessageEntity]? {
        var entities: [MessageEntity] = []
        let read = scanner.array { scanner in
            var type: String?, offset: Int?, length: Int?
            let read = scanner.object { scanner, key in
                switch key {
                case "type": type = scanner.string(); return type != nil
                case "offset": offset = scanner.int(); return offset != nil
                case "length": length = scanner.int(); return length != nil
                default: return scanner.skipValue()
                }
            }
            guard read, let type, let offset, let length else { return false }
            entities.append(MessageEntity(type: type, offset: offset, length: length))
            return true
        }
        return read ? entities : nil
    }
}

extension Chat.Kind {
    /// Telegram's name for the kind; a new kind is `.other`, never an error.
    init(name: String) {
        switch name {
        case "private": self = .private
        case "group": self = .group
        case "supergroup": self = .supergroup
        case "channel": self = .channel
        default: self = .other(name)
        }
    }
}

extension SentMessage {
    /// `{"message_id":…,…}`: only the id is kept, the rest skipped.
    static func scan(_ scanner: inout JSONScanner) -> SentMessage? {
        var messageID: Int?
        let read = scanner.object { scanner, key in
            if key == "message_id" {
                messageID = scanner.int()
                return messageID != nil
            }
            return scanner.skipValue()
        }
        guard read, let messageID else { return nil }
        return SentMessage(messageID: messageID)
    }
}
