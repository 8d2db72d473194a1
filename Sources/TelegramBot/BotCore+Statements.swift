import Conversation
import Ledger

extension BotCore {
    /// Statement files waiting to be downloaded: the oldest of each household, oldest first.
    func statementsToFetch() throws -> [StatementImport] {
        try ledger.statements.oldestImportOfEachHousehold(in: .fetching)
    }

    /// Keeps a downloaded file for the job that reads it, and wakes the scheduler's sender.
    func storeFetched(_ statementImport: StatementImport, data: [UInt8]) throws {
        try ledger.transaction { _ = try ledger.statements.storeFetched(statementImport.id, data: data) }
    }

    /// Gives up a file the bot cannot download; its member is told why.
    func failFetch(_ statementImport: StatementImport, problem: String) throws {
        try ledger.transaction { try conversation.statementFetchFailed(statementImport, problem: problem) }
        doorbell.ring()
    }
}
