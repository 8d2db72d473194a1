import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Turns reports into Telegram HTML in one language. Notes are people's text: escaped here.
public struct ReportRenderer {
    let l: Localizer

    public init(_ localizer: Localizer) { l = localizer }

    func money(_ minor: Int64, _ currency: Currency) -> String {
        l.money(Money(minorUnits: minor, currency: currency))
    }

    /// The month's report, or its title and "too large" when a figure does not fit.
    public func render(_ report: MonthlyReport) -> String {
        let title = l.monthTitle(year: report.month.year, month: report.month.month)
        guard !report.isTooLarge, let text = try? body(report, title: title) else { return tooLarge(title) }
        return text
    }

    /// The title and the localized "too large" answer, in place of a report that cannot be computed.
    public func tooLarge(_ title: String) -> String {
        [l("report.title", ["title": .text(title)]), l("report.too_large")].joined(separator: "\n")
    }

    private func body(_ report: MonthlyReport, title: String) throws(MoneyOverflow) -> String {
        let base = report.baseCurrency
        var lines = [l("report.title", ["title": .text(title)])]
        guard !report.isEmpty else {
            let due = stillDue(report.dueMinor, count: report.dueCount, base: base)
            // "No entries yet" promises some: not for a month that is over.
            let empty = l(report.isPast ? "report.empty.past" : "report.empty", ["title": .text(title)])
            return (lines + [empty, due].compactMap { $0 }).joined(separator: "\n")
        }
        lines.append(l("report.summary", [
            "spent": .text(money(report.spentMinor, base)), "income": .text(money(report.incomeMinor, base)),
            "net": .text(signed(report.netMinor, base)), "count": .number(report.expenseCount),
        ]))
        if report.hidesPrivate { lines.append(l("report.private")) }
        if !report.categories.isEmpty { lines.append("") }
        for line in report.categories {
            guard line.baseMinor > 0 else {
                // Only foreign money with no rate yet: show it in its own currency, no share.
                lines.append(l("report.category.foreign", [
                    "name": .text(l.categoryName(line.category).htmlEscaped), "amounts": .text(list(line.foreign + line.unconverted)),
                    "count": .number(line.entryCount),
                ]))
                continue
            }
            lines.append(l("report.category", [
                "name": .text(l.categoryName(line.category).htmlEscaped), "amount": .text(money(line.baseMinor, base)),
                "share": .text(sharePercent(line.share)), "count": .number(line.entryCount),
            ]))
            lines += foreignLines(converted: line.foreign, unconverted: line.unconverted)
            let bar = Bar.render(line.share)
            if !bar.isEmpty { lines.append(bar) }
        }
        if report.members.count > 1 {
            let spenders = report.members.map {
                l("report.member", ["name": .text($0.name.htmlEscaped), "amount": .text(money($0.spentMinor, base))])
            }
            lines += ["", l("report.members", ["list": .text(spenders.joined(separator: " · "))])]
        }
        if !report.largest.isEmpty {
            lines += ["", l("report.largest")]
            for entry in report.largest {
                let note = (entry.note.isEmpty ? l.categoryName(entry.category) : entry.note).htmlEscaped
                lines.append(l("report.largest.line", [
                    "note": .text(note), "amount": .text(l.money(entry.amount)), "date": .text(l.dayAndMonth(entry.date)),
                ]))
            }
        }
        lines.append("")
        if let change = report.changePercent, change != 0 {  // No arrow for no change.
            let direction = MessageArgument.text(change >= 0 ? "up" : "down"), percent = MessageArgument.text(signedPercent(change))
            if let day = report.changeThroughDay {
                lines.append(l("report.change.same_days", ["direction": direction, "percent": percent,
                                                            "period": .text(daysOfMonth(through: day, report.month.previous))]))
            } else {
                lines.append(l("report.change", ["direction": direction, "percent": percent]))
            }
        }
        // Averages and forecasts are estimates: whole units read better than false precision.
        // …except below one unit, where rounding would say a false zero.
        let average = report.dailyAverageMinor
        let shownAverage = average.magnitude < base.minorUnitsPerMajor.magnitude ? average : try whole(average, base)
        lines.append(l("report.average", ["amount": .text(money(shownAverage, base))]))
        if let forecast = report.forecastMinor {
            lines.append(l(report.forecastBasis == .usualMonths ? "report.forecast.usual" : "report.forecast",
                           ["amount": .text(money(try whole(forecast, base), base))]))
        } else if let from = report.forecastFrom {
            lines.append(l("report.forecast.later", ["date": .text(l.dayAndMonth(from))]))
        }
        if let due = stillDue(report.dueMinor, count: report.dueCount, base: base) { lines.append(due) }
        if !report.unconverted.isEmpty {
            let currency = report.unconverted[0].currency
            lines += ["", l("report.unconverted", ["amounts": .text(report.unconverted.map { l.money($0) }.joined(separator: ", ")),
                                                    "currency": .text(currency.code.lowercased()),
                                                    "rate": .text(typicalRate(of: currency, in: base))])]
        }
        if !report.budgets.isEmpty {
            lines += ["", l("report.budgets")] + report.budgets.map { budgetLine($0, base: base) }
        }
        return lines.joined(separator: "\n")
    }

