import EntryParsing
import KopiykaCore
import Ledger
import Localization
import Reports

extension ReportsFeature {
    /// Words with no amount that ask about the family's figures (`скільки витратили на кафе?`).
    static let questionClaim = MessageClaim("reports.question", on: [.entryText]) { call in
        guard case .failure(let failure) = try call.parsed(), [.noAmount, .question].contains(failure) else { return false }
        let reports = ReportsFeature(call.context)
        return try reports.answerQuestion(call.text, member: call.member, household: try call.household(),
                                          shownTo: reports.viewer(in: call.message.chat, call.member), reply: call.reply)
    }

    /// Answers a question about the family's figures (`скільки витратили на кафе цього
    /// місяця?`) from what `/report` shows `viewer`: a month's total as its report counts it
    /// (private entries of others in the total only), a category as the report's line, the
    /// days of `сьогодні`/`вчора`/`цього тижня` from the entries `viewer` may see. False, with
    /// nothing sent, when `text` asks no such question.
    /// Cost: one month's report, or one read of at most a week's entries.
    func answerQuestion(_ text: String, member: Member, household: Household, shownTo viewer: Viewer,
                        reply: Replier) throws -> Bool {
        let today = today(of: household)
        guard let question = parser.figureQuestion(text, today: today) else { return false }
        let l = localizer(member)
        let base = household.baseCurrency
        var figure: (minor: Int64, count: Int)
        switch question.period {
        case .month(let month):
            let report = try monthlyReport(month, household: household, today: today, shownTo: viewer)
            guard !report.isTooLarge else {
                try reply(l("report.too_large"))
                return true
            }
            if question.flow == .received {
                figure = (report.incomeMinor, 0)
            } else if let category = question.category {
                let line = report.categories.first { $0.category == category }
                figure = (line?.baseMinor ?? 0, line?.entryCount ?? 0)
            } else {
                figure = (report.spentMinor, report.expenseCount)
            }
        case .today, .yesterday, .thisWeek:
            let entries = try ledger.entries.list(householdID: household.id, dates: question.period.dates(today: today))
                .filter { entry in entry.kind == .expense && viewer.sees(entry) && question.category.map { entry.category == $0 } ?? true }
            do {
                figure = (try entries.compactMap(\.baseMinor).checkedSum(), entries.count)
            } catch {
                try reply(l("report.too_large"))
                return true
            }
        }
        let amount = l.money(Money(minorUnits: figure.minor, currency: base))
        let period = periodPhrase(question.period, today: today, l)
        var lines: [String]
        switch (question.flow, question.category) {
        case (.received, _):
            lines = [l("figures.received", ["period": .text(period), "amount": .text(amount)])]
        case (.spent, let category?):
            lines = [l("figures.spent.category", [
                "category": .text(l.categoryName(category).htmlEscaped), "period": .text(period),
                "amount": .text(amount), "count": .number(figure.count),
            ])]
        case (.spent, nil):
            lines = [l("figures.spent", ["period": .text(period), "amount": .text(amount), "count": .number(figure.count)])]
        }
        if case .month(let month) = question.period {
            let command = month == YearMonth(today) ? "/report" : "/report \(month.year)-\(month.month < 10 ? "0" : "")\(month.month)"
            lines.append(l("figures.more", ["command": .text(command)]))
        }
        try reply(lines.joined(separator: "\n"))
        return true
    }

    /// `за грудень`, `за листопад 2025`, `in December`: a month names its year when it is not this one.
    private func periodPhrase(_ period: FigureQuestion.Period, today: LocalDate, _ l: Localizer) -> String {
        switch period {
        case .month(let month):
            let name = l("month.nominative.\(month.month)")
            let named = ["month": MessageArgument.text(l.language == .en ? name : name.lowercased()), "year": .text(String(month.year))]
            return month.year == today.year ? l("figures.period.month", named) : l("figures.period.month_year", named)
        case .today: return l("figures.period.today")
        case .yesterday: return l("figures.period.yesterday")
        case .thisWeek: return l("figures.period.week")
        }
    }
}
