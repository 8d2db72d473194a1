import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

extension SavingsFeature {
    /// `/savings`: each member's savings accounts with what they are worth today and how that
    /// changed since the month and the year began, and the family's total in its currency
    /// (foreign ones at today's rates: the household's `/rate`, else the NBU's). A few index seeks per account.
    func overview(_ member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let today = today(of: household)
        let monthStart = YearMonth(today).days.lowerBound.adding(days: -1)
        let yearStart = LocalDate(year: today.year - 1, month: 12, day: 31) ?? monthStart
        let rates = try ledger.rates.table(householdID: household.id, base: household.baseCurrency, on: today)
        // A month ago's savings at a month ago's rates: the change is the savings', not the rate's.
        let ratesThen = try ledger.rates.table(householdID: household.id, base: household.baseCurrency, on: monthStart)
        var lines = [l("savings.title")]
        var total = Totals()
        for person in try ledger.families.members(householdID: household.id) {
            let accounts = try ledger.accounts.accounts(memberID: person.id).filter { $0.kind == .savings }
            guard !accounts.isEmpty else { continue }
            lines.append(l("accounts.member", ["name": .text(person.name.htmlEscaped)]))
            for account in accounts {
                let name = AccountsFeature(context).name(account, l).htmlEscaped
                let said: Int64?
                do {
                    said = try ledger.accounts.value(of: account, on: today)
                } catch {
                    lines.append(l("savings.line.too_large", ["name": .text(name)]))
                    continue
                }
                guard let now = said else {
                    lines.append(l("savings.line.unknown", ["name": .text(name)]))
                    continue
                }
                // An account younger than the period grows from its first value, not from zero.
                let first = try ledger.accounts.firstValueDay(of: account)
                func then(_ day: LocalDate) throws -> Int64 {
                    if let value = try ledger.accounts.value(of: account, on: day) { return value }
                    guard let first, first > day else { return now }
                    return try ledger.accounts.value(of: account, on: first) ?? now
                }
                guard let monthAgo = try? then(monthStart), let yearAgo = try? then(yearStart) else {
                    lines.append(l("savings.line.too_large", ["name": .text(name)]))
                    continue
                }
                let changes = [(monthAgo, "savings.change.month"), (yearAgo, "savings.change.year")].compactMap { then, key in
                    change(from: then, to: now, account.currency, key, l)
                }
                lines.append(l("savings.line", ["name": .text(name), "value": .money(Money(minorUnits: now, currency: account.currency)),
                                                "changes": .text(changes.map { " · " + $0 }.joined())]))
                total.add(now: now, monthAgo: monthAgo, account.currency, rates: rates, ratesThen: ratesThen,
                          base: household.baseCurrency)
            }
        }
        guard lines.count > 1 else { return l("savings.empty") }
        lines.append("")
        if let now = total.now, let monthAgo = total.monthAgo {
            lines.append(l("savings.total", [
                "value": .money(Money(minorUnits: now, currency: household.baseCurrency)),
                "changes": .text(change(from: monthAgo, to: now, household.baseCurrency, "savings.change.month", l).map { " · " + $0 } ?? ""),
            ]))
        } else {
            lines.append(l("report.too_large"))
        }
        if let first = total.unconverted.first {
            lines.append(l("savings.unconverted", [
                "amounts": .text(total.unconverted.map { l.money($0) }.joined(separator: ", ")),
                "currency": .text(first.currency.code.lowercased()),
                "rate": .text(ReportRenderer(l).typicalRate(of: first.currency, in: household.baseCurrency)),
            ]))
        }
        return lines.joined(separator: "\n")
    }

    /// The family's savings today in its currency, those without a rate left out; nil when it
    /// has none or the sum leaves `Int64`. For the runway in `/report`.
    func totalMinor(_ household: Household) throws -> Int64? {
        let today = today(of: household)
        let rates = try ledger.rates.table(householdID: household.id, base: household.baseCurrency, on: today)
        var total = Totals()
        var any = false
        for person in try ledger.families.members(householdID: household.id) {
            for account in try ledger.accounts.accounts(memberID: person.id) where account.kind == .savings {
                guard let now = (try? ledger.accounts.value(of: account, on: today)) ?? nil else { continue }
                any = true
                total.add(now: now, monthAgo: 0, account.currency, rates: rates, base: household.baseCurrency)
            }
        }
        return any ? total.now : nil
    }

    /// `+1 200 ₴ за місяць`; nil for no change, or one past `Int64`.
    private func change(from then: Int64, to now: Int64, _ currency: Currency, _ key: String, _ l: Localizer) -> String? {
        let (difference, overflow) = now.subtractingReportingOverflow(then)
        guard !overflow, difference != 0 else { return nil }
        return l(key, ["change": .text(Self.signed(Money(minorUnits: difference, currency: currency), l))])
    }

    /// The family's savings in its currency, now and a month ago; nil once a sum leaves `Int64`.
    struct Totals {
        var now: Int64? = 0
        var monthAgo: Int64? = 0
        /// Foreign savings without a rate: listed, not summed.
        var unconverted: [Money] = []

        mutating func add(now value: Int64, monthAgo then: Int64, _ currency: Currency, rates: [Currency: Int64],
                          ratesThen: [Currency: Int64]? = nil, base: Currency) {
            guard currency == base || rates[currency] != nil else {
                unconverted.append(Money(minorUnits: value, currency: currency))
                return
            }
            func inBase(_ minor: Int64, _ table: [Currency: Int64]) -> Int64? {
                guard currency != base, minor != 0 else { return minor }
                // Today's rate stands in for a day that had none (the rates began after it).
                guard let micros = table[currency] ?? rates[currency] else { return nil }
                return try? LedgerConversion.convert(Money(minorUnits: minor, currency: currency), basePerUnitMicros: micros, to: base)
            }
            now = now.flatMap { sum in inBase(value, rates).flatMap { sum.addingReportingOverflow($0) }.flatMap { $0.overflow ? nil : $0.partialValue } }
            monthAgo = monthAgo.flatMap { sum in inBase(then, ratesThen ?? rates).flatMap { sum.addingReportingOverflow($0) }.flatMap { $0.overflow ? nil : $0.partialValue } }
        }
    }
}