    public func render(_ report: YearReport) -> String {
        let base = report.baseCurrency
        let title = l("report.year.title", ["year": .text(String(report.year))])
        guard !report.isTooLarge else { return tooLarge(title) }
        var lines = [l("report.title", ["title": .text(title)])]
        guard !report.months.isEmpty else {
            return (lines + [l(report.isPast ? "report.empty.past" : "report.empty", ["title": .text(title)])]).joined(separator: "\n")
        }
        let largest = report.months.map(\.spentMinor).max() ?? 1
        for month in report.months {
            lines.append(l("report.year.line", [
                "month": .text(l("month.nominative.\(month.month.month)")),
                "spent": .text(money(month.spentMinor, base)), "income": .text(money(month.incomeMinor, base)),
            ]))
            lines.append(Bar.render(largest > 0 ? Double(month.spentMinor) / Double(largest) : 0))
        }
        lines += ["", l("report.year.total", [
            "spent": .text(money(report.spentMinor, base)), "income": .text(money(report.incomeMinor, base)),
        ])]
        return lines.joined(separator: "\n")
    }

    /// A typical rate of `currency` in `base` as `/rate` reads it (`48`, `0,31`, no group
    /// spaces): every "set a rate, e.g." shows one that fits the currency it asks about.
    public func typicalRate(of currency: Currency, in base: Currency) -> String {
        l.number(DecimalNumber(micros: LedgerConversion.plausibleRange(of: currency, in: base).typicalMicros)).replacing("\u{A0}", with: "")
    }

    /// `Ще до сплати цього місяця: 17 800 ₴ (3 платежі)`; nil when nothing recurring is due.
    public func stillDue(_ minor: Int64, count: Int, base: Currency) -> String? {
        guard count > 0 else { return nil }
        return l(minor > 0 ? "report.still_due" : "report.still_due.count", ["amount": .text(money(minor, base)), "count": .number(count)])
    }

    /// `/budget` with no arguments: every budget with its bar and what is left.
    public func render(budgets: [BudgetStatus], baseCurrency: Currency, month: YearMonth) -> String {
        guard !budgets.isEmpty else { return l("budget.none") }
        let title = l.monthTitle(year: month.year, month: month.month)
        return ([l("budget.title", ["title": .text(title)])] + budgets.map { budgetLine($0, base: baseCurrency) })
            .joined(separator: "\n")
    }

