import FoundationEssentials
import EntryParsing
import KopiykaCore
import Ledger
import Localization

/// What every feature reads, and nothing more: the database's stores, the words, the parser,
/// the time and the deployment's settings. A value made per event by `ConversationHandler`;
/// not `Sendable`, like the `Ledger` it holds, and used inside that event's transaction.
struct ConversationContext {
    let ledger: Ledger
    let catalog: Catalog
    let parser: EntryParser
    let clock: WallClock
    let settings: ConversationSettings
    /// The statement file being read in slices, parsed once for all of them.
    let statementReading: StatementReadingCache
    /// The archive being taken in slices, parsed once for all of them.
    let archiveReading: ArchiveReadingCache
}

/// One room of the conversation: entries, corrections, the family, reports and budgets,
/// exports, the schedule, the welcome. A feature owns its commands (`KnownCommand`s it lists),
/// its buttons (a `ButtonNamespace`), its scheduled jobs, its stores' methods and its message
/// keys; it reaches another feature only by making that feature's value from the same context,
/// which keeps every dependency between rooms visible where it is used.
protocol Feature {
    var context: ConversationContext { get }
    init(_ context: ConversationContext)
}

extension Feature {
    var ledger: Ledger { context.ledger }
    var catalog: Catalog { context.catalog }
    var parser: EntryParser { context.parser }
    var clock: WallClock { context.clock }
    var settings: ConversationSettings { context.settings }

    /// The words of a member's language.
    func localizer(_ member: Member) -> Localizer {
        catalog[Language(rawValue: member.language) ?? settings.defaultLanguage]
    }

    /// The language Telegram says a sender uses, or the deployment's default.
    func language(of sender: Sender) -> Language {
        sender.languageCode.map(Language.init(telegramCode:)) ?? settings.defaultLanguage
    }

    /// The family chat speaks its owner's language.
    func familyLocalizer(_ household: Household) -> Localizer {
        let owner = (try? ledger.families.members(householdID: household.id))?.first { $0.role == .owner }
        return catalog[owner.flatMap { Language(rawValue: $0.language) } ?? settings.defaultLanguage]
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

    /// The reader of an answer to `member` in `chat`: themselves in their private chat, the
    /// group (everyone else) anywhere else. A private entry (`#приватно`) shows, by note,
    /// amount or line, only to its author in their private chat.
    func viewer(in chat: ChatRef, _ member: Member) -> Viewer {
        chat.kind == .privateChat && chat.id == member.telegramUserID ? .member(member.id) : .group
    }

    /// Rewrites the message a pressed button was under.
    func edit(_ press: CallbackPress, html: String, buttons: [[OutboxButton]]) throws {
        guard let chat = press.chat, let messageID = press.messageID else { return }
        try ledger.outbox.enqueue(.edit(messageID: messageID, ofOutboxID: nil, html: html, buttons: buttons), chatID: chat.id)
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

    /// Anything else for the same chat: a chart, a file.
    func send(_ content: OutboxContent) throws {
        try ledger.outbox.enqueue(content, chatID: chat.id, threadID: chat.threadID)
    }
}
