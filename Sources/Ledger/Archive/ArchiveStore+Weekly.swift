import FoundationEssentials
import KopiykaCore
import SQLite

/// What a member is asked for: a passphrase to turn the weekly archive on, the same again
/// (`confirm`), or the one that opens the sealed archive they sent (`importID`).
public struct ArchivePrompt: Equatable, Sendable {
    public enum Purpose: String, Sendable { case weekly, confirm, restore }
    public let memberID: Int64
    public let purpose: Purpose
    public let importID: Int64?
    public let askedAt: Date
}

extension ArchiveStore {
    // MARK: Weekly archives

    /// Turns `memberID`'s weekly archive on (or changes its passphrase): `key` is kept sealed
    /// under the database's key file; the first is sent at `firstAt`. False when the key could
    /// not be sealed (no key file can be made).
    public func startWeekly(memberID: Int64, key: ArchiveSeal.Key, firstAt: Date) throws -> Bool {
        guard let sealed = seal.seal(ArchiveSeal.text(key)) else { return false }
        try db.execute("""
            INSERT INTO weekly_archives (member_id, sealed_key, next_at_ms) VALUES (?, ?, ?)
            ON CONFLICT (member_id) DO UPDATE SET sealed_key = excluded.sealed_key, next_at_ms = excluded.next_at_ms
            """, arguments: [memberID, SQLiteValue.blob(sealed), Ledger.milliseconds(firstAt)])
        return true
    }

    public func stopWeekly(memberID: Int64) throws {
        try db.execute("DELETE FROM weekly_archives WHERE member_id = ?", memberID)
    }

    /// When `memberID`'s next weekly archive is due; nil when it is off.
    public func nextWeekly(memberID: Int64) throws -> Date? {
        try db.queryFirst("SELECT next_at_ms FROM weekly_archives WHERE member_id = ?", memberID) {
            Date(timeIntervalSince1970: Double($0.int64(0)) / 1000)
        }
    }

    /// Members whose weekly archive is due at `now`, oldest due first.
    public func dueWeekly(at now: Date, limit: Int = 10) throws -> [Int64] {
        var result: [Int64] = []
        try db.query("SELECT member_id FROM weekly_archives WHERE next_at_ms <= ? ORDER BY next_at_ms LIMIT ?",
                     Ledger.milliseconds(now), limit) { result.append($0.int64(0)) }
        return result
    }

    /// The key `memberID`'s weekly archives are sealed with; nil when it is off, or when its
    /// seal no longer opens (the database's key file was lost or rotated).
    public func weeklyKey(memberID: Int64) throws -> ArchiveSeal.Key? {
        guard let sealed = try db.queryFirst("SELECT sealed_key FROM weekly_archives WHERE member_id = ?", memberID,
                                             transform: { $0.blob(0) }),
              let text = seal.open(sealed) else { return nil }
        return ArchiveSeal.key(fromText: text)
    }

    public func setNextWeekly(memberID: Int64, at date: Date) throws {
        try db.execute("UPDATE weekly_archives SET next_at_ms = ? WHERE member_id = ?", Ledger.milliseconds(date), memberID)
    }

    // MARK: Passphrase prompts

    /// Asks `memberID` for a passphrase; `pendingKey`, for `confirm`, is the key of the one
    /// they said first, kept sealed until they say it again. A sealed archive that waited for
    /// the question this one replaces is let go (its bytes dropped): it would be asked about
    /// again, and take the next answer, meant for this question.
    public func ask(memberID: Int64, purpose: ArchivePrompt.Purpose, importID: Int64?, pendingKey: ArchiveSeal.Key? = nil) throws {
        if let waiting = try prompt(memberID: memberID)?.importID, waiting != importID {
            try StatementStore(db: db, clock: clock).finishImport(waiting, problem: "replaced")
        }
        let sealed = pendingKey.flatMap { seal.seal(ArchiveSeal.text($0)) }.map(SQLiteValue.blob)
        try db.execute("""
            INSERT INTO archive_prompts (member_id, purpose, import_id, asked_at_ms, pending_key) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (member_id) DO UPDATE SET purpose = excluded.purpose, import_id = excluded.import_id,
                asked_at_ms = excluded.asked_at_ms, pending_key = excluded.pending_key
            """, arguments: [memberID, purpose.rawValue, importID, Ledger.milliseconds(clock.now()), sealed])
    }

