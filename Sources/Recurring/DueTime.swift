import FoundationEssentials
import KopiykaCore

/// When in a day an occurrence acts, in the household's time zone: an automatic entry is
/// recorded from 09:00 on its day, a bill is reminded from 10:00 the day before and again on
/// the day. Past that hour on a later day it is overdue, and acts at once.
public enum DueTime {
    public static let automaticHour = 9
    public static let reminderHour = 10

    /// True once `date` at `hour` has come in `zone`: any time on a later day, from `hour` on
    /// the day itself.
    public static func hasCome(_ date: LocalDate, hour: Int, now: Date, in zone: ZoneRules) -> Bool {
        let today = LocalDate(now, in: zone)
        return today > date || (today == date && zone.hour(of: now) >= hour)
    }
}
