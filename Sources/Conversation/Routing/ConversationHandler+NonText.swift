import Ledger
import Localization

extension ConversationHandler {
    /// A voice note, a photo, a sticker or a file in a private chat: a short hint at what
    /// works instead, so nothing a person sends goes unanswered. A file whose caption reads
    /// as an entry is recorded, as a photo's caption is.
    func receiveNonText(_ message: NonTextMessage) throws {
        try ledger.outbox.setChatBlocked(message.chat.id, false)  // Writing to us again means they unblocked us.
        let reply = Replier(ledger: ledger, chat: message.chat)
        let context = self.context
        let welcome = WelcomeFeature(context), entries = EntriesFeature(context)
        let (member, isNew) = try welcome.memberFor(message.sender)
        if isNew { try welcome.welcome(member, reply: reply) }
        // A token in the caption is taken and its message deleted, file and all: the file, a
        // statement or not, can be sent again without it.
        if let caption = message.captionMessage, try MonobankFeature(context).intercept(caption, member: member) { return }
        let key: String
        switch message.kind {
        case .voice: key = "nontext.voice"
        case .picture: key = "nontext.picture"
        case .sticker: key = "nontext.sticker"
        case .document where message.file.map(ArchiveFeature.mayBeArchive) ?? false:
            // A ZIP or a sealed archive: a family archive to bring in (the reader decides).
            guard let file = message.file, try admitCostly(member: member, reply: reply) else { return }
            try ArchiveFeature(context).receive(file, member: member, reply: reply)
            return
        case .document where message.file.map(StatementsFeature.mayBeStatement) ?? false:
            // A statement's caption is rarely an entry: the file is what they sent.
            guard let file = message.file, try admitCostly(member: member, reply: reply) else { return }
            try StatementsFeature(context).receive(file, member: member, reply: reply)
            return
        case .document(let caption):
            let household = try entries.household(of: member)
            if let caption, case .success = entries.parse(caption, household: household, today: entries.today(of: household)) {
                let asText = IncomingMessage(chat: message.chat, sender: message.sender, text: caption,
                                             updateID: message.updateID, messageID: message.messageID)
                try entries.record(caption, message: asText, member: member, reply: reply)
                return
            }
            key = "nontext.document"
        }
        try reply(welcome.localizer(member)(key))
    }
}

extension NonTextMessage {
    /// A file's caption as a text message of the same chat, sender and ids; nil without one.
    var captionMessage: IncomingMessage? {
        guard case .document(let caption?) = kind else { return nil }
        return IncomingMessage(chat: chat, sender: sender, text: caption, updateID: updateID, messageID: messageID)
    }
}
