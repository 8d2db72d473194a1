import Conversation
import FoundationEssentials
import KopiykaCore
import Ledger
import Synchronization
import TelegramClient

/// Where and when the running bot backs the database up (`BACKUP_DIR`, `BACKUP_HOUR`,
/// `BACKUP_KEEP_*`).
public struct BackupSettings: Sendable {
    public var folder: String
    public var hour: Int
    public var retention: BackupRetention
    public var zone: ZoneRules
    /// How long a failed backup waits before it is tried again.
    public var retryDelay: TimeInterval = 15 * 60
    /// How often the loop looks whether a backup is due.
    public var lookEvery: Duration = .seconds(60)

    public init(folder: String, hour: Int, retention: BackupRetention, zone: ZoneRules) {
        self.folder = folder
        self.hour = hour
        self.retention = retention
        self.zone = zone
    }
}

extension BotRunner {
    /// The daily backup: looks every `lookEvery` whether one is due (`BackupSchedule`, from the
    /// backups the folder holds and the core's wall clock), makes it on a thread of its own
    /// with a read-only connection of its own (`DatabaseBackup`), so updates never wait for it,
    /// then prunes what `retention` does not keep. A failure is logged (a warning, an error from
    /// the second in a row, when the owners who asked also hear of it) and tried again after
    /// `retryDelay`. Cancelling the task stops a backup in progress within a step, leaving
    /// nothing at its name.
    func runBackups(_ settings: BackupSettings) async {
        let folder = BackupFolder(path: settings.folder)
        var schedule = BackupSchedule(hour: settings.hour, zone: settings.zone, retryDelay: settings.retryDelay)
        let sleeper = configuration.clock.sleeper
        while !Task.isCancelled {
            let now = core.clock.now()
            if schedule.isDue(at: now, newest: folder.backups().keys.max()) {
                do {
                    let summary = try await backUp(into: folder, at: now)
                    schedule.succeeded()
                    let pruned = folder.prune(settings.retention, in: settings.zone)
                    log.info("backed up the database to \(summary.path): \(summary.bytes) bytes, \(summary.households) households, "
                        + "\(summary.entries) entries, checked\(pruned.isEmpty ? "" : "; pruned \(pruned.joined(separator: ", "))")")
                    await tellOwners(backupsFail: false)
                } catch where Task.isCancelled {
                    return
                } catch {
                    let message = "the daily backup to \(settings.folder) failed (\(error)); it is tried again in "
                        + "\(Int(settings.retryDelay / 60)) minutes"
                    if schedule.failed(at: now) {
                        log.error(message + " — \(schedule.failures) failures in a row: the database has no fresh backup")
                        await tellOwners(backupsFail: true)
                    } else {
                        log.warning(message)
                    }
                }
            }
            do { try await sleeper.sleep(for: settings.lookEvery) } catch { return }
        }
    }

    /// The owners who asked (`/archive alerts on`) hear in private that backups fail, or that
    /// they work again; a failure to tell them is a warning, never the backup's failure.
    private func tellOwners(backupsFail: Bool) async {
        do {
            try await core.tellOwners(backupsFail: backupsFail)
        } catch {
            log.warning("could not tell the owners who asked that backups \(backupsFail ? "fail" : "work again"): \(error)")
        }
    }

    /// One backup on a thread of its own, off Swift's cooperative pool: the copy and its check
    /// read the whole database.
    private func backUp(into folder: BackupFolder, at now: Date) async throws -> BackupSummary {
        try folder.create()
        let path = folder.path + "/" + BackupFolder.name(for: now)
        let databasePath = configuration.databasePath
        let stopped = StopFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                startThread(name: "kopiyka-backup", stackSize: 1 << 20) {
                    continuation.resume(with: Result {
                        try DatabaseBackup.write(from: databasePath, to: path, now: now) { _, _ in !stopped.isSet }
                    })
                }
            }
        } onCancel: {
            stopped.set()
        }
    }
}

extension BotCore {
    /// One transaction on the core; the doorbell wakes the sender for what it queued.
    func tellOwners(backupsFail: Bool) throws {
        try ledger.transaction { backupsFail ? try conversation.backupsFail() : try conversation.backupsWork() }
        doorbell.ring()
    }
}

/// Set once from any thread, read by a backup between its steps.
private final class StopFlag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
