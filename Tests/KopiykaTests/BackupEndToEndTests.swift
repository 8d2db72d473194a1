import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// Issue 34, the operator's half, on the real binary: `kopiyka backup` beside a bot that
/// writes, `kopiyka restore` refused while the bot holds the database and then bringing a
/// backup back, and the bot's own daily backup with its pruning.
@Suite(.serialized) struct BackupEndToEndTests {
    let folder = TemporaryDirectory("backup-e2e")
    let fake = FakeBotAPI()
    var databasePath: String { folder.path("kopiyka.sqlite") }

    init() throws { try fake.start() }

    var settings: [String: String] {
        ["BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": databasePath,
         "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "info", "BACKUP_DIR": "off"]
    }

    func bot(_ extra: [String: String] = [:]) throws -> RunningKopiyka {
        try KopiykaProcess.bot(against: fake, databasePath: databasePath, in: folder.url, environment: settings.merging(extra) { $1 })
    }

    func kopiyka(_ arguments: [String]) throws -> KopiykaProcess.Outcome {
        try KopiykaProcess(environment: settings, workingDirectory: folder.url).run(arguments)
    }

    func confirmed(_ n: Int) -> Bool {
        fake.sentMessages(chatID: 801).contains { $0.text.hasPrefix("✅ кава · \(n)\u{A0}₴") }
    }

    func enqueue(_ numbers: ClosedRange<Int>) {
        for n in numbers { fake.enqueueMessage(chatID: 801, text: "кава \(n)", messageID: n) }
    }

    /// Entries and their sum in hryvnias, read from the file.
    func entries(_ path: String) throws -> (count: Int, sum: Int) {
        try Connection(path: path, creating: false).queryFirst("SELECT count(*), COALESCE(SUM(amount_minor), 0) / 100 FROM entries") {
            ($0.int(0), $0.int(1))
        } ?? (0, 0)
    }

    @Test func aBackupWhileTheBotWritesIsACheckedCopyOfOneMoment() async throws {
        defer { fake.stop() }
        let running = try bot()
        enqueue(1...300)
        #expect(await eventually { confirmed(40) })
        let target = folder.path("manual.sqlite")
        let outcome = try kopiyka(["backup", target])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("backed up \(databasePath) to \(target)"))
        #expect(outcome.stdout.contains("1 households"))
        #expect(outcome.stdout.contains("schema \(Ledger.schemaVersion)"))
        #expect(outcome.stdout.contains("checked: SQLite quick_check ok, month totals match the entries"))
        #expect(!outcome.stdout.contains(fake.token) && !outcome.stderr.contains(fake.token))
        var status = stat()
        #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o600)

        // A prefix of the messages, whole: n entries summing to 1 + … + n.
        let copy = try entries(target)
        #expect(copy.count >= 40 && copy.count <= 300)
        #expect(copy.sum == copy.count * (copy.count + 1) / 2)
        #expect(outcome.stdout.contains("\(copy.count) entries"))
        #expect(await eventually { confirmed(300) })
        running.signal(SIGTERM)
        #expect(await running.termination(within: .seconds(10)) == .exited(0))
        #expect(try entries(databasePath).count == 300)

        // Into a folder: a file named by the time, as the daily backups are.
        let into = folder.path("usb")
        try FileManager.default.createDirectory(atPath: into, withIntermediateDirectories: true)
        let named = try kopiyka(["backup", into + "/"])
        #expect(named.status == 0, "\(named.stderr)")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: into).first)
        #expect(BackupFolder.instant(ofName: file) != nil)
        #expect(named.stdout.contains(" to \(into)/\(file) in "), "\(named.stdout)")
        #expect(try DatabaseBackup.inspect(into + "/" + file).entries == 300)
    }

