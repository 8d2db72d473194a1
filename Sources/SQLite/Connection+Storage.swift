extension Connection {
    /// The most pages the file may grow to (`PRAGMA max_page_count`); past it a write fails
    /// with SQLITE_FULL exactly as on a full disk, which is how tests fill the disk. SQLite
    /// never sets it below the file's current size, and returns the limit it did set.
    @discardableResult
    public func setMaximumPageCount(_ pages: Int) throws(SQLiteError) -> Int {
        Int(try pragma("max_page_count = \(max(1, pages))") ?? "") ?? 0
    }

    /// Pages in the file now.
    public func pageCount() throws(SQLiteError) -> Int {
        Int(try pragma("page_count") ?? "") ?? 0
    }
}
