/// The rule a TZif footer gives for instants after the file's last transition, in the POSIX
/// `TZ` syntax: `EET-2EEST,M3.5.0/3,M10.5.0/4` is "EET, 2 hours east of UTC; EEST from 03:00 on
/// March's last Sunday to 04:00 on October's last Sunday". Debian's "slim" TZif files stop
/// listing transitions once this rule describes them, so every present-day date needs it.
struct PosixZoneRule: Sendable {
    /// Seconds east of UTC (the POSIX sign is the opposite: `EET-2`).
    let standardOffset: Int
    let daylight: Daylight?

    struct Daylight: Sendable {
        let offset: Int
        let start: Change
        let end: Change
    }

    /// A day of the year and a local wall-clock time (seconds; RFC 8536 allows −167…167 hours).
    struct Change: Sendable {
        let day: Day
        let time: Int
    }

    enum Day: Sendable {
        /// `Jn`: 1…365, February 29 never counted.
        case julian(Int)
        /// `n`: 0…365, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        let daylightOffset = scanner.peek == UInt8(ascii: ",") ? standardOffset + 3_600 : scanner.offset().map { -$0 }
        guard let daylightOffset else { return nil }
        var start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7_200)
        var end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7_200)
        if !scanner.atEnd {
            guard scanner.take(","), let first = scanner.change(), scanner.take(","), let second = scanner.change(),
                  scanner.atEnd
            else { return nil }
            (start, end) = (first, second)
        }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    func offset(atSecond t: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let year = LocalDate(daysSinceEpoch: Int((t + Int64(standardOffset)).floorDivided(by: 86_400))).year
        // The start is written in standard time, the end in daylight time.
        let start = Int64(daylight.start.day.daysSinceEpoch(year: year) * 86_400 + daylight.start.time - standardOffset)
        let end = Int64(daylight.end.day.daysSinceEpoch(year: year) * 86_400 + daylight.end.time - daylight.offset)
        let inDaylight = start < end ? (start <= t && t < end) : !(end <= t && t < start)
        return inDaylight ? daylight.offset : standardOffset
    }
}

extension PosixZoneRule.Day {
    func daysSinceEpoch(year: Int) -> Int {
        let january1 = LocalDate(year: year, month: 1, day: 1)!.daysSinceEpoch
        switch self {
        case .julian(let n):
            return january1 + n - 1 + (LocalDate.isLeap(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return january1 + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = LocalDate(year: year, month: month, day: 1)!.daysSinceEpoch
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = ((first + 4) % 7 + 7) % 7
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            if day > LocalDate.daysIn(month: month, year: year) { day -= 7 }
            return first + day - 1
        }
    }
}

/// Just enough of a scanner for the POSIX `TZ` grammar.
private struct Scanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    mutating func take(_ character: Character) -> Bool {
        guard let peek, peek == character.asciiValue else { return false }
        position += 1
        return true
    }

    /// `EET` or `<+0330>`; the name itself is of no use here.
    mutating func name() -> Bool {
        if take("<") {
            guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return false }
            position = close + 1
            return true
        }
        let start = position
        while let peek, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(peek)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(peek) { position += 1 }
        return position > start
    }

    mutating func number() -> Int? {
        let start = position
        var value = 0
        while let peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(peek) {
            value = value * 10 + Int(peek - UInt8(ascii: "0"))
            position += 1
        }
        return position > start ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, as written (POSIX: positive is west of Greenwich).
    mutating func offset() -> Int? {
        let sign = take("-") ? -1 : 1
        if sign == 1 { _ = take("+") }
        guard let hours = number() else { return nil }
        var seconds = hours * 3_600
        if take(":") {
            guard let minutes = number() else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let rest = number() else { return nil }
                seconds += rest
            }
        }
        return sign * seconds
    }

    mutating func change() -> PosixZoneRule.Change? {
        let day: PosixZoneRule.Day
        if take("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if take("M") {
            guard let month = number(), take("."), let week = number(), take("."), let weekday = number(),
                  (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday)
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7_200
        if take("/") {
            guard let given = offset() else { return nil }
            time = given
        }
        return PosixZoneRule.Change(day: day, time: time)
    }
}
