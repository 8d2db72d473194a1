import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// `kopiyka bench reports`: builds a realistic database (households of two, three years of
/// entries) and times what a family waits for — `/report` and `/budget` — at two sizes, so
/// the figures show whether the time depends on the history (it should not: the month totals
/// make a report read tens of rows).
public enum ReportsBenchmark {
    public static func run(entries: Int = 1_000_000, households: Int = 1_000, small: Int = 10_000,
                           folder: URL, print say: (String) -> Void) throws {
        let today = LocalDate(year: 2026, month: 11, day: 21)!
        let catalog = try Catalog.load()
        for (label, count, homes) in [("small", small, max(1, households * small / entries)), ("large", entries, households)] {
            let path = folder.appendingPathComponent("bench-\(label).sqlite").path
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_795_248_000))
            let ledger = try Ledger(path: path, clock: clock)

            var random = SplitMix64(seed: 42)
            let members = try (0..<homes).map { home -> [Member] in
                let owner = try ledger.families.createHousehold(
                    owner: Newcomer(telegramUserID: Int64(home * 2 + 1), name: "Оля \(home)", language: "uk"),
                    timeZone: ZoneRules(identifier: "Europe/Kyiv") ?? .utc)
                try ledger.budgets.set(Budget(category: "cafe", limitMinor: 300_000), householdID: owner.householdID)
                try ledger.budgets.set(Budget(category: nil, limitMinor: 4_000_000), householdID: owner.householdID)
                let partner = try ledger.families.addMember(
                    Newcomer(telegramUserID: Int64(home * 2 + 2), name: "Тарас \(home)", language: "uk"),
                    householdID: owner.householdID)
                return [owner, partner]
            }
            let categories = CategoryKey.expenses
            let start = ContinuousClock.now
            let batch = 5_000
            var inserted = 0
            while inserted < count {
                try ledger.transaction {
                    for _ in 0..<min(batch, count - inserted) {
                        let member = members[Int.random(in: 0..<homes, using: &random)][Int.random(in: 0...1, using: &random)]
                        let date = today.adding(days: -Int.random(in: 0..<(3 * 365), using: &random))
                        _ = try ledger.entries.add([NewEntry(
                            kind: .expense, amount: Money(minorUnits: Int64.random(in: 1_000...200_000, using: &random), currency: .uah),
                            category: categories.randomElement(using: &random)!, account: nil, date: date,
                            note: "кава", originalText: "кава 85")], by: member)
                        inserted += 1
                    }
                }
            }
            let insertSeconds = seconds(since: start)
            say("reports[\(label)]: \(count) entries in \(homes) households, "
                + "bulk insert \((Double(count) / insertSeconds).fixed(0)) entries/s")

            var single = Samples()
            for _ in 0..<500 {
                let member = members[Int.random(in: 0..<homes, using: &random)][0]
                _ = try single.time {
                    try ledger.entries.add([NewEntry(kind: .expense, amount: Money(major: 85, currency: .uah), category: "cafe",
                                             account: nil, date: today, note: "кава", originalText: "кава 85")], by: member)
                }
            }
            say("reports[\(label)]: single entry insert with its month totals, \(single.summary)")

            var reportTimes = Samples(), budgetTimes = Samples()
            let l = catalog[.uk]
            for _ in 0..<1_000 {
                let owner = members[Int.random(in: 0..<homes, using: &random)][0]
                let month = YearMonth(today.adding(days: -Int.random(in: 0..<(3 * 365), using: &random)))
                _ = try reportTimes.time { try renderReport(ledger, owner, month: month, today: today, l: l) }
                _ = try budgetTimes.time { try renderBudgets(ledger, owner, today: today, l: l) }
            }
            say("reports[\(label)]: /report render \(reportTimes.summary); /budget render \(budgetTimes.summary)")
            try verify(ledger, label: label, say: say)
            // ru_maxrss only grows: the large phase's figure next to the small one's shows
            // whether memory follows the number of entries.
            say("reports[\(label)]: peak memory so far \(peakMemoryMiB().fixed(1)) MiB")
        }
        let largePath = folder.appendingPathComponent("bench-large.sqlite").path
        var startup = Samples()
        for _ in 0..<20 {
            _ = try startup.time { (try Ledger(path: largePath), try Catalog.load()) }
        }
        say("reports: start-up (open and migrate-check the 1M database, load the catalog) \(startup.summary)")
    }

    static func renderReport(_ ledger: Ledger, _ owner: Member, month: YearMonth, today: LocalDate, l: Localizer) throws -> String {
        guard let household = try ledger.families.household(id: owner.householdID) else { return "" }
        return ReportRenderer(l).render(try ReportBuilder.monthly(from: ledger, household: household, month: month, today: today,
                                                                  shownTo: .member(owner.id)))
    }

    static func renderBudgets(_ ledger: Ledger, _ owner: Member, today: LocalDate, l: Localizer) throws -> String {
        guard let household = try ledger.families.household(id: owner.householdID) else { return "" }
        let month = YearMonth(today)
        let statuses = try ReportBuilder.budgetStatuses(from: ledger, household: household, month: month, today: today, shownTo: .group)
        return ReportRenderer(l).render(budgets: statuses, baseCurrency: household.baseCurrency, month: month)
    }

    static func verify(_ ledger: Ledger, label: String, say: (String) -> Void) throws {
        let start = ContinuousClock.now
        let mismatches = try ledger.entries.monthTotalsMismatches()
        say("reports[\(label)]: month totals verified against entries in \(seconds(since: start).fixed(2)) s: "
            + "\(mismatches) mismatches")
    }
}
