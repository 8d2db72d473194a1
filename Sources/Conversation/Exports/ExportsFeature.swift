import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// CSV exports: `/export` starts one, and a job makes it chunk by chunk, editing a progress
/// message, then sends the file.
struct ExportsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("export", section: .entries, helpRank: 90, menuRank: 7, words: ["експорт", "экспорт", "export"],
                     wordArguments: .readable { argument, today, catalog in
                         ExportsFeature.days(argument.lowercased(), today: today, catalog: catalog) != nil
                     }) { call in
            try ExportsFeature(call.context).export(call.argument, member: call.member, reply: call.reply)
        },
    ]

    /// Looked at every second: a chunk is made as soon as the one before it is done.
    static let jobs = JobSource(name: "exports", every: .seconds(1), drains: true, inConsoleSchedule: false) { context in
        try ExportsFeature(context).exportJobs()
    }

    /// `/export [month|year|all|жовтень|2026-10|2026]`: starts a CSV export; `runExportStep`
    /// makes it in chunks, editing a progress message, and sends the file.
    func export(_ argument: String, member: Member, reply: Replier) throws {
        // Everything is the family archive: every table, not only entries.
        if Self.everything.contains(argument.lowercased()) { return try ArchiveFeature(context).export(member: member, reply: reply) }
        let l = localizer(member)
        let household = try household(of: member)
        let today = today(of: household)
        guard let days = Self.days(argument.lowercased(), today: today, catalog: catalog) else {
            try reply(l("export.usage"))
            return
        }
        // A file for the group, or for another member, holds no one else's private entries.
        let viewer = viewer(in: reply.chat, member)
        let total = try ledger.entries.count(householdID: household.id, dates: days, shownTo: viewer)
        guard total > 0 else {
            try reply(l("export.empty"))
            return
        }
        let progress = try reply(l("export.progress", ["done": .number(0), "total": .number(total)]))
        try ledger.jobs.createExport(member: member, chatID: reply.chat.id, threadID: reply.chat.threadID, days: days,
                                progressOutboxID: progress, header: CSVExport.header(l, baseCurrency: household.baseCurrency),
                                shownTo: viewer)
    }


    /// `/export all`: the family archive (`ArchiveFeature`).
    static let everything: Set<String> = ["all", "все", "усе", "всё"]

    /// Whole months and years, as `/report` counts them: entries may be dated up to a year ahead.
    static func days(_ argument: String, today: LocalDate, catalog: Catalog) -> ClosedRange<LocalDate>? {
        switch argument {
        case "", "month", "місяць", "месяц": return YearMonth(today).days
        case "year", "рік", "год": return LocalDate(year: today.year, month: 1, day: 1)!...LocalDate(year: today.year, month: 12, day: 31)!
        case _ where everything.contains(argument):
            let last = ReportPeriod.years(today: today).upperBound
            return LocalDate(year: 2000, month: 1, day: 1)!...LocalDate(year: last, month: 12, day: 31)!
        default:
            switch ReportPeriod.parse(argument, today: today, catalog: catalog) {
            case .month(let month)?: return month.days
            case .year(let year)?: return LocalDate(year: year, month: 1, day: 1)!...LocalDate(year: year, month: 12, day: 31)!
            case nil: return nil
            }
        }
    }
}
