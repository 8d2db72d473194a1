import KopiykaCore
import Recurring
import Testing

@Suite struct SubscriptionsTests {
    @Test(arguments: [
        ("Spotify", ServiceKind.music), ("apple music сім'я", .music), ("YouTube Music", .music), ("youtube premium", .video),
        ("Нетфлікс", .video), ("netflix 4k", .video), ("iCloud+ 200 ГБ", .cloud), ("Google One", .cloud), ("ChatGPT Plus", .ai),
        ("NordVPN", .vpn), ("disney+", .video),
    ])
    func namesAKind(_ note: String, _ kind: ServiceKind) {
        #expect(ServiceKind(note: note) == kind)
    }

    @Test(arguments: ["", "кава", "оренда", "spotifyy", "icloudless", "hbomax", "v", "садочок", "music", "🎵", "vpnn"])
    func namesNothing(_ note: String) {
        #expect(ServiceKind(note: note) == nil)
    }

    @Test func twoOfAKindLookDuplicated() {
        let found = ServiceKind.duplicated(["Spotify", "Netflix", "Apple Music", "iCloud", "кава", "Megogo", "Google One"])
        #expect(found.map(\.kind) == [.music, .video, .cloud])
        #expect(found.map(\.indexes) == [[0, 2], [1, 5], [3, 6]])
        #expect(ServiceKind.duplicated(["Spotify", "Netflix", "iCloud"]).isEmpty)
        #expect(ServiceKind.duplicated(["Netflix", "netflix"]).map(\.indexes) == [[0, 1]])
    }

    @Test func costsAMonthAndAYear() {
        #expect(SubscriptionCost.monthlyMinor(29_900, .monthly(day: 5)) == 29_900)
        #expect(SubscriptionCost.yearlyMinor(29_900, .monthly(day: 5)) == 358_800)
        #expect(SubscriptionCost.monthlyMinor(10_000, .weekly(.monday)) == 43_333)  // 5 200 ₴ / 12 = 433,33 ₴
        #expect(SubscriptionCost.monthlyMinor(480_000, .yearly(month: 3, day: 1)) == 40_000)
        #expect(SubscriptionCost.monthlyMinor(1, .yearly(month: 3, day: 1)) == 0)  // 0,0833 kop: rounds to zero.
        #expect(SubscriptionCost.monthlyMinor(6, .yearly(month: 3, day: 1)) == 1)   // 0,5 kop: half up.
        #expect(SubscriptionCost.yearlyMinor(.max, .daily) == nil)
        #expect(SubscriptionCost.monthlyMinor(.max, .daily) == nil)
        #expect(SubscriptionCost.monthlyMinor(.max, .yearly(month: 1, day: 1)) == 768_614_336_404_564_651)
    }

    /// `Int`, not `Int64`: `#expect` loses the literals' type inside tuples (both are 64 bits here).
    func repeats(_ amount: Int, in month: YearMonth, _ earlier: [(YearMonth, Int)]) -> Bool {
        RepeatedPayment.isThirdMonth(Int64(amount), in: month, earlier: earlier.map { (month: $0.0, amountMinor: Int64($0.1)) })
    }

    @Test func theSameAmountThreeMonthsRunningIsARepeat() {
        let nov = YearMonth(year: 2026, month: 11)!
        let oct = nov.previous, sep = oct.previous, aug = sep.previous
        #expect(repeats(29_900, in: nov, [(oct, 29_900), (sep, 27_900)]))
        #expect(repeats(30_000, in: nov, [(oct, 33_000), (sep, 27_000)]))  // exactly ±10 %
        #expect(!repeats(30_000, in: nov, [(oct, 33_001), (sep, 30_000)]))
        #expect(!repeats(29_900, in: nov, [(oct, 29_900), (aug, 29_900)]))  // a gap
        #expect(!repeats(29_900, in: nov, [(oct, 29_900), (oct, 29_900)]))
        #expect(!repeats(.max, in: nov, [(oct, .min), (sep, 0)]))
        #expect(repeats(.max, in: nov, [(oct, .max), (sep, .max)]))
        let jan = YearMonth(year: 2027, month: 1)!
        #expect(repeats(100, in: jan, [(YearMonth(year: 2026, month: 12)!, 100), (nov, 105)]))
    }
}
