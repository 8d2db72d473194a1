import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// `/report`: a month or a year, in text.
extension ReportsFeature {
    /// The report's text, and its chart when there is anything to draw.
    func report(_ argument: String, member: Member, household: Household,
                shownTo viewer: Viewer) throws -> (text: String, chart: OutboxContent?) {
        let l = localizer(member)
        let today = today(of: household)
        switch ReportPeriod.read(argument, today: today, catalog: catalog) {
        case .success(.month(let month)):
            let report = try monthlyReport(month, household: household, today: today, shownTo: viewer)
            return (withInsights(ReportRenderer(l).render(report), month: month, household: household, shownTo: viewer, l),
                    chart(report, l))
        case .success(.year(let year)):
            // `read` gives years from 2000 on, so January and December exist.
            guard let first = YearMonth(year: year, month: 1), let last = YearMonth(year: year, month: 12) else {
                return (l("report.usage"), nil)
            }
            var report: YearReport
            do {
                report = ReportBuilder.yearly(year: year, baseCurrency: household.baseCurrency,
                                              totals: try ledger.entries.monthTotals(householdID: household.id, months: first...last))
            } catch is MoneyOverflow {
                return (ReportRenderer(l).tooLarge(l("report.year.title", ["year": .text(String(year))])), nil)
            }
            report.isPast = year < today.year
            return (ReportRenderer(l).render(report), chart(report, l))
        case .failure(.outOfRange):
            return (l("report.period_out_of_range", ["last": .text(String(ReportPeriod.years(today: today).upperBound))]), nil)
        case .failure(.notUnderstood):
            return (l("report.usage"), nil)
        }
    }

    func monthlyReport(_ month: YearMonth, household: Household, today: LocalDate, shownTo viewer: Viewer) throws -> MonthlyReport {
        try ReportBuilder.monthly(from: ledger, household: household, month: month, today: today, shownTo: viewer)
    }
}
