import FoundationEssentials
import Synchronization

/// A time zone's UTC offsets over time, read from the system's tz database (`tzdata`).
///
/// Why not `TimeZone`: without FoundationInternationalization (and its 3 MB of ICU), Foundation's
/// `TimeZone(identifier:)` knows no zone but GMT. Loading Foundation's full stack costs the bot
/// about 8 MB of its 30 MB budget; reading the zone's TZif file ourselves costs a few kilobytes.
///
/// Two rules are equal when their identifiers are: the identifier is what a household stores.
public struct ZoneRules: Sendable, Hashable, CustomStringConvertible {
    /// The tz database name, `Europe/Kyiv`; what SQLite stores.
    public let identifier: String
    /// UTC instants (seconds since 1970) where the offset changes, ascending.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) from `transitions[i]` until the next one.
    let offsets: [Int32]
    /// The offset before the first transition.
    let initialOffset: Int32
    /// The rule after the last transition (the TZif footer); nil when the last offset holds forever.
    let footer: PosixZoneRule?

    init(identifier: String, transitions: [Int64], offsets: [Int32], initialOffset: Int32,
         footer: PosixZoneRule?) {
        self.identifier = identifier
        self.transitions = transitions
        self.offsets = offsets
        self.initialOffset = initialOffset
        self.footer = footer
    }

    public static let utc = ZoneRules(identifier: "UTC", transitions: [], offsets: [], initialOffset: 0, footer: nil)

    /// Where the TZif files are: `$TZDIR`, else Debian's `/usr/share/zoneinfo`. Read once:
    /// every household row read names its zone, and copying the environment is not free.
    public static let directory: String =
        ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"

    /// The zone named `identifier` (`Europe/Kyiv`), or nil when the tz database has no such
    /// zone (or is not installed). `UTC` needs no file. Each zone is read once per process.
    public init?(identifier: String, directory: String = ZoneRules.directory) {
        if ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Z"].contains(identifier) {
            self = .utc
            return
        }
        // A name, not a path: nothing may climb out of the zoneinfo directory.
        guard !identifier.isEmpty, !identifier.hasPrefix("/"),
              !identifier.split(separator: "/").contains(where: { $0 == ".." || $0 == "." })
        else { return nil }
        let key = directory + "/" + identifier
        if let cached = Self.loaded.withLock({ $0[key] }) {
            self = cached
            return
        }
        guard let data = FileManager.default.contents(atPath: key),
              let rules = try? ZoneRules(identifier: identifier, tzif: Array(data))
        else { return nil }
        Self.loaded.withLock { $0[key] = rules }
        self = rules
    }

    /// Households are read on every update; the file is read on the first.
    private static let loaded = Mutex<[String: ZoneRules]>([:])

    /// Seconds east of UTC at an instant: +7200 for Kyiv in winter, −18000 for New York.
    public func offset(at instant: Date) -> Int {
        offset(atSecond: Self.seconds(instant))
    }

    func offset(atSecond t: Int64) -> Int {
        // The last transition at or before t.
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= t { low = middle + 1 } else { high = middle }
        }
        if transitions.isEmpty { return footer?.offset(atSecond: t) ?? Int(initialOffset) }
        if low == 0 { return Int(initialOffset) }
        if low == transitions.count, let footer { return footer.offset(atSecond: t) }
        return Int(offsets[low - 1])
    }

    /// The calendar day an instant falls on in this zone.
    public func localDate(of instant: Date) -> LocalDate {
        LocalDate(daysSinceEpoch: Int(localSecond(instant).floorDivided(by: 86_400)))
    }

    /// The hour (0–23) on this zone's clocks at an instant.
    public func hour(of instant: Date) -> Int {
        Int(localSecond(instant).floorModulo(86_400) / 3_600)
    }

    public var description: String { identifier }

    public static func == (lhs: ZoneRules, rhs: ZoneRules) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    private func localSecond(_ instant: Date) -> Int64 {
        let t = Self.seconds(instant)
        return t + Int64(offset(atSecond: t))
    }

    /// Whole seconds since 1970, clamped to the days `LocalDate` holds (years 1–9999) with two
    /// days to spare for any offset: an instant past them (a bank's `time` at Int64.max, NaN)
    /// trapped in `Int64(_:)`, or made a year whose 1 January the footer rule force-unwraps.
    /// Such an instant reads as the nearest of those days, never a trap.
    static func seconds(_ instant: Date) -> Int64 {
        let t = instant.timeIntervalSince1970.rounded(.down)
        guard t >= Double(secondsRange.lowerBound) else { return secondsRange.lowerBound }
        guard t <= Double(secondsRange.upperBound) else { return secondsRange.upperBound }
        return Int64(t)
    }

    /// 0001-01-03 to 9999-12-29, in seconds since 1970.
    static let secondsRange: ClosedRange<Int64> = -62_135_424_000...253_402_041_600
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }

    func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
