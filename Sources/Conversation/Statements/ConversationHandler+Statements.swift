import Ledger

extension ConversationHandler {
    /// A statement file the bot could not fetch: its progress message says why (`too_large`,
    /// `unavailable`). Call it inside a transaction.
    public func statementFetchFailed(_ statementImport: StatementImport, problem: String) throws {
        try StatementsFeature(context).fail(statementImport, problem: problem)
    }

    /// The statement file the reading job waits for when `settings.parsesStatementsApart`:
    /// the caller parses it (`StatementReading(_:)`) where it holds no one up, and `keep`s
    /// the reading. Nil when there is none or it is parsed already.
    public func statementFileToParse() throws -> StatementFile? {
        try StatementsFeature(context).fileToParse()
    }

    /// A file parsed apart, for the job to read in slices.
    public func keep(_ reading: StatementReading) {
        statementReading.keep(reading, accepted: false)
    }
}
