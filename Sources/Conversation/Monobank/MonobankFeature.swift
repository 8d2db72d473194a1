import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// The Monobank feed, as the member sees it: `/monobank` in a private chat explains how to
/// get a personal token; a token sent there, alone or among words, is taken (its message
/// deleted at once), sealed and checked by the bot outside the update
/// (`BotRunner.runMonobankFeed` in TelegramBot), which then lists the accounts and jars to follow and brings
/// their new operations through the same intake as a statement file. In a group the command
/// only asks for a private chat, and a token is never read there (`intercept`).
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

    /// `/monobank` in any group, linked or not, from anyone: only "in private, please".
    static let groupCommandClaim = MessageClaim("monobank.group", on: [.groupText]) { call in
        guard let name = call.command?.name, name == "monobank" || name == "mono" else { return false }
        let feature = MonobankFeature(call.context)
        let member = try feature.ledger.families.member(telegramUserID: call.message.sender.id)
        try feature.inGroup(call.message, l: member.map(feature.localizer) ?? feature.catalog[feature.language(of: call.message.sender)])
        return true
    }

    /// A private reply to the instructions that holds no token (`receive`).
    static let instructionsReplyClaim = MessageClaim("monobank.reply", on: [.privateText]) { call in
        try MonobankFeature(call.context).receive(call.message, member: call.member, reply: call.reply)
    }

    /// `/monobank off` in any of the three languages.
    static let offWords: Set<String> = ["off", "stop", "вимкнути", "відключити", "выключить", "отключить"]

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
        } else if !argument.isEmpty {  // A token with it never gets here: `intercept` took it.
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

    /// `/monobank` in a group: only "in private, please". A token sent with it never gets
    /// here: `intercept` deleted it.
    func inGroup(_ message: IncomingMessage, l: Localizer) throws {
        try Replier(ledger: ledger, chat: message.chat)(l("monobank.private_only"))
    }

    /// Any answer to the instructions that holds no token, in a private chat: it goes, and
    /// the member hears what a token looks like; false for anything else.
    func receive(_ message: IncomingMessage, member: Member, reply: Replier) throws -> Bool {
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
