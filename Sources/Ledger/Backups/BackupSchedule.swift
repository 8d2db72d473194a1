import FoundationEssentials
import KopiykaCore

/// When the running bot backs the database up: once a day, at the first look at or after
/// `hour` in the bot's time zone, unless a backup of that day is there already (so a restart
/// neither skips nor repeats one). A failed backup is tried again after `retryDelay`; the
/// second failure in a row and every one after it is worth an error line, the first a warning.
///
/// A value state machine with no I/O: the bot's backup loop drives it with its clock and the
/// backups the folder holds, and tests step it by hand. Not thread-safe; one owner.
public struct BackupSchedule: Equatable, Sendable {
    public let hour: Int
    public let zone: ZoneRules
    public let retryDelay: TimeInterval
    /// Failures in a row since the last backup that worked.
    public private(set) var failures = 0
    private var retryAt: Date?

    public init(hour: Int, zone: ZoneRules, retryDelay: TimeInterval = 15 * 60) {
        self.hour = hour
        self.zone = zone
        self.retryDelay = retryDelay
    }

    /// Whether to back up at `now`, given the newest backup there is.
    public func isDue(at now: Date, newest: Date?) -> Bool {
        if let retryAt, now < retryAt { return false }
        guard zone.hour(of: now) >= hour else { return false }
        guard let newest else { return true }
        return LocalDate(newest, in: zone) < LocalDate(now, in: zone)
    }

    public mutating func succeeded() {
        failures = 0
        retryAt = nil
    }

    /// Returns whether this failure is the second or later in a row (an error for the
    /// operator, not a warning).
    public mutating func failed(at now: Date) -> Bool {
        failures += 1
        retryAt = now.addingTimeInterval(retryDelay)
        return failures >= 2
    }
}
