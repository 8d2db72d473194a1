import FoundationEssentials
import EntryParsing
import KopiykaCore
import Ledger
import Localization

/// The one place that decides what the bot answers. Telegram and the console both call it, so
/// what a newcomer tries offline is exactly what the family gets in chat.
///
/// Everything it says is queued in the ledger's outbox, in the same transaction as the
/// event's effects: a caller that also commits the Telegram offset wraps the call in its own
/// transaction, and the entry, the reply and the offset land together or not at all.
public final class ConversationHandler {
    let ledger: Ledger
    let catalog: Catalog
    let parser: EntryParser
    let clock: WallClock
    public var settings: ConversationSettings

    public init(ledger: Ledger, catalog: Catalog, clock: WallClock, settings: ConversationSettings,
                parser: EntryParser = EntryParser()) {
        self.ledger = ledger
        self.catalog = catalog
        self.parser = parser
        self.clock = clock
        self.settings = settings
    }

    /// Applies an event: its effects and everything it says land in one transaction.
    public func handle(_ event: ConversationEvent) throws {
        try ledger.transaction {
            switch event {
            case .message(let message) where message.chat.kind == .privateChat:
                try receivePrivate(message)
            case .message(let message):
                try receiveInGroup(message)
            case .edited(let message):
                try edited(message)
            case .nonText(let message) where message.chat.kind == .privateChat:
                try receiveNonText(message)
            case .nonText:
                return  // In a group it is the family's chatter.
            case .callback(let press):
                try receive(press)
            case .addedToGroup(let chat, let by):
                try linkGroup(chat, addedBy: by)
            case .removedFromGroup(let chatID):
                try groupRemoved(chatID: chatID)
            case .blocked(let chatID, let isBlocked):
                try ledger.outbox.setChatBlocked(chatID, isBlocked)
            case .chatMigrated(let old, let new):
                try ledger.outbox.moveChat(from: old, to: new)
            }
        }
    }

    public func handle(_ message: IncomingMessage) throws {
        try handle(.message(message))
    }

    /// A private chat: newcomers are welcomed with a household of their own (unless they come
    /// with an invitation), commands are answered (with or without the slash), anything else
    /// is read as entries.
    func receivePrivate(_ message: IncomingMessage) throws {
        try ledger.outbox.setChatBlocked(message.chat.id, false)  // Writing to us again means they unblocked us.
        let text = message.text.trimmed
        let reply = Replier(ledger: ledger, chat: message.chat)
        let command = Command(text, botUsername: settings.botUsername)
        if let command, command.name == "start", command.argument.hasPrefix(Invitations.prefix) {
            try join(code: String(command.argument.dropFirst(Invitations.prefix.count)), sender: message.sender, reply: reply)
            return
        }
        var (member, isNew) = try memberFor(message.sender)
        if isNew { try welcome(member, reply: reply) }
        if command == nil, let view = try replied(to: message) {
            try correct(view, with: text, member: member, reply: reply)
        } else if let command = try command ?? commandWord(text, member: member) {
            if !(isNew && command.name == "start") { try run(command, member: &member, message: message, reply: reply) }
        } else if !(isNew && text.isEmpty) {
            try record(text, message: message, member: member, reply: reply)
        }
    }

    /// The entries shown by the message this one replies to, if it replies to such a message.
    func replied(to message: IncomingMessage) throws -> EntryView? {
        guard let target = message.replyToMessageID else { return nil }
        return try ledger.entries.entryView(chatID: message.chat.id, messageID: target)
    }

    /// The member writing, registering a newcomer with a household of their own.
    func memberFor(_ sender: Sender) throws -> (Member, isNew: Bool) {
        if let member = try ledger.families.member(telegramUserID: sender.id) { return (member, false) }
        let member = try ledger.families.createHousehold(owner: newcomer(sender), baseCurrency: settings.baseCurrency,
                                                timeZone: settings.timeZone)
        return (member, true)
    }

    func newcomer(_ sender: Sender) -> Newcomer {
        Newcomer(telegramUserID: sender.id, name: sender.firstName, language: language(of: sender).rawValue)
    }

    func language(of sender: Sender) -> Language {
        sender.languageCode.map(Language.init(telegramCode:)) ?? settings.defaultLanguage
    }

    func localizer(_ member: Member) -> Localizer {
        catalog[Language(rawValue: member.language) ?? settings.defaultLanguage]
    }

    /// The welcome, with buttons to switch the language it speaks.
    func welcome(_ member: Member, reply: Replier) throws {
        try reply(welcomeText(member), buttons: languageButtons())
    }

    /// Ukrainian greets by name only in the vocative it can form (`Привіт, Олю!`), else without.
    func welcomeText(_ member: Member) -> String {
        let l = localizer(member)
        let name = l.language == .uk ? Vocative.ukrainian(member.name) : member.name
        return l("welcome", ["greeting": .text(name == nil ? "anonymous" : "named"), "name": .text((name ?? "").htmlEscaped),
                             "account": .text(l.accountName(member.defaultAccount))])
    }

    func languageButtons() -> [[OutboxButton]] {
        [Language.allCases.map { OutboxButton(title: catalog[$0]("language.name.\($0.rawValue)"),
                                              data: CallbackData.language($0).encoded) }]
    }

    func today(of household: Household) -> LocalDate {
        LocalDate(clock.now(), in: household.timeZone)
    }

    func household(of member: Member) throws -> Household {
        guard let household = try ledger.families.household(id: member.householdID) else {
            throw ConversationError.missingHousehold(member.householdID)
        }
        return household
    }
}

enum ConversationError: Error {
    case missingHousehold(Int64)
}

/// Queues replies to the chat a message came from (and its forum topic).
struct Replier {
    let ledger: Ledger
    let chat: ChatRef

    @discardableResult
    func callAsFunction(_ html: String, buttons: [[OutboxButton]] = []) throws -> Int64 {
        try ledger.outbox.enqueue(.message(html: html, buttons: buttons), chatID: chat.id, threadID: chat.threadID)
    }
}
