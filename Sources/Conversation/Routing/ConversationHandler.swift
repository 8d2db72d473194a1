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
    let statementReading = StatementReadingCache()
    let archiveReading = ArchiveReadingCache()
    /// Costly commands and statement files per member; in memory: a restart forgets it.
    var throttle = CommandThrottle()

    public init(ledger: Ledger, catalog: Catalog, clock: WallClock, settings: ConversationSettings,
                parser: EntryParser = EntryParser()) {
        self.ledger = ledger
        self.catalog = catalog
        self.parser = parser
        self.clock = clock
        self.settings = settings
    }

    /// Applies an event: its effects and everything it says land in one transaction, the
    /// caller's when it has one (a batch of updates: an error here ends the whole batch).
    public func handle(_ event: ConversationEvent) throws {
        try ledger.joiningTransaction {
            switch event {
            case .message(let message) where message.chat.kind == .privateChat:
                try receivePrivate(message)
            case .message(let message):
                try receiveInGroup(message)
            case .edited(let message):
                if try MonobankFeature(context).intercept(message) { return }
                if try !AccountsFeature(context).edited(message) { try EntriesFeature(context).edited(message) }
            case .nonText(let message) where message.chat.kind == .privateChat:
                try receiveNonText(message)
            case .nonText(let message):
                // In a group it is the family's chatter, unless its caption holds a token.
                if let caption = message.captionMessage { _ = try MonobankFeature(context).intercept(caption) }
            case .callback(let press):
                try receive(press)
            case .addedToGroup(let chat, let by):
                try FamilyFeature(context).linkGroup(chat, addedBy: by)
            case .removedFromGroup(let chatID):
                try FamilyFeature(context).groupRemoved(chatID: chatID)
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

    /// What every feature reads, made afresh for each event from the current settings.
    var context: ConversationContext {
        ConversationContext(ledger: ledger, catalog: catalog, parser: parser, clock: clock, settings: settings,
                            statementReading: statementReading, archiveReading: archiveReading)
    }

    /// A private chat: newcomers are welcomed with a household of their own (unless they come
    /// with an invitation), a Monobank token anywhere in the text is taken and nothing else
    /// read, commands are answered (with or without the slash), a reply to a message that
    /// shows entries corrects them, anything else is read as entries.
    func receivePrivate(_ message: IncomingMessage) throws {
        try ledger.outbox.setChatBlocked(message.chat.id, false)  // Writing to us again means they unblocked us.
        let text = message.text.trimmed
        let reply = Replier(ledger: ledger, chat: message.chat)
        let command = Command(text, botUsername: settings.botUsername)
        if let command, command.name == "start", command.argument.hasPrefix(Invitations.prefix),
           MonobankToken.first(in: text) == nil {
            try FamilyFeature(context).join(code: String(command.argument.dropFirst(Invitations.prefix.count)),
                                            sender: message.sender, reply: reply)
            return
        }
        let (member, isNew) = try WelcomeFeature(context).memberFor(message.sender)
        if isNew { try WelcomeFeature(context).welcome(member, reply: reply) }
        if try MonobankFeature(context).intercept(message, member: member) { return }
        if command == nil, try ArchiveFeature(context).answerPassphrase(message, member: member, reply: reply) { return }
        if command == nil, try MonobankFeature(context).receive(message, member: member, reply: reply) { return }
        if command == nil, let view = try replied(to: message) {
            try CorrectionsFeature(context).correct(view, with: text, member: member, reply: reply)
        } else if command == nil, try AccountsFeature(context).answerReply(message, text: text, member: member, reply: reply) {
            return
        } else if command == nil, try StatementsFeature(context).answerSplit(message, text: text, member: member, reply: reply) {
            return
        } else if command == nil, try RecurringFeature(context).answerReply(message, text: text, member: member, reply: reply) {
            return
        } else if let command = try command ?? commandWord(text, member: member) {
            if !(isNew && command.name == "start") { try run(command, member: member, message: message, reply: reply) }
        } else if !(isNew && text.isEmpty) {
            if try AccountsFeature(context).answerWaiting(message, text: text, member: member, reply: reply) { return }
            try EntriesFeature(context).record(text, message: message, member: member, reply: reply)
        }
    }

    /// The entries shown by the message this one replies to, if it replies to such a message.
    func replied(to message: IncomingMessage) throws -> EntryView? {
        guard let target = message.replyToMessageID else { return nil }
        return try ledger.entries.entryView(chatID: message.chat.id, messageID: target)
    }
}
