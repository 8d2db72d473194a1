import Ledger

extension ConversationHandler {
    /// A statement file the bot could not fetch: its progress message says why (`too_large`,
    /// `unavailable`). Call it inside a transaction.
    public func statementFetchFailed(_ statementImport: StatementImport, problem: String) throws {
        try StatementsFeature(context).fail(statementImport, problem: problem)
    }
}
