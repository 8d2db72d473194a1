import CSQLite

extension Connection {
    /// Hands this connection's checkpoints to another connection on another thread.
    ///
    /// SQLite otherwise copies the WAL into the database inside a commit, every ~1,000 pages:
    /// its writes and two `fdatasync`s held the committing thread (the bot's serial executor,
    /// on the cooperative pool) for 2–5 ms. From now on `due` is called instead, inside the
    /// commit on the committing thread, when the WAL has grown by `pages` since it began or
    /// since the last call: as often as SQLite's own checkpoints (asked after every commit
    /// past `pages`, they ran back to back, 190 `fdatasync`s a telegram-bench run against 53).
    /// It must only note the request and return; `checkpoint()` on the other connection does
    /// the work.
    ///
    /// The WAL begins again only at a commit that finds all of it copied, which a checkpoint
    /// running beside steady commits never leaves. So at three times `pages` the commit
    /// checkpoints here, as SQLite would, copying what the other thread has not: the WAL stays
    /// within about that many pages.
    public func handOverCheckpoints(atPages pages: Int32 = 1_000, _ due: @escaping @Sendable () -> Void) {
        let hook = CheckpointsDue(pages: pages, due: due)
        checkpointsDue = hook
        sqlite3_wal_hook(db, { context, db, name, pages in
            guard let context else { return SQLITE_OK }
            if Unmanaged<CheckpointsDue>.fromOpaque(context).takeUnretainedValue().walHolds(pages) {
                sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(hook).toOpaque())
    }

    /// Copies what the WAL holds into the database file, without waiting for anyone
    /// (`PASSIVE`): pages a reader may still need stay for the next one. Returns the WAL's
    /// size and how much of it is now in the database, in pages.
    ///
    /// Cost: a write per page not yet copied, and two `fdatasync`s; run it off the threads
    /// that answer people.
    @discardableResult
    public func checkpoint() throws(SQLiteError) -> (walPages: Int, copied: Int) {
        var walPages: Int32 = 0, copied: Int32 = 0
        let rc = sqlite3_wal_checkpoint_v2(db, nil, SQLITE_CHECKPOINT_PASSIVE, &walPages, &copied)
        guard rc == SQLITE_OK else { throw SQLiteError(code: rc, db: db) }
        return (Int(walPages), Int(copied))
    }
}

/// The WAL hook's context: kept alive by the connection it is installed on, and used only on
/// the thread that owns that connection.
final class CheckpointsDue {
    let pages: Int32
    let due: @Sendable () -> Void
    /// The WAL's size at which `due` is called next.
    private var nextAt: Int32
    private var last: Int32 = 0

    init(pages: Int32, due: @escaping @Sendable () -> Void) {
        self.pages = pages
        self.due = due
        nextAt = pages
    }

    /// After a commit: the WAL holds `size` pages (fewer than before: it began again).
    /// Returns whether the commit must checkpoint itself.
    func walHolds(_ size: Int32) -> Bool {
        if size < last { nextAt = pages }
        last = size
        if size >= pages &* 3 { return true }
        guard size >= nextAt else { return false }
        nextAt = size &+ pages
        due()
        return false
    }
}
