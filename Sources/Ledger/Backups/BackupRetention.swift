import FoundationEssentials
import KopiykaCore

/// Which scheduled backups to keep: the newest of each of the last `daily` days that have
/// one, of the last `weekly` weeks (Monday to Sunday) and of the last `monthly` months, in
/// the bot's time zone; the rest are pruned. The usual grandfather-father-son rotation: with
/// 7, 4 and 12, a year of history in at most 23 files.
///
/// A pure value: no clock, no files. Cost: a sort of the backups' instants.
public struct BackupRetention: Equatable, Sendable {
    public var daily: Int
    public var weekly: Int
    public var monthly: Int

    public init(daily: Int = 7, weekly: Int = 4, monthly: Int = 12) {
        self.daily = daily
        self.weekly = weekly
        self.monthly = monthly
    }

    /// The instants of `backups` to keep; every other one is pruned. The newest is always
    /// kept, whatever the counts.
    public func kept(_ backups: [Date], in zone: ZoneRules) -> Set<Date> {
        let newestFirst = backups.sorted(by: >)
        var kept: Set<Date> = newestFirst.first.map { [$0] } ?? []
        func keepNewest(of count: Int, period: (LocalDate) -> Int) {
            var periods: Set<Int> = []
            for backup in newestFirst where periods.count < count {
                if periods.insert(period(LocalDate(backup, in: zone))).inserted { kept.insert(backup) }
            }
        }
        keepNewest(of: daily) { $0.daysSinceEpoch }
        // 1970-01-01 was a Thursday: three days on, weeks start on Mondays.
        keepNewest(of: weekly) { ($0.daysSinceEpoch + 3 + 7 * 1_000_000) / 7 }
        keepNewest(of: monthly) { $0.year * 12 + $0.month }
        return kept
    }
}
