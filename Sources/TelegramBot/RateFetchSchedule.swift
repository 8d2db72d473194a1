/// When the official-rate fetcher looks again: a value with no I/O, stepped by
/// `runOfficialRateFetching` and by tests. After a look that asked the NBU for everything it
/// lacked (often nothing), the next comes one `look` later; after a failed one (the NBU down,
/// a 500, an answer that is not JSON) the wait doubles from `look` up to `longestBackoff`, and
/// the first success resets it.
///
/// Why a minute: a look with nothing missing is a few primary-key reads and no request, so
/// the day's rates are asked for within a minute of midnight in Kyiv (the NBU set them the
/// banking day before), and a past day an entry names within a minute of the entry.
struct RateFetchSchedule: Equatable {
    static let defaultLook: Duration = .seconds(60)
    /// Why an hour: during a long outage a few requests an hour cost the NBU nothing, and an
    /// entry is valued within an hour of its return.
    static let longestBackoff: Duration = .seconds(3600)

    let look: Duration
    private(set) var failures = 0

    init(look: Duration = Self.defaultLook) { self.look = look }

    /// The wait before the next look.
    mutating func succeeded() -> Duration {
        failures = 0
        return look
    }

    /// The wait before the next look; `failures` counts this one.
    mutating func failed() -> Duration {
        failures += 1
        return min(look * (1 << min(failures, 12)), max(Self.longestBackoff, look))
    }
}
