import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// The pure rules of the bot's daily backups: when one is due, which to keep, how failures
/// count; and the folder's names.
@Suite struct BackupScheduleTests {
    func instant(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    @Test func sevenDailyFourWeeklyTwelveMonthlyOfADailyYear() {
        // A backup every day of 2026 at 02:00 UTC, up to Monday 7 December.
        let start = instant("2026-01-01T02:00:00Z")
        let backups = (0..<341).map { start.addingTimeInterval(Double($0) * 86_400) }
        let kept = BackupRetention().kept(backups, in: .utc)
        let days = Set(kept.map { LocalDate($0, in: .utc).iso })
        #expect(days == [
            "2026-12-07", "2026-12-06", "2026-12-05", "2026-12-04", "2026-12-03", "2026-12-02", "2026-12-01",  // daily
            "2026-11-29", "2026-11-22",  // weekly (with 7 and 6 December)
            "2026-11-30", "2026-10-31", "2026-09-30", "2026-08-31", "2026-07-31", "2026-06-30", "2026-05-31",
            "2026-04-30", "2026-03-31", "2026-02-28", "2026-01-31",  // monthly (with 7 December)
        ])
    }

    @Test func daysAreTheBotsDaysAndTheNewestIsAlwaysKept() {
        // 22:30 UTC is already the next day in Kyiv: two backups of one Kyiv day, one kept.
        let backups = [instant("2026-12-06T21:30:00Z"), instant("2026-12-06T22:30:00Z"), instant("2026-12-05T02:00:00Z")]
        let kept = BackupRetention(daily: 2, weekly: 0, monthly: 0).kept(backups, in: kyiv)
        #expect(kept == [instant("2026-12-06T22:30:00Z"), instant("2026-12-06T21:30:00Z")])
        #expect(BackupRetention(daily: 1, weekly: 0, monthly: 0).kept(backups, in: .utc) == [instant("2026-12-06T22:30:00Z")])
        #expect(BackupRetention().kept([], in: .utc).isEmpty)
    }

    @Test func dueOnceADayFromTheQuietHourOnAndRetriedAfterAFailure() {
        var schedule = BackupSchedule(hour: 4, zone: kyiv, retryDelay: 900)
        let night = instant("2026-12-07T01:30:00Z")  // 03:30 in Kyiv
        let yesterday = instant("2026-12-06T02:00:00Z")
        #expect(!schedule.isDue(at: night, newest: yesterday))
        #expect(schedule.isDue(at: night.addingTimeInterval(1_800), newest: yesterday))
        #expect(schedule.isDue(at: night.addingTimeInterval(1_800), newest: nil))
        #expect(!schedule.isDue(at: night.addingTimeInterval(7_200), newest: night.addingTimeInterval(1_800)))

        let four = night.addingTimeInterval(1_800)
        #expect(schedule.failed(at: four) == false)  // the first: a warning
        #expect(!schedule.isDue(at: four.addingTimeInterval(899), newest: yesterday))
        #expect(schedule.isDue(at: four.addingTimeInterval(900), newest: yesterday))
        #expect(schedule.failed(at: four.addingTimeInterval(900)) == true)  // the second in a row: an error
        #expect(schedule.failed(at: four.addingTimeInterval(1_800)) == true)
        schedule.succeeded()
        #expect(schedule.failures == 0)
        #expect(schedule.failed(at: four.addingTimeInterval(86_400)) == false)
    }

    @Test func theFolderNamesBackupsByTheirTimeAndPrunesOnlyItsOwnFiles() throws {
        let folder = TemporaryDirectory("backup-folder")
        let taken = instant("2026-12-07T02:03:04Z")
        #expect(BackupFolder.name(for: taken) == "kopiyka-20261207-020304.sqlite")
        #expect(BackupFolder.instant(ofName: "kopiyka-20261207-020304.sqlite") == taken)
        for name in ["kopiyka.sqlite", "kopiyka-2026.sqlite", "kopiyka-20261207-0203.sqlite", "notes-20261207-020304.sqlite"] {
            #expect(BackupFolder.instant(ofName: name) == nil, "\(name)")
        }
        let backups = (0..<10).map { taken.addingTimeInterval(Double(-$0) * 86_400) }
        for name in backups.map(BackupFolder.name(for:)) + ["notes.txt", ".kopiyka-20261208-020000.sqlite.partial"] {
            try Data("x".utf8).write(to: folder.url.appendingPathComponent(name))
        }
        let removed = BackupFolder(path: folder.url.path).prune(BackupRetention(daily: 3, weekly: 0, monthly: 0), in: .utc)
        #expect(removed.count == 8)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
            == Set(backups.prefix(3).map(BackupFolder.name(for:)) + ["notes.txt"]))
    }
}
