import CSQLite

extension Connection {
    /// Copies this database, as it stood at one moment, into `destination` with SQLite's
    /// online backup, `pagesPerStep` pages at a time; `afterStep` is called after each step
    /// (the last included) with the pages copied and the total, and ends the copy by returning
    /// false. Returns the pages copied.
    ///
    /// One read transaction on this connection spans every step: in WAL mode it blocks no
    /// writer, and the copy is of that snapshot whatever other connections commit meanwhile
    /// (without it a write between two steps would start the copy over, and a bot that never
    /// stops writing would keep it from ending). The WAL cannot be checkpointed past the
    /// snapshot until the copy ends, so it may grow meanwhile.
    ///
    /// `destination` is overwritten; write nothing else to it meanwhile. Its journal is set to
    /// `DELETE` at the end, so the copy stands alone as one file, with no `-wal` to go with it.
    ///
    /// Cost: a read and a write per page, no `fsync` (the caller syncs the file once, when it
    /// keeps it): 1–2 s per GB here. Blocks the calling thread for all of it: run it on a
    /// thread of its own, never on Swift's cooperative pool. Not thread-safe: both
    /// connections belong to the caller for the whole copy.
    @discardableResult
    public func backup(into destination: Connection, pagesPerStep: Int32 = 4_096,
                       afterStep: (_ copied: Int, _ total: Int) -> Bool = { _, _ in true }) throws(SQLiteError) -> Int {
        try destination.pragma("synchronous = OFF")
        guard sqlite3_exec(db, "BEGIN; SELECT count(*) FROM sqlite_schema", nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError(code: sqlite3_errcode(db), db: db)
        }
        defer { sqlite3_exec(db, "COMMIT", nil, nil, nil) }
        guard let backup = sqlite3_backup_init(destination.db, "main", db, "main") else {
            throw SQLiteError(code: sqlite3_errcode(destination.db), db: destination.db)
        }
        var rc = SQLITE_OK
        while rc == SQLITE_OK {
            rc = sqlite3_backup_step(backup, max(1, pagesPerStep))
            let total = Int(sqlite3_backup_pagecount(backup))
            let copied = total - Int(sqlite3_backup_remaining(backup))
            if rc == SQLITE_OK || rc == SQLITE_DONE, !afterStep(copied, total), rc == SQLITE_OK {
                sqlite3_backup_finish(backup)
                throw SQLiteError(reason: .other, code: SQLITE_INTERRUPT, message: "the backup was stopped")
            }
        }
        let pages = Int(sqlite3_backup_pagecount(backup))
        let finished = sqlite3_backup_finish(backup)
        guard rc == SQLITE_DONE, finished == SQLITE_OK else {
            throw SQLiteError(code: rc == SQLITE_DONE ? finished : rc, db: destination.db)
        }
        destination.forgetRemembered(schemaToo: true)
        try destination.pragma("journal_mode = DELETE")
        return pages
    }
}
