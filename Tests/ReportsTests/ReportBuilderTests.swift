import KopiykaCore
import KopiykaTestSupport
import Ledger
import Reports
import Testing

@Suite struct ReportBuilderTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }
    let november = YearMonth(year: 2026, month: 11)!

    struct Family {
        let olha: Member
        let taras: Member
        var id: Int64 { olha.householdID }
    }

    func family() throws -> Family {
        let olha = try ledger.families.createHousehold(
            owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let taras = try ledger.families.addMember(Newcomer(telegramUserID: 2, name: "Тарас", language: "uk"),
                                         householdID: olha.householdID)
        return Family(olha: olha, taras: taras)
    }

    func add(_ member: Member, _ major: Int64, _ category: CategoryKey, _ date: String,
             currency: Currency = .uah, kind: EntryKind = .expense) throws {
        _ = try ledger.entries.add([NewEntry(kind: kind, amount: Money(major: major, currency: currency),
                                     category: category, account: nil, date: LocalDate(iso: date)!,
                                     note: "\(category)", originalText: "")], by: member)
    }

    func report(_ family: Family, month: YearMonth, today: String) throws -> MonthlyReport {
        let household = try #require(try ledger.families.household(id: family.id))
        return try ReportBuilder.monthly(from: ledger, household: household, month: month, today: LocalDate(iso: today)!,
                                         shownTo: .member(family.olha.id))
    }

    @Test func aMonthAddsUpByHand() throws {
        let f = try family()
        try add(f.olha, 85, "cafe", "2026-11-01")
        try add(f.olha, 115, "cafe", "2026-11-10")
        try add(f.taras, 600, "groceries", "2026-11-20")
        try add(f.taras, 200, "taxi", "2026-11-30")
        try add(f.olha, 30_000, "salary", "2026-11-05", kind: .income)
        try add(f.olha, 250, "cafe", "2026-10-15")  // October 1–30: the comparison's same days
        try add(f.olha, 500, "cafe", "2026-10-31")  // October 31: no day of November to compare it with
        try add(f.olha, 999, "cafe", "2026-12-01")  // December: invisible
        let r = try report(f, month: november, today: "2026-11-30")

        #expect(r.spentMinor == 100_000)
        #expect(r.incomeMinor == 3_000_000)
        #expect(r.netMinor == 2_900_000)
        #expect(r.expenseCount == 4)
        #expect(r.categories.map(\.category) == ["groceries", "cafe", "taxi"])
        #expect(r.categories.map(\.baseMinor) == [60_000, 20_000, 20_000])
        #expect(r.categories.map(\.entryCount) == [1, 2, 1])
        #expect(r.categories[0].share == 0.6)
        #expect(r.members.map(\.name) == ["Тарас", "Оля"])
        #expect(r.members.map(\.spentMinor) == [80_000, 20_000])
        #expect(r.largest.map(\.amount.minorUnits) == [60_000, 20_000, 11_500])
        #expect(r.changePercent == 300)  // 250 → 1000 over days 1–30
        #expect(r.changeThroughDay == 30)
        #expect(r.dailyAverageMinor == 3_333)  // 1000.00 / 30 days
        #expect(r.forecastMinor == 100_000)
        #expect(r.isCurrent)
    }

    @Test func aPastMonthHasNoForecastAndAveragesOverAllItsDays() throws {
        let f = try family()
        try add(f.olha, 2_900, "cafe", "2028-02-29")  // a leap day
        let february = YearMonth(year: 2028, month: 2)!
        let r = try report(f, month: february, today: "2028-03-15")
        #expect(r.spentMinor == 290_000)
        #expect(r.dailyAverageMinor == 10_000)  // 2900.00 / 29 days
        #expect(r.forecastMinor == nil)
        #expect(r.changePercent == nil)
    }

    @Test func theForecastExtrapolatesThePace() throws {
        let f = try family()
        for day in 1...10 { try add(f.olha, 100, "cafe", "2026-11-\(day < 10 ? "0" : "")\(day)") }
        let r = try report(f, month: november, today: "2026-11-10")
        #expect(r.dailyAverageMinor == 10_000)
        #expect(r.forecastMinor == 300_000)  // 100 ₴ a day × 30 days
    }

    @Test func aForecastWaitsForAWeekAndCountsAOneOffPurchaseOnce() throws {
        let f = try family()
        try add(f.olha, 30_000, "home", "2026-11-01")  // a fridge on the 1st
        var r = try report(f, month: november, today: "2026-11-01")
        #expect(r.forecastMinor == nil && r.forecastFrom == LocalDate(iso: "2026-11-07"), "one day is not a month: \(r)")
        for day in 1...7 { try add(f.olha, 500, "groceries", "2026-11-0\(day)") }
        r = try report(f, month: november, today: "2026-11-07")
        let expected: Int64 = 3_000_000 + 50_000 * 23 + 50_000 * 7  // the fridge once; 500 ₴ a day, paced over 30 days
        #expect(r.forecastMinor == expected)
        #expect(r.forecastBasis == .pace)
    }

    @Test func foreignMoneyIsShownInItsCurrencyAndCountedOnlyWithARate() throws {
        let f = try family()
        try add(f.olha, 20, "subscriptions", "2026-11-02", currency: .usd)
        try add(f.olha, 100, "cafe", "2026-11-02")
        var r = try report(f, month: november, today: "2026-11-21")
        #expect(r.spentMinor == 10_000)
        #expect(r.unconverted == [Money(major: 20, currency: .usd)])
        try ledger.rates.set(.usd, basePerUnitMicros: 41_000_000, householdID: f.id)
        r = try report(f, month: november, today: "2026-11-21")
        #expect(r.spentMinor == 92_000)
        #expect(r.unconverted.isEmpty)
        #expect(r.categories.first?.foreign == [Money(major: 20, currency: .usd)])
    }

    @Test func budgetsShowWhatIsLeftAndPerDay() throws {
        let f = try family()
        try ledger.budgets.set(Budget(category: "cafe", limitMinor: 300_000), householdID: f.id)
        try ledger.budgets.set(Budget(category: nil, limitMinor: 1_000_000), householdID: f.id)
        try add(f.olha, 1_766, "cafe", "2026-11-05")
        try add(f.olha, 9_000, "groceries", "2026-11-06")
        let r = try report(f, month: november, today: "2026-11-22")
        let cafe = try #require(r.budgets.first { $0.category == "cafe" })
        #expect(cafe.leftMinor == 123_400)
        #expect(cafe.daysLeft == 9)  // 22…30 November
        #expect(cafe.dailyAllowanceMinor == 13_711)
        #expect(cafe.reachedThreshold == nil)
        let total = try #require(r.budgets.first { $0.category == nil })
        #expect(total.spentMinor == 1_076_600)
        #expect(total.isOver)
        #expect(total.reachedThreshold == 100)
        #expect(total.dailyAllowanceMinor == nil)
    }

    @Test func thresholdsAreEightyAndOneHundredPercent() {
        func status(_ spent: Int64) -> BudgetStatus {
            BudgetStatus(budget: Budget(category: "cafe", limitMinor: 1000), spentMinor: spent, daysLeft: 3)
        }
        #expect(status(799).reachedThreshold == nil)
        #expect(status(800).reachedThreshold == 80)
        #expect(status(999).reachedThreshold == 80)
        #expect(status(1000).reachedThreshold == 100)
    }

    @Test func aYearListsItsMonths() throws {
        let f = try family()
        try add(f.olha, 100, "cafe", "2026-01-31")
        try add(f.olha, 50, "cafe", "2026-03-01")
        try add(f.olha, 1000, "salary", "2026-03-05", kind: .income)
        let year = YearMonth(year: 2026, month: 1)!...YearMonth(year: 2026, month: 12)!
        let r = ReportBuilder.yearly(year: 2026, baseCurrency: .uah,
                                     totals: try ledger.entries.monthTotals(householdID: f.id, months: year))
        #expect(r.months.map(\.month.month) == [1, 3])
        #expect(r.spentMinor == 15_000)
        #expect(r.incomeMinor == 100_000)
    }

    @Test func barsUseEighthBlocks() {
        #expect(Bar.render(1) == "██████████")
        #expect(Bar.render(0) == "")
        #expect(Bar.render(0.5) == "█████")
        #expect(Bar.render(0.0125) == "▏")
        #expect(Bar.render(0.33) == "███▎")
    }
}
