import Ledger

extension ConversationHandler {
    /// A voice note, a photo, a sticker or a file in a private chat: a short hint at what
    /// works instead, so nothing a person sends goes unanswered. A file whose caption reads
    /// as an entry is recorded, as a photo's caption is.
    func receiveNonText(_ message: NonTextMessage) throws {
        try ledger.outbox.setChatBlocked(message.chat.id, false)  // Writing to us again means they unblocked us.
        let reply = Replier(ledger: ledger, chat: message.chat)
        let (member, isNew) = try memberFor(message.sender)
        if isNew { try welcome(member, reply: reply) }
        let key: String
        switch message.kind {
        case .voice: key = "nontext.voice"
        case .picture: key = "nontext.picture"
        case .sticker: key = "nontext.sticker"
        case .document(let caption):
            let household = try household(of: member)
            if let caption, case .success = parse(caption, household: household, today: today(of: household)) {
                let asText = IncomingMessage(chat: message.chat, sender: message.sender, text: caption,
                                             updateID: message.updateID, messageID: message.messageID)
                try record(caption, message: asText, member: member, reply: reply)
                return
            }
            key = "nontext.document"
        }
        try reply(localizer(member)(key))
    }
}
