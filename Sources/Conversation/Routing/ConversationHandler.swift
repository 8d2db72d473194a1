import Banking
import FoundationEssentials
import EntryParsing
import KopiykaCore
import Ledger
import Localization

/// The one place that decides what the bot answers. Telegram and the console both call it, so
/// what a newcomer tries offline is exactly what the family gets in chat. A message goes to
/// the features' claims in the order of `Features.claims` (`MessageRouter`), a press to the
/// feature that owns its button (`ButtonRoute`), a timed job to its feature's `JobSource`.
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
    let throttle = MemberThrottle()
    let claims: [MessageClaim]
    /// The timed jobs `runSchedule` runs: the bot's scheduler's, `Features.jobs`.
    let jobs: [JobSource]

    /// `claims` and `jobs` are `Features.claims` and `Features.jobs` but in a test that adds a
    /// feature of its own.
    public init(ledger: Ledger, catalog: Catalog, clock: WallClock, settings: ConversationSettings,
                parser: EntryParser = EntryParser(), claims: [MessageClaim] = Features.claims,
                jobs: [JobSource] = Features.jobs) {
        self.ledger = ledger
        self.catalog = catalog
        self.parser = parser
        self.clock = clock
        self.settings = settings
        self.claims = claims
        self.jobs = jobs
    }

    /// Applies an event: its effects and everything it says land in one transaction, the
    /// caller's when it has one (a batch of updates: an error here ends the whole batch).
    public func handle(_ event: ConversationEvent) throws {
        try ledger.joiningTransaction {
            let router = context.router
            switch event {
            case .message(let message) where message.chat.kind == .privateChat:
                try ledger.outbox.setChatBlocked(message.chat.id, false)  // Writing to us again means they unblocked us.
                try router.route(router.call(.privateText, message), membership: MessageRouter.welcomed)
            case .message(let message):
                try router.route(router.call(.groupText, message), membership: FamilyFeature.groupMember)
            case .edited(let message):
                try router.route(router.call(.edit, message), membership: MessageRouter.known)
            case .nonText(let message) where message.chat.kind == .privateChat:
                try ledger.outbox.setChatBlocked(message.chat.id, false)
                try router.route(router.call(.privateFile, message), membership: MessageRouter.welcomed)
            case .nonText(let message):
                try router.route(router.call(.groupFile, message), membership: MessageRouter.known)
            case .callback(let press):
                try ButtonRoute(context: context).receive(press)
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
                            statementReading: statementReading, archiveReading: archiveReading, throttle: throttle,
                            claims: claims, entryNeighbours: Features.entryNeighbours)
    }

    /// Tells whoever sent an update the bot gave up (it crashed or failed three times) that it
    /// was skipped, in their language: the one stored for a member, else their Telegram one.
    /// Nothing for events nobody wrote (a removal, a block, a migration), nor for a group's
    /// sticker or voice note, which got no answer anyway.
    public func apologize(for event: ConversationEvent) throws {
        switch event {
        case .message(let message), .edited(let message):
            try ledger.outbox.enqueue(.message(html: apology(to: message.sender), replyTo: message.messageID),
                               chatID: message.chat.id, threadID: message.chat.threadID)
        case .nonText(let message) where message.chat.kind == .privateChat:
            try ledger.outbox.enqueue(.message(html: apology(to: message.sender), replyTo: message.messageID), chatID: message.chat.id)
        case .callback(let press):
            // The answer also stops the spinner on the button.
            try ledger.outbox.enqueue(.callbackAnswer(queryID: press.queryID, text: apology(to: press.sender)),
                               chatID: press.chat?.id ?? press.sender.id)
        case .addedToGroup(let chat, let by):
            try ledger.outbox.enqueue(.message(html: apology(to: by)), chatID: chat.id, threadID: chat.threadID)
        case .nonText, .removedFromGroup, .blocked, .chatMigrated:
            return
        }
    }

    func apology(to sender: Sender) throws -> String {
        let stored = try ledger.families.member(telegramUserID: sender.id).flatMap { Language(rawValue: $0.language) }
        return catalog[stored ?? WelcomeFeature(context).language(of: sender)]("update.skipped")
    }

    // MARK: Jobs

    /// Every feature's timed jobs, for the scheduler.
    public static var jobSources: [JobSource] { Features.jobs }

    /// What `source` has due now. Call it inside no transaction: each job runs in its own.
    public func dueJobs(_ source: JobSource) throws -> [ScheduledJob] {
        try source.due(context)
    }

    /// Runs the jobs due now of every source the console's schedule runs (all but those a
    /// caller steps apart, `JobSource.inConsoleSchedule`), without the attempt rule: for the
    /// console and tests. A source that drains (an archive's slices) is asked again while it
    /// has work, as the bot's scheduler does.
    public func runSchedule() throws {
        for source in jobs where source.inConsoleSchedule {
            var due = try dueJobs(source)
            while !due.isEmpty {
                for job in due { try job.perform() }
                due = source.drains ? try dueJobs(source) : []
            }
        }
    }

    /// Makes one chunk of the oldest unfinished export, without the attempt rule (the console
    /// and tests); true while more work remains.
    public func runExportStep() throws -> Bool {
        try ExportsFeature(context).runExportStep()
    }

    // MARK: Work the bot does outside an update; call each inside a transaction

    public func monobankChecked(memberID: Int64, accounts: [MonobankAccount]) throws {
        try MonobankFeature(context).checked(memberID: memberID, accounts: accounts)
    }

    /// `unreadable`: the sealed token could not be opened (its key file is gone).
    public func monobankRefused(memberID: Int64, unreadable: Bool = false) throws {
        try MonobankFeature(context).refused(memberID: memberID, unreadable: unreadable)
    }

    /// The bank's answer to a new token's check could not be read (a page, JSON cut short).
    public func monobankCheckUnreadable(memberID: Int64) throws {
        try MonobankFeature(context).checkUnreadable(memberID: memberID)
    }

    public func monobankReceived(memberID: Int64, accountID: String, facts: [BankFact], cursor: Date?) throws {
        try MonobankFeature(context).received(memberID: memberID, accountID: accountID, facts: facts, cursor: cursor)
    }

    /// A statement file the bot could not fetch: its progress message says why (`too_large`,
    /// `unavailable`).
    public func statementFetchFailed(_ statementImport: StatementImport, problem: String) throws {
        try StatementsFeature(context).fail(statementImport, problem: problem)
    }

    /// The statement file the reading job waits for when `settings.parsesStatementsApart`:
    /// the caller parses it (`StatementReading(_:)`) where it holds no one up, and `keep`s
    /// the reading. Nil when there is none or it is parsed already. Call it in no transaction.
    public func statementFileToParse() throws -> StatementFile? {
        try StatementsFeature(context).fileToParse()
    }

    /// A file parsed apart, for the job to read in slices.
    public func keep(_ reading: StatementReading) {
        statementReading.keep(reading, accepted: false)
    }

    /// The archive the archives job waits for when `settings.parsesArchivesApart`: the caller
    /// reads it (`ArchiveReading(_:)`) where it holds no one up, and `keep`s the reading. Nil
    /// when there is none, it is read already, or it waits for its passphrase.
    public func archiveFileToParse() throws -> ArchiveFile? {
        try ArchiveFeature(context).fileToParse()
    }

    /// An archive read apart, for the job to take in slices.
    public func keep(_ reading: ArchiveReading) {
        archiveReading.keep(reading)
    }

    /// The server's daily backup failed for the second time in a row or later: the owners who
    /// asked hear it in private, each once until backups work again.
    public func backupsFail() throws {
        try ArchiveFeature(context).tellBackupsFail()
    }

    /// A backup worked: the owners told of failures hear that backups work again.
    public func backupsWork() throws {
        try ArchiveFeature(context).tellBackupsWork()
    }

    /// `/savings`'s text for a member, without queueing it: for `kopiyka bench savings`.
    public func savingsText(memberID: Int64) throws -> String? {
        guard let member = try ledger.families.member(id: memberID) else { return nil }
        let savings = SavingsFeature(context)
        return try savings.overview(member, household: savings.household(of: member))
    }
}
