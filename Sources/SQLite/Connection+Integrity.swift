extension Connection {
    /// What SQLite's `PRAGMA quick_check` finds wrong with the file (at most `limit` lines),
    /// or nothing for a sound one. Throws `.damaged` when the damage stops the check itself.
    ///
    /// Cost: it reads every page once (unlike `integrity_check` it does not match indexes
    /// against their tables), so it grows with the file: see the README for the figure at a
    /// million entries. Run it at start, before anything writes to a file that may be damaged.
    public func quickCheck(limit: Int = 5) throws(SQLiteError) -> [String] {
        var problems: [String] = []
        try query("PRAGMA quick_check(\(max(1, limit)))") { row in problems.append(row.string(0)) }
        return problems == ["ok"] ? [] : problems
    }
}
