import Foundation
import KopiykaCore
import Testing

@Suite struct LocalDateTests {
    @Test func validatesCalendarDays() {
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(iso: "2026-11-21")?.day == 21)
        #expect(LocalDate(iso: "2026-1-21") == nil)
    }

    @Test func isoTextRoundTripsAndAnythingElseIsRefused() {
        var date = LocalDate(year: 1, month: 1, day: 1)!
        while date.year < 9999 {
            #expect(LocalDate(iso: date.iso) == date, "\(date.iso)")
            date = date.adding(days: (2000..<2060).contains(date.year) ? 1 : 97)
        }
        #expect(LocalDate(year: 9999, month: 12, day: 31)!.iso == "9999-12-31")
        #expect(LocalDate(year: 7, month: 3, day: 9)!.iso == "0007-03-09")
        for text in ["", "2026-11-2", "2026-11-211", "2026/11/21", "+026-11-21", "2026-+1-21", "2026-11-2a", "0000-01-01",
                     "2026-02-29", "2026-00-10", "2026-13-01", "2026-11-00", "٢٠٢٦-11-21", "2026-11-21 ", " 2026-11-21"] {
            #expect(LocalDate(iso: text) == nil, "\(text)")
        }
    }

    @Test func dayArithmeticCrossesMonthsYearsAndLeapDays() {
        let date = LocalDate(year: 2024, month: 2, day: 28)!
        #expect(date.adding(days: 1).iso == "2024-02-29")
        #expect(date.adding(days: 2).iso == "2024-03-01")
        #expect(LocalDate(year: 2026, month: 1, day: 1)!.adding(days: -1).iso == "2025-12-31")
        #expect(LocalDate(year: 1970, month: 1, day: 1)!.daysSinceEpoch == 0)
        #expect(LocalDate(year: 2026, month: 11, day: 21)!.daysSinceEpoch == 20_778)
    }

    @Test func roundTripsEveryDayOverFourCenturies() {
        var date = LocalDate(year: 1900, month: 1, day: 1)!
        for _ in 0..<(400 * 366) {
            #expect(LocalDate(daysSinceEpoch: date.daysSinceEpoch) == date)
            let next = date.adding(days: 1)
            #expect(next > date)
            date = next
            if date.year > 2300 { break }
        }
    }

    @Test func theDayOfAnInstantDependsOnTheTimeZone() {
        // 2026-11-21 22:30 UTC is already the 22nd in Kyiv (UTC+2 in winter).
        let instant = Date(timeIntervalSince1970: 1_795_300_200)
        #expect(LocalDate(instant, in: ZoneRules.utc).iso == "2026-11-21")
        #expect(LocalDate(instant, in: ZoneRules(identifier: "Europe/Kyiv")!).iso == "2026-11-22")
    }
}

@Suite struct YearMonthTests {
    @Test func monthsKnowTheirDaysAndNeighbours() {
        let february = YearMonth(year: 2028, month: 2)!
        #expect(february.dayCount == 29)
        #expect(february.lastDay.iso == "2028-02-29")
        #expect(YearMonth(year: 2026, month: 1)!.previous.iso == "2025-12")
        #expect(YearMonth(year: 2026, month: 12)!.next.iso == "2027-01")
        #expect(YearMonth(iso: "2026-11") == YearMonth(LocalDate(year: 2026, month: 11, day: 21)!))
        #expect(YearMonth(iso: "2026-13") == nil)
    }
}
