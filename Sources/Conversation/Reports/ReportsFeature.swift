import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// Reports and budgets: `/report` for a month or a year, `/budget` with the alerts that follow
/// new entries, and `/rate` for the exchange rates entries in other currencies are counted by.
struct ReportsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("report", section: .reports, helpRank: 10, menuRank: 1, aliases: ["zvit", "otchet"],
                     words: ["звіт", "звіти", "отчет", "отчеты", "report", "reports"],
                     wordArguments: .readable { argument, today, catalog in
                         ReportPeriod.parse(argument, today: today, catalog: catalog) != nil
                     }) { call in
            let reports = ReportsFeature(call.context)
            let viewer = reports.viewer(in: call.message.chat, call.member)
            let report = try reports.report(call.argument, member: call.member, household: call.household, shownTo: viewer)
            var text = report.text
            // Statement rows that wait for this member: the figures may change once they decide.
            let waiting = try reports.ledger.statements.waitingCount(memberID: call.member.id)
            if viewer == .member(call.member.id), waiting > 0 {
                text += "\n\n" + reports.localizer(call.member)("report.statement_waiting", ["count": .number(waiting)])
            }
            try call.reply(text)
            if let chart = report.chart { try call.reply.send(chart) }
        },
        KnownCommand("budget", section: .reports, helpRank: 20, menuRank: 2, aliases: ["biudzhet"],
                     words: ["бюджет", "бюджети", "бюджеты", "budget", "budgets"]) { call in
            let reports = ReportsFeature(call.context)
            let viewer = reports.viewer(in: call.message.chat, call.member)
            try call.reply(try reports.budget(call.argument, member: call.member, household: call.household, shownTo: viewer))
            if call.argument.isEmpty, let chart = try reports.budgetChart(household: call.household, shownTo: viewer,
                                                                           reports.localizer(call.member)) {
                try call.reply.send(chart)
            }
        },
        KnownCommand("rate", section: .entries, helpRank: 80, menuRank: 12, words: ["курс", "курси", "курсы", "rate", "rates"]) { call in
            try call.reply(try ReportsFeature(call.context).rate(call.argument, member: call.member, household: call.household))
        },
    ]
}
