@testable import kopiyka
import Ledger
import Testing

/// BACKUP_DIR, BACKUP_HOUR, BACKUP_KEEP_* and LITESTREAM as the bot reads them.
@Suite struct BackupSettingsTests {
    @Test func backupsGoBesideTheDatabaseAtFourUnlessSetOrOff() throws {
        let defaults = try Configuration(["DATABASE_PATH": "/var/lib/kopiyka/kopiyka.sqlite"])
        #expect(defaults.backupDirectory == "/var/lib/kopiyka/backups")
        #expect(defaults.backupHour == 4 && defaults.backupRetention == BackupRetention(daily: 7, weekly: 4, monthly: 12))
        #expect(!defaults.litestream)
        #expect(try Configuration(["DATABASE_PATH": "kopiyka.sqlite"]).backupDirectory == "./backups")
        #expect(try Configuration(["BACKUP_DIR": "OFF"]).backupDirectory == nil)
        let set = try Configuration(["BACKUP_DIR": "/mnt/disk/", "BACKUP_HOUR": "23", "BACKUP_KEEP_DAILY": "3",
                                     "BACKUP_KEEP_WEEKLY": "0", "BACKUP_KEEP_MONTHLY": "24", "LITESTREAM": "1"])
        #expect(set.backupDirectory == "/mnt/disk" && set.backupHour == 23)
        #expect(set.backupRetention == BackupRetention(daily: 3, weekly: 0, monthly: 24))
        #expect(set.litestream)
    }

    @Test func aWrongNumberSaysWhichSettingAndWhatItTakes() {
        for (key, value) in [("BACKUP_HOUR", "24"), ("BACKUP_HOUR", "four"), ("BACKUP_KEEP_DAILY", "0"), ("BACKUP_KEEP_MONTHLY", "-1")] {
            #expect { try Configuration([key: value]) } throws: {
                "\($0)".contains("\(key) must be a whole number from") && "\($0)".contains("not \(value)")
            }
        }
    }
}
