import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Bank statements sent as files: a Monobank CSV or a PrivatBank XLSX in a private chat is
/// fetched by the bot outside the update (`BotRunner.runStatementFetching` in TelegramBot), then read by a job
/// of this feature into bank facts, each purchase matched with what the family typed.
struct StatementsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    /// Why 50,000: two and a half statements at the row cap, a family's years of history in
    /// a day; past it a member's files wait for tomorrow, so that nobody's imports hold the
    /// bot's one thread for long. Counted over the last 24 hours, refused files included.
    static let dailyRows = 50_000

    /// Why 20 MB: the most Telegram lets a bot download.
    static let sizeLimit: Int64 = 20 * 1024 * 1024

    /// A file whose name says it may be a statement: the reader decides for sure.
    static func mayBeStatement(_ file: ReceivedFile) -> Bool {
        let name = file.name.lowercased()
        return [".csv", ".xlsx", ".xls"].contains { name.hasSuffix($0) }
    }

    /// A private file whose name says it may be a statement (its caption is rarely an entry:
    /// the file is what they sent).
    static let fileClaim = MessageClaim.costlyFile("statements.file", mayBe: { mayBeStatement($0) }) { context, file, member, reply in
        try StatementsFeature(context).receive(file, member: member, reply: reply)
    }

    /// Takes a statement file: answers at once (the progress message the summary replaces
    /// later), or says why it cannot be taken.
    func receive(_ file: ReceivedFile, member: Member, reply: Replier) throws {
        let l = localizer(member)
        guard (file.size ?? 0) <= Self.sizeLimit else {
            try reply(l("statement.problem.too_large"))
            return
        }
        let progress = try reply(l("statement.fetching", ["name": .text(file.name.clipped(to: 64).htmlEscaped)]))
        try ledger.statements.addImport(member: member, chatID: reply.chat.id, fileID: file.fileID, fileName: file.name,
                                        progressOutboxID: progress)
    }

    /// An import that could not be fetched or read: its progress message says why, in the
    /// member's words (`problem` is a key's last part: `too_large`, `unavailable`; `arguments`
    /// what its message names).
    func fail(_ statementImport: StatementImport, problem: String, _ arguments: [String: MessageArgument] = [:], rows: Int = 0) throws {
        try ledger.statements.finishImport(statementImport.id, problem: problem, rows: rows)
        guard let member = try ledger.families.member(id: statementImport.memberID) else { return }
        try say(localizer(member)("statement.problem.\(problem)", arguments), about: statementImport)
    }

    /// Replaces the import's progress message (or, without one, sends a new message).
    func say(_ html: String, about statementImport: StatementImport) throws {
        if let progress = statementImport.progressOutboxID {
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: progress, html: html), chatID: statementImport.chatID)
        } else {
            try ledger.outbox.enqueue(.message(html: html), chatID: statementImport.chatID)
        }
    }
}
