import FoundationEssentials
import KopiykaCore
import Recurring
import Testing

private func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

@Suite struct RecurrenceScheduleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let cadence: Cadence
        let start: String
        let end: String?
        let from: String
        let through: String
        let expected: [String]
        var testDescription: String { "\(cadence.code) from \(from)" }
    }

    static let cases: [Case] = [
        // The 31st falls on every month's last day, and returns to the 31st when it can.
        Case(cadence: .monthly(day: 31), start: "2026-01-01", end: nil, from: "2026-01-01", through: "2026-05-31",
             expected: ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]),
        Case(cadence: .monthly(day: 30), start: "2028-01-01", end: nil, from: "2028-01-31", through: "2028-03-31",
             expected: ["2028-02-29", "2028-03-30"]),
        // A start mid-month: this month's day has passed, so next month's.
        Case(cadence: .monthly(day: 5), start: "2026-11-23", end: nil, from: "2026-11-23", through: "2027-01-10",
             expected: ["2026-12-05", "2027-01-05"]),
        // The 29th of February in common and leap years; an end stops it.
        Case(cadence: .yearly(month: 2, day: 29), start: "2027-01-01", end: "2029-12-31", from: "2027-01-01", through: "2035-01-01",
             expected: ["2027-02-28", "2028-02-29", "2029-02-28"]),
        Case(cadence: .yearly(month: 3, day: 1), start: "2026-11-23", end: nil, from: "2026-11-23", through: "2028-03-01",
             expected: ["2027-03-01", "2028-03-01"]),
        // 2026-11-23 is a Monday.
        Case(cadence: .weekly(.monday), start: "2026-11-23", end: nil, from: "2026-11-23", through: "2026-12-07",
             expected: ["2026-11-23", "2026-11-30", "2026-12-07"]),
        Case(cadence: .weekly(.sunday), start: "2026-11-23", end: "2026-12-06", from: "2026-11-01", through: "2026-12-31",
             expected: ["2026-11-29", "2026-12-06"]),
        // A week of downtime for a daily item: one occurrence a day, none twice.
        Case(cadence: .daily, start: "2026-11-10", end: nil, from: "2026-11-16", through: "2026-11-22",
             expected: ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]),
        // Across a year's end and before the start.
        Case(cadence: .monthly(day: 1), start: "2026-12-15", end: nil, from: "2026-10-01", through: "2027-02-01",
             expected: ["2027-01-01", "2027-02-01"]),
    ]

    @Test(arguments: cases)
    func occurrences(_ c: Case) {
        let schedule = RecurrenceSchedule(c.cadence, start: day(c.start), end: c.end.map(day))
        #expect(schedule.occurrences(from: day(c.from), through: day(c.through)).map(\.iso) == c.expected)
    }

    @Test func nextAfterAnOccurrenceIsTheFollowingOne() {
        let schedule = RecurrenceSchedule(.monthly(day: 31), start: day("2026-01-01"))
        #expect(schedule.next(after: day("2026-02-28"))?.iso == "2026-03-31")
        #expect(schedule.next(after: day("2026-03-30"))?.iso == "2026-03-31")
    }

    @Test func weekdaysFollowTheCalendar() {
        #expect(Weekday(day("1970-01-01")) == .thursday)
        #expect(Weekday(day("2026-11-23")) == .monday)
        #expect(Weekday(day("1969-12-28")) == .sunday)
        #expect(Weekday(day("2000-02-29")) == .tuesday)
    }

    @Test func codesRoundTripAndRefuseNonsense() {
        let all: [Cadence] = [.daily, .weekly(.sunday), .monthly(day: 31), .yearly(month: 2, day: 29)]
        for cadence in all { #expect(Cadence(code: cadence.code) == cadence) }
        for bad in ["", "daily:1", "weekly:0", "weekly:8", "monthly:0", "monthly:32", "yearly:2-30", "yearly:13-1", "yearly:3",
                    "monthly:-1", "hourly", "monthly:99999999999999999999"] {
            #expect(Cadence(code: bad) == nil, "\(bad)")
        }
    }

    @Test func occurrencesStopAtTheLimit() {
        let schedule = RecurrenceSchedule(.daily, start: day("2000-01-01"))
        #expect(schedule.occurrences(from: day("2000-01-01"), through: day("2030-01-01"), limit: 40).count == 40)
    }
}

@Suite struct DueTimeTests {
    let kyiv = ZoneRules(identifier: "Europe/Kyiv")!
    let newYork = ZoneRules(identifier: "America/New_York")!

    /// 2026-12-05 06:30 UTC is 08:30 in Kyiv and 01:30 in New York.
    let early = Date(timeIntervalSince1970: 1_796_452_200)

    @Test func anOccurrenceComesAtItsHourInTheHouseholdsZone() {
        #expect(!DueTime.hasCome(day("2026-12-05"), hour: 9, now: early, in: kyiv))
        #expect(DueTime.hasCome(day("2026-12-05"), hour: 9, now: early.addingTimeInterval(1_800), in: kyiv))
        #expect(DueTime.hasCome(day("2026-12-04"), hour: 23, now: early, in: kyiv))
    }

    @Test func aFamilyThatMovesWestWaitsForItsOwnMorning() {
        // The same instant is the day before's evening in New York: not due there yet.
        #expect(!DueTime.hasCome(day("2026-12-05"), hour: 9, now: early.addingTimeInterval(1_800), in: newYork))
        #expect(DueTime.hasCome(day("2026-12-05"), hour: 9, now: early.addingTimeInterval(9 * 3_600), in: newYork))
    }
}
