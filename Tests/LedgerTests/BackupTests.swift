import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// `DatabaseBackup` and `DatabaseRestore` on real files: a copy of one moment while another
/// connection writes, checked before it is kept, never half a file at the backup's name.
@Suite struct BackupTests {
    let folder = TemporaryDirectory("backups")
    var databasePath: String { folder.path("kopiyka.sqlite") }

    /// A household with `count` entries of 1–count hryvnias, long notes for many pages.
    @discardableResult
    func book(_ ledger: Ledger, entries count: Int) throws -> Member {
        let member = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        try add(count, to: ledger, by: member)
        return member
    }

    func add(_ count: Int, to ledger: Ledger, by member: Member) throws {
        try ledger.transaction {
            for index in 1...count {
                _ = try ledger.entries.add([NewEntry(
                    kind: .expense, amount: Money(major: Int64(index), currency: .uah), category: "cafe", account: nil,
                    date: LocalDate(testNow, in: kyiv), note: String(repeating: "кава ", count: 20), originalText: "кава")], by: member)
            }
        }
    }

    func entries(in path: String) throws -> Int? {
        try Connection(path: path, creating: false).queryFirst("SELECT count(*) FROM entries") { $0.int(0) }
    }

    @Test func aBackupIsOneMomentOfTheDatabaseWhileAnotherConnectionWritesWithoutWaiting() throws {
        let ledger = try Ledger(path: databasePath, clock: .fixed(testNow))
        let member = try book(ledger, entries: 2_000)
        try ledger.setBusyTimeout(milliseconds: 0)  // a write that had to wait for the backup would fail
        let target = folder.path("copy.sqlite")
        var steps = 0
        var written: (any Error)? = nil
        let summary = try DatabaseBackup.write(from: databasePath, to: target, now: testNow, pagesPerStep: 16) { _, _ in
            steps += 1
            if steps == 2 { do { try add(10, to: ledger, by: member) } catch { written = error } }
            return true
        }
        #expect(written == nil, "\(String(describing: written))")
        #expect(steps > 10)
        #expect(summary.entries == 2_000 && summary.households == 1)
        #expect(summary.schemaVersion == Ledger.schemaVersion)
        #expect(summary.takenAt == testNow)
        #expect(summary.path == target && summary.bytes > 100_000)
        #expect(try entries(in: databasePath) == 2_010)

        var status = stat()
        #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("partial") }.isEmpty)
        // It stands alone: a rollback-journal file, readable where nothing can be written.
        #expect(try Connection(path: target, creating: false, journal: .readOnly).pragma("journal_mode") == "delete")
        #expect(try DatabaseBackup.inspect(target) == summary)
    }

    @Test func aBackupStoppedHalfWayLeavesNothingThatLooksLikeABackup() throws {
        try book(try Ledger(path: databasePath, clock: .fixed(testNow)), entries: 2_000)
        let target = folder.path("copy.sqlite")
        #expect(throws: (any Error).self) {
            try DatabaseBackup.write(from: databasePath, to: target, now: testNow, pagesPerStep: 16) { copied, _ in copied < 100 }
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).allSatisfy { $0.hasPrefix("kopiyka.sqlite") })
    }

    @Test func aCopyWhoseTotalsDisagreeOrThatIsDamagedFailsItsCheck() throws {
        let pages: Int
        do {
            let ledger = try Ledger(path: databasePath, clock: .fixed(testNow))
            try book(ledger, entries: 3_000)
            pages = try ledger.pageCount()
        }
        let copy = folder.path("copy.sqlite")
        try DatabaseBackup.write(from: databasePath, to: copy, now: testNow)
        try Connection(path: copy, journal: .rollback).execute("UPDATE month_totals SET amount_minor = amount_minor + 1")
        #expect { try DatabaseBackup.inspect(copy) } throws: { "\($0)".contains("month totals that disagree") }

        let damaged = folder.path("damaged.sqlite")
        try DatabaseBackup.write(from: databasePath, to: damaged, now: testNow)
        try damagePages([pages / 3, pages / 2], of: damaged)
        #expect { try DatabaseBackup.inspect(damaged) } throws: { "\($0)".contains("damaged") || "\($0)".contains("cannot be read") }

        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: folder.path("notes.txt")))
        #expect(throws: BackupFailure.self) { try DatabaseBackup.inspect(folder.path("notes.txt")) }
    }

    /// A bot killed with entries still in its WAL: the database put aside keeps them (its
    /// `-wal` copied in or moved with it), and no old WAL is left beside the restored file.
    @Test func aRestoreKeepsTheDatabaseItReplacesWithEverythingItsWALHeld() throws {
        let backup = folder.path("backup.sqlite")
        do {
            let ledger = try Ledger(path: databasePath, clock: .fixed(testNow))
            try book(ledger, entries: 100)
            try DatabaseBackup.write(from: databasePath, to: backup, now: testNow)
        }
        // A file pair as a killed bot leaves it: the last entries only in the -wal.
        let killed = folder.path("live.sqlite")
        do {
            let ledger = try Ledger(path: databasePath, clock: .fixed(testNow))
            try ledger.setBusyTimeout(milliseconds: 5_000)
            let member = try #require(try ledger.families.member(telegramUserID: 1))
            let raw = try Connection(path: databasePath)
            try raw.pragma("wal_autocheckpoint = 0")
            try add(50, to: ledger, by: member)
            for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: databasePath + suffix, toPath: killed + suffix) }
        }
        #expect(FileManager.default.fileExists(atPath: killed + "-wal"))

        let later = testNow.addingTimeInterval(3_600)
        let outcome = try DatabaseRestore.restore(backup, over: killed, now: later)
        #expect(outcome.backup.entries == 100 && outcome.backup.takenAt == testNow)
        #expect(!FileManager.default.fileExists(atPath: killed + "-wal"))
        let restored = try Ledger(path: killed, clock: .fixed(later))
        #expect(try restored.entries.monthTotalsMismatches() == 0)
        #expect(try DatabaseBackup.inspect(killed).entries == 100)
        let previous = try #require(outcome.previous)
        #expect(try entries(in: previous) == 150)
    }

    @Test func aBackupThatFailsItsCheckIsNotRestoredAndNothingChanges() throws {
        try book(try Ledger(path: databasePath, clock: .fixed(testNow)), entries: 10)
        let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
        try Data(count: 8_192).write(to: URL(fileURLWithPath: folder.path("zeros.sqlite")))
        #expect(throws: BackupFailure.self) {
            try DatabaseRestore.restore(folder.path("zeros.sqlite"), over: databasePath, now: testNow)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: databasePath)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("before-restore") }.isEmpty)
    }

    @Test func theLockIsOneHoldersAndSaysWhoHoldsIt() throws {
        do {
            let lock = try DatabaseLock.acquire(databasePath: databasePath, purpose: "kopiyka serve")
            #expect { try DatabaseLock.acquire(databasePath: databasePath, purpose: "kopiyka restore") } throws: {
                "\($0)".contains("process \(getpid()), kopiyka serve")
            }
            withExtendedLifetime(lock) {}
        }
        _ = try DatabaseLock.acquire(databasePath: databasePath, purpose: "kopiyka restore")
    }
}
