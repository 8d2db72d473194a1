import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// Budgets: `/budget` lists the month's limits with what is left (and a chart of the month so
/// far), sets or removes one; an alert follows the entries that push a budget past 80 % or
/// 100 % of its limit, once per threshold, month and audience (`announce(after:)`).
struct BudgetsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("budget", section: .reports, helpRank: 20, menuRank: 2, aliases: ["biudzhet"],
                     words: ["бюджет", "бюджети", "бюджеты", "budget", "budgets"]) { call in
            let budgets = BudgetsFeature(call.context)
            let viewer = budgets.viewer(in: call.message.chat, call.member)
            let text = try budgets.budget(call.argument, member: call.member, household: call.household, shownTo: viewer)
            let waiting = call.argument.isEmpty ? try ReportsFeature(call.context).waitingLine(call.member, shownTo: viewer) : ""
            try call.reply(text + waiting)
            if call.argument.isEmpty, let chart = try budgets.chart(household: call.household, shownTo: viewer,
                                                                    budgets.localizer(call.member)) {
                try call.reply.send(chart)
            }
        },
    ]

    /// A month's budgets with what `viewer` may see spent against each: the month's totals
    /// and its few private entries (see `ReportBuilder.budgetStatuses`).
    func statuses(_ household: Household, month: YearMonth, today: LocalDate, shownTo viewer: Viewer) throws -> [BudgetStatus] {
        try ReportBuilder.budgetStatuses(from: ledger, household: household, month: month, today: today, shownTo: viewer)
    }
}
