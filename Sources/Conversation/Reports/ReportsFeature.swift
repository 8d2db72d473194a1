import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// Reports: `/report` for a month or a year, with its chart and insights, the answers to
/// questions about the figures, and `/rate` for the exchange rates entries in other currencies
/// are counted by. Budgets have their own room (`BudgetsFeature`).
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
            try call.reply(report.text + (try reports.waitingLine(call.member, shownTo: viewer)))
            if let chart = report.chart { try call.reply.send(chart) }
        },
        KnownCommand("rate", section: .entries, helpRank: 80, menuRank: 12, words: ["курс", "курси", "курсы", "rate", "rates"]) { call in
            try call.reply(try ReportsFeature(call.context).rate(call.argument, member: call.member, household: call.household))
        },
    ]
}

extension ReportsFeature {
    /// Bank rows that wait for this member count nowhere until they decide: the figures they
    /// read in private say so (`⏳ …: /review`), or nothing. One count of the member's waiting rows.
    func waitingLine(_ member: Member, shownTo viewer: Viewer) throws -> String {
        guard viewer == .member(member.id) else { return "" }
        let waiting = try ledger.statements.waitingCount(memberID: member.id)
        return waiting > 0 ? "\n\n" + localizer(member)("report.statement_waiting", ["count": .number(waiting)]) : ""
    }
}
