import Foundation
import EntryParsing
import KopiykaCore
import Ledger
import Localization

/// The one place that decides what the bot answers. Telegram and the console both call it, so
/// what a newcomer tries offline is exactly what the family gets in chat.
///
/// Everything it says is queued in the ledger's outbox, in the same transaction as the
/// message's effects: a caller that also commits the Telegram offset wraps the call in its own
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
        switch event {
        case .message(let message):
            try handle(message)
        case .edited:
            break  // Re-parsing edited messages comes with the corrections issue.
        case .callback(let press):
            try ledger.transaction {
                try ledger.enqueue(.callbackAnswer(queryID: press.queryID, text: nil), chatID: press.chat?.id ?? press.sender.id)
            }
        case .addedToGroup, .removedFromGroup:
            break  // Family groups come with the families issue.
        case .blocked(let chatID, let isBlocked):
            try ledger.setChatBlocked(chatID, isBlocked)
        case .chatMigrated(let old, let new):
            try ledger.moveChat(from: old, to: new)
        }
    }

    public func handle(_ message: IncomingMessage) throws {
        // Group chats become family chats in the families issue; until then the bot keeps quiet
        // there rather than answer strangers' chatter.
        guard message.chat.kind == .privateChat else { return }
        let text = message.text.trimmingCharacters(in: .whitespacesAndNewlines)
        try ledger.transaction {
            // Writing to us again means they unblocked us.
            try ledger.setChatBlocked(message.chat.id, false)
            var (member, isNew) = try memberFor(message.sender)
            let reply = Replier(ledger: ledger, chat: message.chat)
            if isNew { try reply(welcome(member)) }
            if let command = Command(text, botUsername: settings.botUsername) {
                if !(isNew && command.name == "start") {
                    try reply(try answer(command, member: &member))
                }
            } else if !(isNew && text.isEmpty) {
                try record(text, message: message, member: member, reply: reply)
            }
        }
    }

    /// The member writing, registering a newcomer with a household of their own.
    private func memberFor(_ sender: Sender) throws -> (Member, isNew: Bool) {
        if let member = try ledger.member(telegramUserID: sender.id) { return (member, false) }
        let language = sender.languageCode.map(Language.init(telegramCode:)) ?? settings.defaultLanguage
        let newcomer = Newcomer(telegramUserID: sender.id, name: sender.firstName, language: language.rawValue)
        let member = try ledger.createHousehold(owner: newcomer, baseCurrency: settings.baseCurrency,
                                                timeZone: settings.timeZone)
        return (member, true)
    }

    func localizer(_ member: Member) -> Localizer {
        catalog[Language(rawValue: member.language) ?? settings.defaultLanguage]
    }

    private func welcome(_ member: Member) -> String {
        localizer(member)("welcome", ["name": .text(member.name.htmlEscaped)])
    }

    private func answer(_ command: Command, member: inout Member) throws -> String {
        guard let household = try ledger.household(id: member.householdID) else { return localizer(member)("command.unknown") }
        switch command.name {
        case "report", "zvit", "otchet":
            return try report(command.argument, member: member, household: household)
        case "budget", "biudzhet":
            return try budget(command.argument, member: member, household: household)
        case "rate":
            return try rate(command.argument, member: member, household: household)
        case "start", "help":
            return localizer(member)("help")
        case "lang", "language", "mova":
            guard let language = Language(rawValue: command.argument.lowercased()) else {
                return localizer(member)("language.choose")
            }
            try ledger.setLanguage(language.rawValue, memberID: member.id)
            member.language = language.rawValue
            return localizer(member)("language.changed")
        default:
            return localizer(member)("command.unknown")
        }
    }

    /// Parses `text`, stores what it holds and confirms it (then any budget it pushed over a
    /// threshold), or explains what is missing.
    private func record(_ text: String, message: IncomingMessage, member: Member, reply: Replier) throws {
        let l = localizer(member)
        let household = try ledger.household(id: member.householdID)
        let timeZone = household?.timeZone ?? settings.timeZone
        let today = LocalDate(clock.now(), in: timeZone)
        let parser = household.map { EntryParser(baseCurrency: $0.baseCurrency) } ?? self.parser
        switch parser.parse(text, today: today) {
        case .failure(let failure):
            try reply(hint(for: failure, text: text, localizer: l))
        case .success(let parsed):
            let entries = parsed.map {
                NewEntry(kind: $0.kind, amount: $0.amount, category: $0.category, account: $0.account,
                         date: $0.date, note: $0.note, originalText: text, isPrivate: $0.isPrivate)
            }
            let source = EntrySource(updateID: message.updateID, chatID: message.chat.id,
                                     messageID: message.messageID)
            let stored = try ledger.add(entries, by: member, source: source)
            try reply(stored.map { EntryLine(entry: $0, today: today).render(l) }.joined(separator: "\n"))
            if let household { try announceBudgets(after: stored, member: member, household: household) }
        }
    }

    private func hint(for failure: ParseFailure, text: String, localizer l: Localizer) -> String {
        switch failure {
        case .noAmount where parser.category(named: text) != nil:
            return l("error.no_amount.known", ["text": .text(text.htmlEscaped)])
        default:
            return l("error.\(failure.rawValue)")
        }
    }
}

/// Queues replies to the chat a message came from (and its forum topic).
struct Replier {
    let ledger: Ledger
    let chat: ChatRef

    @discardableResult
    func callAsFunction(_ html: String, buttons: [[OutboxButton]] = []) throws -> Int64 {
        try ledger.enqueue(.message(html: html, buttons: buttons), chatID: chat.id, threadID: chat.threadID)
    }
}