    /// `Кафе: 1 766 ₴ з 3 000 ₴` / bar / `залишилось 1 234 ₴ · 137 ₴ на день · 9 днів`.
    public func budgetLine(_ status: BudgetStatus, base: Currency) -> String {
        let head = l("budget.line", [
            "name": .text(budgetName(status.category)), "spent": .text(money(status.spentMinor, base)),
            "limit": .text(money(status.limitMinor, base)),
        ])
        let tail: String
        if status.isOver {
            tail = l("budget.over", ["over": .text(money(-status.leftMinor, base))])  // See `leftMinor`: it fits.
        } else if let daily = status.dailyAllowanceMinor {
            // Whole units, rounded down: never suggest a kopiyka more than is there. Below one
            // unit, kopiykas: "0 ₴ a day" would be a false zero; below one kopiyka, no daily figure.
            let wholeDaily = daily >= base.minorUnitsPerMajor ? daily - daily % base.minorUnitsPerMajor : daily
            tail = l(wholeDaily > 0 ? "budget.left" : "budget.left.no_daily",
                     ["left": .text(money(status.leftMinor, base)), "daily": .text(money(wholeDaily, base)), "days": .number(status.daysLeft)])
        } else {
            tail = l("budget.left.month_over", ["left": .text(money(status.leftMinor, base))])
        }
        return head + "\n" + Bar.render(status.fraction) + " " + tail
    }

    /// An alert when a budget passes a threshold.
    public func alert(_ status: BudgetStatus, threshold: Int, base: Currency) -> String {
        l((threshold >= 100 ? "budget.alert.100" : "budget.alert.80") + (status.category == nil ? ".total" : ""), [
            "name": .text(budgetName(status.category)), "percent": .number(status.percentSpent),
            "spent": .text(money(status.spentMinor, base)), "limit": .text(money(status.limitMinor, base)),
        ])
    }

    /// The budget's name as HTML: a category's name is text (`Phone & internet`).
    public func budgetName(_ category: CategoryKey?) -> String {
        category.map { l.categoryName($0).htmlEscaped } ?? l("budget.total")
    }

    /// `у тому числі 20 $` for foreign money in the figure above it, and `+ 15 € без курсу
    /// (не враховано)` for foreign money in none: the two are never said in one breath.
    public func foreignLines(converted: [Money], unconverted: [Money]) -> [String] {
        var lines: [String] = []
        if !converted.isEmpty { lines.append(l("report.foreign", ["amounts": .text(list(converted))])) }
        if !unconverted.isEmpty { lines.append(l("report.foreign.unconverted", ["amounts": .text(list(unconverted))])) }
        return lines
    }

    private func list(_ amounts: [Money]) -> String {
        amounts.map { l.money($0) }.joined(separator: ", ")
    }

    /// `1–23 жовтня`, `October 1–23`; `1 жовтня` for one day.
    private func daysOfMonth(through day: Int, _ month: YearMonth) -> String {
        guard day > 1 else { return l.dayAndMonth(month.firstDay) }
        return l("date.day_range", ["first": .text("1"), "last": .text(String(day)),
                                    "month": .text(l("month.genitive.\(month.month)"))])
    }

    /// Rounded half up to whole major units.
    private func whole(_ minor: Int64, _ currency: Currency) throws(MoneyOverflow) -> Int64 {
        try CheckedMinor.rounded(minor, toMultipleOf: currency.minorUnitsPerMajor)
    }

    /// A category's share in whole percent; `<1` (HTML) for a share that rounds to a false zero.
    private func sharePercent(_ share: Double) -> String {
        let percent = Int((share * 100).rounded())
        return percent == 0 && share > 0 ? "&lt;1" : l.number(percent)
    }

    private func signed(_ minor: Int64, _ currency: Currency) -> String {
        minor > 0 ? "+" + money(minor, currency) : money(minor, currency)
    }

    private func signedPercent(_ percent: Int) -> String {
        // The hyphen-minus, as CLDR and our money have it: one minus everywhere.
        percent > 0 ? "+\(l.number(percent))" : percent < 0 ? "-\(l.number(-percent))" : "0"
    }
}
