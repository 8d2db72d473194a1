import Conversation
import Ledger
import TelegramClient

extension BotCore {
    /// From now on the statements' job waits for files parsed by `BotRunner.runStatementParsing`.
    func parseStatementsApart() {
        conversation.settings.parsesStatementsApart = true
    }

    /// The statement file to parse next, its attempt counted first: a parse that kills the
    /// process counts, and after `AttemptRule.limit` deaths the file is kept as given up (the
    /// reading job tells its member it is damaged) instead of parsed again.
    func statementFileToParse() throws -> StatementFile? {
        guard let file = try conversation.statementFileToParse() else { return nil }
        let key = Self.parseKey(file.importID)
        let count = try attempts.count(key)
        guard count > AttemptRule.limit else { return file }
        log.error("gave up parsing statement file \(file.importID) after \(count - 1) attempts (each crashed)")
        try keepParsed(StatementReading(givenUp: file.importID))
        return nil
    }

    /// A parsed file, for the reading job; its parse's attempt is cleared.
    func keepParsed(_ reading: StatementReading) throws {
        conversation.keep(reading)
        try attempts.clear(Self.parseKey(reading.importID))
    }

    static func parseKey(_ importID: Int64) -> AttemptKey { AttemptKey(kind: "statement-parse", subject: importID) }
}
