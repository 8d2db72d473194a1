import SQLite

extension Ledger {
    /// Refuses a damaged file before anything writes to it (migrations included): throws
    /// `SQLiteError` with `.damaged` and what SQLite's quick check found. Without it the bot
    /// started on such a file and lost the first update that touched a bad page.
    ///
    /// Cost: reads every page once; see the README for the figure at a million entries.
    public static func checkIntegrity(path: String) throws {
        let problems = try Connection(path: path).quickCheck()
        guard problems.isEmpty else {
            throw SQLiteError(reason: .damaged, code: 11 /* SQLITE_CORRUPT */, message: problems.joined(separator: "; "))
        }
    }

    /// Caps the file at `pages` pages: past it every write fails with SQLITE_FULL exactly as
    /// on a full disk, which is how tests fill the disk. Returns the cap SQLite set (never
    /// below the file's size).
    @discardableResult
    public func setMaximumPageCount(_ pages: Int) throws -> Int { try db.setMaximumPageCount(pages) }

    public func pageCount() throws -> Int { try db.pageCount() }

    /// How long a write waits for another process's lock (an operator's `kopiyka totals
    /// --rebuild`, a backup) before it fails as transient: 5 s unless set.
    public func setBusyTimeout(milliseconds: Int) throws { try db.pragma("busy_timeout = \(max(0, milliseconds))") }
}
