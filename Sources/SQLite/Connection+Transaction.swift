import CSQLite

extension Connection {
    /// Runs `body` atomically: all of its writes land, or none do.
    ///
    /// The outermost call is `BEGIN IMMEDIATE` — it takes the write lock up front, so two
    /// processes never deadlock upgrading read locks. Nested calls become savepoints, so a
    /// handler can wrap its own transaction together with the Telegram offset commit.
    ///
    /// Whether a transaction is open is asked of SQLite (`sqlite3_get_autocommit`), never
    /// counted: SQLite ends a transaction by itself on some errors (SQLITE_FULL, SQLITE_IOERR
    /// and SQLITE_NOMEM may roll all of it back) and keeps it open after others (a COMMIT that
    /// fails). A counter that missed either left every later write failing until a restart.
    @discardableResult
    public func transaction<T, E: Error>(_ body: () throws(E) -> T) throws -> T {
        if transactionLost { throw SQLiteError.transactionLost }
        let outermost = !isInTransaction
        // Prepared once and kept, like every statement: parsing them again for every
        // transaction and savepoint took 2 % of the bot's CPU under load.
        try execute(outermost ? "BEGIN IMMEDIATE" : "SAVEPOINT kopiyka")
        defer {
            if outermost { transactionLost = false }
        }
        do {
            if outermost { try forgetRememberedIfAnotherConnectionCommitted() }
            let result = try body()
            if transactionLost { throw SQLiteError.transactionLost }
            try execute(outermost ? "COMMIT" : "RELEASE kopiyka")
            return result
        } catch {
            forgetRemembered()
            if outermost {
                if isInTransaction { try? executeScript("ROLLBACK") }
            } else if isInTransaction {
                // Savepoints share one name: ROLLBACK TO and RELEASE act on the innermost.
                try? executeScript("ROLLBACK TO kopiyka; RELEASE kopiyka")
            } else {
                transactionLost = true
            }
            throw error
        }
    }

    /// Runs `body` in the caller's transaction when there is one, with no savepoint of its
    /// own, else in a transaction of its own. Only for work whose error always ends the
    /// caller's transaction too: a caller that caught it and went on would keep half of it.
    ///
    /// Cost: a savepoint is two statements, and SQLite copies every page first changed under
    /// it into its sub-journal (~14 pages for a typed entry).
    @discardableResult
    public func joiningTransaction<T, E: Error>(_ body: () throws(E) -> T) throws -> T {
        guard isInTransaction else { return try transaction(body) }
        if transactionLost { throw SQLiteError.transactionLost }
        let result = try body()
        // SQLite ends the whole transaction on some errors (see `transaction`); one the body
        // caught must still end the caller's, as a savepoint's RELEASE would have found.
        guard isInTransaction else {
            transactionLost = true
            throw SQLiteError.transactionLost
        }
        return result
    }

    /// True between BEGIN and COMMIT or ROLLBACK, as SQLite itself sees it.
    public var isInTransaction: Bool { sqlite3_get_autocommit(db) == 0 }
}

extension SQLiteError {
    static let transactionLost = SQLiteError(
        reason: .other, code: SQLITE_ABORT,
        message: "SQLite rolled the transaction back after an error that was caught; the rest of it is refused")
}