    /// The key of the passphrase `memberID` said first, while it waits to be said again.
    public func pendingKey(memberID: Int64) throws -> ArchiveSeal.Key? {
        guard let sealed = try db.queryFirst("SELECT pending_key FROM archive_prompts WHERE member_id = ? AND pending_key IS NOT NULL",
                                             memberID, transform: { $0.blob(0) }),
              let text = seal.open(sealed) else { return nil }
        return ArchiveSeal.key(fromText: text)
    }

    public func prompt(memberID: Int64) throws -> ArchivePrompt? {
        try db.queryFirst("SELECT purpose, import_id, asked_at_ms FROM archive_prompts WHERE member_id = ?", memberID) { row in
            ArchivePrompt(memberID: memberID, purpose: ArchivePrompt.Purpose(rawValue: row.string(0)) ?? .weekly,
                          importID: row.optionalInt64(1), askedAt: Date(timeIntervalSince1970: Double(row.int64(2)) / 1000))
        }
    }

    public func forgetPrompt(memberID: Int64) throws {
        try db.execute("DELETE FROM archive_prompts WHERE member_id = ?", memberID)
    }

    // MARK: Archive files

    /// The oldest archive file fetched and not waiting for its passphrase.
    public func nextFetchedArchive() throws -> StatementImport? {
        try db.queryFirst("""
            SELECT \(StatementStore.importColumns) FROM statement_imports
            WHERE state = 'fetched' AND kind = 'archive' AND id NOT IN (SELECT import_id FROM archive_prompts WHERE import_id IS NOT NULL)
            ORDER BY id LIMIT 1
            """, transform: StatementStore.statementImport) ?? nil
    }

    /// Sealed archives whose passphrase was asked for before `before` and never came: their
    /// prompts are forgotten here, and their imports returned for the caller to let go.
    public func expiredRestores(before: Date) throws -> [StatementImport] {
        var ids: [Int64] = []
        try db.query("SELECT import_id FROM archive_prompts WHERE purpose = 'restore' AND asked_at_ms < ? AND import_id IS NOT NULL",
                     Ledger.milliseconds(before)) { ids.append($0.int64(0)) }
        try db.execute("DELETE FROM archive_prompts WHERE purpose = 'restore' AND asked_at_ms < ?", Ledger.milliseconds(before))
        return try ids.compactMap { try archiveImport(id: $0)?.0 }
    }

    /// Puts the ZIP a passphrase opened in place of the sealed import `id`'s bytes, so the
    /// slices after a restart read it again without asking for the passphrase once more. Its
    /// rows are on their way into this database; the bytes go with the import
    /// (`finishImport`). The passphrase is kept nowhere.
    public func keepOpened(_ id: Int64, zip: [UInt8]) throws {
        try db.execute("UPDATE statement_imports SET data = ? WHERE id = ? AND state = 'fetched'",
                       arguments: [SQLiteValue.blob(zip), id])
    }

    /// Whether the import `id`'s file, while it waits, is a sealed archive: read from its first
    /// bytes, not the whole file.
    public func isSealedArchive(id: Int64) throws -> Bool {
        try db.queryFirst("SELECT substr(data, 1, ?) FROM statement_imports WHERE id = ? AND state = 'fetched'",
                          ArchiveSeal.magic.count, id) { ArchiveSeal.isSealed($0.blob(0)) } ?? false
    }

    /// The import `id`, with its bytes while it waits.
    public func archiveImport(id: Int64) throws -> (StatementImport, [UInt8])? {
        try db.queryFirst("SELECT \(StatementStore.importColumns), data FROM statement_imports WHERE id = ? AND state = 'fetched'", id) { row in
            StatementStore.statementImport(row).map { ($0, row.blob(8)) }
        } ?? nil
    }
}
