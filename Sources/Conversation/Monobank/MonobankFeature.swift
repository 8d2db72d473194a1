import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// The Monobank feed, as the member sees it: `/monobank` in a private chat explains how to
/// get a personal token; the token sent there is taken (its message deleted at once), sealed
/// and checked by the bot outside the update (`TelegramBot.MonobankFeed`), which then lists
/// the accounts and jars to follow and brings their new operations through the same intake
/// as a statement file. In a group the command only asks for a private chat: a token is
/// never read there.
struct MonobankFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("monobank", section: .other, helpRank: 30, menuRank: 19, aliases: ["mono"]) { call in
            try MonobankFeature(call.context).command(call)
        },
    ]

    static let buttons = ButtonNamespace.of(MonobankButton.self) { button, call in
        try MonobankFeature(call.context).press(button, call: call)
    }

    /// `/monobank off` in any of the three languages.
    static let offWords: Set<String> = ["off", "stop", "вимкнути", "відключити", "выключить", "отключить"]

    /// Why these 44 characters: Monobank's personal tokens are 44 URL-safe base64 characters.
    /// A word of that shape with a letter and a digit in it is taken for one, wherever it is
    /// sent in a private chat, so it never becomes an entry's note.
    static func token(in text: String) -> String? {
        guard text.utf8.count >= 44 else { return nil }  // Every message asks: most are shorter.
        let word = text.trimmed
        guard word.count == 44, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
              word.contains(where: \.isNumber), word.contains(where: \.isLetter) else { return nil }
        return word
    }

    func command(_ call: CommandCall) throws {
        let l = localizer(call.member)
        guard call.message.chat.kind == .privateChat else {
            try inGroup(call.message, l: l)
            return
        }
        let argument = call.argument
        if Self.offWords.contains(argument.lowercased()) {
            let had = try ledger.monobank.link(memberID: call.member.id) != nil
            try ledger.monobank.remove(memberID: call.member.id)
            try call.reply(l(had ? "monobank.off" : "monobank.off.none"))
        } else if let token = Self.token(in: argument) {
            try take(token, message: call.message, member: call.member, reply: call.reply)
        } else if !argument.isEmpty {
            try delete(call.message)  // Perhaps a token cut short: it goes too.
            try call.reply(l("monobank.not_a_token"))
        } else if let link = try ledger.monobank.link(memberID: call.member.id), link.state == .connected {
            let view = try accountsView(member: call.member)
            try call.reply(view.html, buttons: view.buttons)
        } else {
            let instructions = try call.reply(l("monobank.instructions"))
            try ledger.monobank.wait(memberID: call.member.id, chatID: call.message.chat.id, instructionsOutboxID: instructions)
        }
    }

    /// `/monobank` in a group: only "in private, please"; a token sent with it is deleted
    /// when the bot may delete there, and read never.
    func inGroup(_ message: IncomingMessage, l: Localizer) throws {
        if message.text.split(whereSeparator: \.isWhitespace).contains(where: { Self.token(in: String($0)) != nil }) {
            try delete(message)
        }
        try Replier(ledger: ledger, chat: message.chat)(l("monobank.private_only"))
    }

    /// A token sent alone, or any answer to the instructions, in a private chat; false for
    /// anything else.
    func receive(_ message: IncomingMessage, text: String, member: Member, reply: Replier) throws -> Bool {
        if let token = Self.token(in: text) {
            try take(token, message: message, member: member, reply: reply)
            return true
        }
        guard let target = message.replyToMessageID, let link = try ledger.monobank.link(memberID: member.id), link.state == .waiting,
              let instructions = link.messageOutboxID, try ledger.outbox.sentMessageID(outboxID: instructions) == target else { return false }
        try delete(message)
        try reply(localizer(member)("monobank.not_a_token"))
        return true
    }

    /// Deletes the message that held the token, keeps the token sealed, and says it is being
    /// checked (the message the check's answer replaces).
    func take(_ token: String, message: IncomingMessage, member: Member, reply: Replier) throws {
        let l = localizer(member)
        try delete(message)
        let checking = try reply(l("monobank.checking"))
        if !(try ledger.monobank.connect(memberID: member.id, chatID: message.chat.id, token: token, messageOutboxID: checking)) {
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: checking, html: l("monobank.not_saved")), chatID: message.chat.id)
        }
    }

    func delete(_ message: IncomingMessage) throws {
        guard let id = message.messageID else { return }
        try ledger.outbox.enqueue(.delete(messageID: id), chatID: message.chat.id)
    }
}
