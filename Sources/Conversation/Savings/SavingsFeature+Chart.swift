import Charts
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension SavingsFeature {
    /// The family's savings at the end of each of the last twelve months and today, in its
    /// currency (foreign ones at that day's rate, those without one left out), as a line; nil
    /// with nothing saved. Thirteen points of a few index seeks per account.
    func chart(_ household: Household, _ l: Localizer) throws -> OutboxContent? {
        let today = today(of: household)
        var days: [LocalDate] = []
        var month = YearMonth(today)
        for _ in 0..<12 {
            month = month.previous
            days.insert(month.lastDay, at: 0)
        }
        days.append(today)
        var accounts: [Account] = []
        for person in try ledger.families.members(householdID: household.id) {
            accounts += try ledger.accounts.accounts(memberID: person.id).filter { $0.kind == .savings }
        }
        guard !accounts.isEmpty else { return nil }
        var values: [Int64] = []
        for day in days {
            var total = Totals()
            var known = false
            let rates = try ledger.rates.table(householdID: household.id, base: household.baseCurrency, on: day)
            for account in accounts {
                guard let value = (try? ledger.accounts.value(of: account, on: day)) ?? nil else { continue }
                known = true
                total.add(now: value, monthAgo: 0, account.currency, rates: rates, base: household.baseCurrency)
            }
            guard let sum = total.now else { return nil }
            // The line starts at the first value, not at a zero from before any was said.
            if known || !values.isEmpty { values.append(sum) }
        }
        days = Array(days.suffix(values.count))
        guard values.count > 1, values.contains(where: { $0 != 0 }) else { return nil }
        let marks = days.enumerated().compactMap { slot, day in slot % 3 == 0 || slot == days.count - 1 ? DaysChart.Mark(slot: slot, day: day.month) : nil }
        let chart = DaysChart(values: values, slots: values.count, currency: household.baseCurrency, includesZero: false, marks: marks)
        guard let image = chart.render() else { return nil }
        let caption = l("chart.legend.savings", ["line": .text(chart.line.square),
                                                 "first": .money(Money(minorUnits: values.first ?? 0, currency: household.baseCurrency)),
                                                 "last": .money(Money(minorUnits: values.last ?? 0, currency: household.baseCurrency))])
        return .photo(fileName: "savings-\(today.iso).png", data: image.png, caption: caption)
    }
}
