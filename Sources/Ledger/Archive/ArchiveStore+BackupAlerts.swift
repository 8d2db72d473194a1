import SQLite

extension ArchiveStore {
    // MARK: Word of failing backups

    /// Whether `memberID` asked to be told when the server's backups keep failing.
    public func wantsBackupAlerts(memberID: Int64) throws -> Bool {
        try db.queryFirst("SELECT 1 FROM backup_alerts WHERE member_id = ?", memberID) { _ in true } ?? false
    }

    public func setBackupAlerts(memberID: Int64, on: Bool) throws {
        if on {
            try db.execute("INSERT OR IGNORE INTO backup_alerts (member_id) VALUES (?)", memberID)
        } else {
            try db.execute("DELETE FROM backup_alerts WHERE member_id = ?", memberID)
        }
    }

    /// The members to tell that backups fail, each marked told: those who asked, are an owner
    /// today (one who handed the household over, or left it, is not), and were not told yet
    /// of these failures. Cost: one pass over a small table.
    public func takeBackupFailureAudience() throws -> [Int64] {
        try takeAudience(told: false)
    }

    /// The members told that backups failed who are still owners, each marked untold: they
    /// hear that backups work again.
    public func takeBackupRecoveryAudience() throws -> [Int64] {
        let audience = try takeAudience(told: true)
        try db.execute("UPDATE backup_alerts SET told = 0 WHERE told = 1")  // Owners no more, too.
        return audience
    }

    private func takeAudience(told: Bool) throws -> [Int64] {
        var result: [Int64] = []
        try db.query("""
            SELECT m.id FROM backup_alerts a JOIN members m ON m.id = a.member_id
            WHERE m.role = 'owner' AND a.told = ? ORDER BY m.id
            """, told ? 1 : 0) { result.append($0.int64(0)) }
        for id in result {
            try db.execute("UPDATE backup_alerts SET told = ? WHERE member_id = ?", told ? 0 : 1, id)
        }
        return result
    }
}
