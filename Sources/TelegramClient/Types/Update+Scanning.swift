import JSON

/// The hot shapes read by hand (`JSONReader`): what they accept they read exactly as the
/// `Decodable` initializers would; anything else is nil, and `JSONDecoder` reads the body.
extension Update {
    /// `{"update_id":…,"message":{…}}` where the message has only the fields a plain text
    /// message has: `message_id`, `date`, `chat`, `from`, `text`, `entities`.
    static func scan(_ reader: inout JSONReader) -> Update? {
        var updateID: Int64?
        var message: Message?
        let read = reader.object { reader, key in
            switch key {
            case "update_id": updateID = reader.int64(); return updateID != nil
            case "message": message = Message.scanText(&reader); return message != nil
            default: return false
            }
        }
        guard read, let updateID, let message else { return nil }
        return Update(updateID: updateID, kind: .message(message))
    }
}

extension Message {
    static func scanText(_ reader: inout JSONReader) -> Message? {
        var messageID: Int?
        var date: Int?
        var chat: Chat?
        var from: User?
        var text: String?
        var entities: [MessageEntity]?
        var valid = true
        let read = reader.object { reader, key in
            switch key {
            case "message_id": messageID = reader.int(); valid = messageID != nil
            case "date": date = reader.int(); valid = date != nil
            case "chat": chat = Chat.scan(&reader); valid = chat != nil
            case "from": from = User.scan(&reader); valid = from != nil
            case "text": text = reader.string(); valid = text != nil
            case "entities": entities = MessageEntity.scanArray(&reader); valid = entities != nil
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
    static func scan(_ reader: inout JSONReader) -> Chat? {
        var id: Int64?
        var type: Kind?
        var title: String?, username: String?, firstName: String?, lastName: String?
        let read = reader.object { reader, key in
            switch key {
            case "id": id = reader.int64(); return id != nil
            case "type": type = reader.string().map(Kind.init(name:)); return type != nil
            case "title": title = reader.string(); return title != nil
            case "username": username = reader.string(); return username != nil
            case "first_name": firstName = reader.string(); return firstName != nil
            case "last_name": lastName = reader.string(); return lastName != nil
            default: return reader.skipValue()
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
    static func scan(_ reader: inout JSONReader) -> User? {
        var id: Int64?
        var isBot: Bool?
        var firstName: String?, lastName: String?, username: String?, languageCode: String?
        let read = reader.object { reader, key in
            switch key {
            case "id": id = reader.int64(); return id != nil
            case "is_bot": isBot = reader.bool(); return isBot != nil
            case "first_name": firstName = reader.string(); return firstName != nil
            case "last_name": lastName = reader.string(); return lastName != nil
            case "username": username = reader.string(); return username != nil
            case "language_code": languageCode = reader.string(); return languageCode != nil
            default: return reader.skipValue()
            }
        }
        guard read, let id else { return nil }
        return User(id: id, isBot: isBot, firstName: firstName, lastName: lastName, username: username,
                    languageCode: languageCode)
    }
}

extension MessageEntity {
    /// Keys `MessageEntity` does not decode (`url`, `user`, …) are skipped.
    static func scanArray(_ reader: inout JSONReader) -> [MessageEntity]? {
        var entities: [MessageEntity] = []
        let read = reader.array { reader in
            var type: String?, offset: Int?, length: Int?
            let read = reader.object { reader, key in
                switch key {
                case "type": type = reader.string(); return type != nil
                case "offset": offset = reader.int(); return offset != nil
                case "length": length = reader.int(); return length != nil
                default: return reader.skipValue()
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
    static func scan(_ reader: inout JSONReader) -> SentMessage? {
        var messageID: Int?
        let read = reader.object { reader, key in
            if key == "message_id" {
                messageID = reader.int()
                return messageID != nil
            }
            return reader.skipValue()
        }
        guard read, let messageID else { return nil }
        return SentMessage(messageID: messageID)
    }
}