    func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// SIGKILL once the copy has begun: nothing at the backup's name, only the hidden partial
    /// file, which the next backup to that name replaces.
    @Test func aBackupKilledHalfWayLeavesNoFileThatLooksComplete() async throws {
        defer { fake.stop() }
        do {
            let ledger = try Ledger(path: databasePath)
            let member = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: .utc)
            try ledger.transaction {
                for n in 1...20_000 {
                    _ = try ledger.entries.add([NewEntry(kind: .expense, amount: Money(major: Int64(n), currency: .uah), category: "cafe",
                                                         account: nil, date: LocalDate(year: 2026, month: 12, day: 7)!,
                                                         note: String(repeating: "кава ", count: 20), originalText: "кава")], by: member)
                }
            }
        }
        let target = folder.path("killed.sqlite"), partial = folder.path(".killed.sqlite.partial")
        let backup = try KopiykaProcess(environment: settings, workingDirectory: folder.url).start(["backup", target])
        let killed = await backup.signal(SIGKILL, when: { size(partial) > 0 || size(target) > 0 })
        #expect(killed != nil)
        #expect(await backup.termination(within: .seconds(10)) == .signalled(SIGKILL))
        #expect(!FileManager.default.fileExists(atPath: target))

        let again = try kopiyka(["backup", target])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: partial))
        #expect(try DatabaseBackup.inspect(target).entries == 20_000)
    }

    @Test func restoreIsRefusedWhileTheBotRunsThenBringsTheBackupBack() async throws {
        defer { fake.stop() }
        let running = try bot()
        enqueue(1...20)
        #expect(await eventually { confirmed(20) })
        let backup = folder.path("twenty.sqlite")
        #expect(try kopiyka(["backup", backup]).status == 0)
        enqueue(21...30)
        #expect(await eventually { confirmed(30) })

        let refused = try kopiyka(["restore", backup])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("in use by another kopiyka (process \(running.pid), kopiyka run)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the database was not changed"))
        let second = try bot()
        #expect(await second.termination(within: .seconds(15)) == .exited(1))
        #expect(second.stderr.contains("in use by another kopiyka"), "\(second.stderr)")

        running.signal(SIGTERM)
        #expect(await running.termination(within: .seconds(10)) == .exited(0))
        #expect(try entries(databasePath).count == 30)
        let restored = try kopiyka(["restore", backup])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("restored \(backup) (taken 20"), "\(restored.stdout)")
        #expect(restored.stdout.contains("1 households, 20 entries"))
        let aside = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .first { $0.hasPrefix("kopiyka.sqlite.before-restore-") && !$0.hasSuffix("-wal") })
        #expect(restored.stdout.contains("kept as \(folder.path(aside))"))
        #expect(try entries(folder.path(aside)).count == 30)
        #expect(try entries(databasePath) == (20, 210))

        // The bot starts on it and goes on from there.
        let again = try bot()
        enqueue(31...31)
        #expect(await eventually { confirmed(31) })
        again.signal(SIGTERM)
        #expect(await again.termination(within: .seconds(10)) == .exited(0))
        #expect(try entries(databasePath) == (21, 241))
    }

    @Test func theBotBacksUpDailyIntoBackupDirAndPrunesWhatItDoesNotKeep() async throws {
        defer { fake.stop() }
        let backups = folder.path("backups")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        // Ten days of older backups, and a file of the operator's own.
        let yesterday = Date().addingTimeInterval(-86_400)
        for day in 0..<10 {
            try Data("old".utf8).write(to: URL(fileURLWithPath: backups + "/" + BackupFolder.name(for: yesterday.addingTimeInterval(Double(-day) * 86_400))))
        }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: backups + "/notes.txt"))
        let running = try bot(["BACKUP_DIR": backups, "BACKUP_HOUR": "0", "BOT_TIMEZONE": "UTC",
                               "BACKUP_KEEP_DAILY": "3", "BACKUP_KEEP_WEEKLY": "0", "BACKUP_KEEP_MONTHLY": "0"])
        enqueue(1...5)
        #expect(await eventually { running.stderr.contains("backed up the database to \(backups)/kopiyka-") })
        running.signal(SIGTERM)
        #expect(await running.termination(within: .seconds(10)) == .exited(0))
        let names = try FileManager.default.contentsOfDirectory(atPath: backups).sorted()
        #expect(names.count == 4, "\(names)")
        #expect(names.contains("notes.txt"))
        let newest = try #require(names.filter { $0.hasPrefix("kopiyka-") }.max())
        #expect(try DatabaseBackup.inspect(backups + "/" + newest).households <= 1)
        #expect(running.stderr.contains("pruned"))
        #expect(!running.stderr.contains(fake.token))
    }
}

