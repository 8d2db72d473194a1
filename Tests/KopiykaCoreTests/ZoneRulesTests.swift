import Foundation
@testable import KopiykaCore
import Testing

@Suite struct ZoneRulesTests {
    let kyiv = ZoneRules(identifier: "Europe/Kyiv")!

    func instant(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    @Test func kyivMovesItsClocksOnTheLastSundaysOfMarchAndOctober() {
        #expect(kyiv.offset(at: instant("2026-03-29T00:59:59Z")) == 2 * 3_600)
        #expect(kyiv.offset(at: instant("2026-03-29T01:00:00Z")) == 3 * 3_600)
        #expect(kyiv.offset(at: instant("2026-10-25T00:59:59Z")) == 3 * 3_600)
        #expect(kyiv.offset(at: instant("2026-10-25T01:00:00Z")) == 2 * 3_600)
    }

    @Test func farFutureInstantsFollowTheFooterRule() {
        #expect(kyiv.offset(at: instant("2090-01-15T12:00:00Z")) == 2 * 3_600)
        #expect(kyiv.offset(at: instant("2090-07-15T12:00:00Z")) == 3 * 3_600)
        // The last Sunday of March 2090 is the 26th.
        #expect(kyiv.offset(at: instant("2090-03-26T00:59:59Z")) == 2 * 3_600)
        #expect(kyiv.offset(at: instant("2090-03-26T01:00:00Z")) == 3 * 3_600)
    }

    /// Issue 32: a bank's `time` at Int64.max, Int64.min or in year 10000 trapped here (the
    /// Int64 conversion, the footer rule's 1 January of year 10000); now the calendar's ends.
    @Test func instantsPastTheCalendarReadAsItsEndsNeverTrap() {
        for t in [253_402_300_800, 9.223372036854775807e18, .infinity] {
            #expect(kyiv.localDate(of: Date(timeIntervalSince1970: t)) == LocalDate(year: 9999, month: 12, day: 29), "\(t)")
        }
        for t in [-9.223372036854775808e18, -.infinity, .nan] {
            #expect(kyiv.localDate(of: Date(timeIntervalSince1970: t)).iso == "0001-01-03", "\(t)")
        }
        #expect(kyiv.offset(at: Date(timeIntervalSince1970: 253_402_300_800)) == 2 * 3_600)
    }

    @Test func localDayAndHour() {
        // 2026-11-21 22:30 UTC is already the 22nd, 00:30, in Kyiv.
        let late = instant("2026-11-21T22:30:00Z")
        #expect(kyiv.localDate(of: late).iso == "2026-11-22")
        #expect(kyiv.hour(of: late) == 0)
        #expect(kyiv.hour(of: instant("2026-07-01T18:30:00Z")) == 21)
        #expect(ZoneRules.utc.hour(of: late) == 22)
    }

    @Test func westOfGreenwichTheOffsetIsNegative() throws {
        let newYork = try #require(ZoneRules(identifier: "America/New_York"))
        #expect(newYork.offset(at: instant("2026-01-15T12:00:00Z")) == -5 * 3_600)
        #expect(newYork.offset(at: instant("2026-07-15T12:00:00Z")) == -4 * 3_600)
        #expect(newYork.localDate(of: instant("2026-01-15T03:00:00Z")).iso == "2026-01-14")
        #expect(newYork.hour(of: instant("2026-01-15T03:00:00Z")) == 22)
    }

    @Test func utcNeedsNoFile() {
        let utc = ZoneRules(identifier: "UTC", directory: "/nonexistent")
        #expect(utc == .utc)
        #expect(utc?.offset(at: instant("2026-07-15T12:00:00Z")) == 0)
        #expect(ZoneRules.utc.identifier == "UTC")
    }

    @Test func unknownZonesAndPathsAreNotZones() {
        #expect(ZoneRules(identifier: "Europe/Atlantis") == nil)
        #expect(ZoneRules(identifier: "Europe/Kyiv", directory: "/nonexistent") == nil)
        #expect(ZoneRules(identifier: "../../etc/passwd") == nil)
        #expect(ZoneRules(identifier: "/etc/passwd") == nil)
        #expect(ZoneRules(identifier: "") == nil)
    }

    @Test func southernHemisphereRulesSpanTheNewYear() throws {
        // Sydney: AEDT (+11) from October's first Sunday to April's first Sunday.
        let sydney = try #require(PosixZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(sydney.offset(atSecond: ZoneRules.seconds(instant("2090-01-10T00:00:00Z"))) == 11 * 3_600)
        #expect(sydney.offset(atSecond: ZoneRules.seconds(instant("2090-06-10T00:00:00Z"))) == 10 * 3_600)
        #expect(sydney.offset(atSecond: ZoneRules.seconds(instant("2090-12-31T23:00:00Z"))) == 11 * 3_600)
    }

    @Test func footersWithoutDaylightTimeOrWithQuotedNames() throws {
        #expect(try #require(PosixZoneRule("<+0530>-5:30")).standardOffset == 5 * 3_600 + 30 * 60)
        #expect(try #require(PosixZoneRule("EST5")).standardOffset == -5 * 3_600)
        #expect(PosixZoneRule("EET-2EEST,M3.5.0/3") == nil)
    }
}
