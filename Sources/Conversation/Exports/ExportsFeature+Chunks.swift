import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

extension ExportsFeature {
    /// Rows per export chunk: each chunk is one transaction and one progress edit.
    static let exportChunk = 2_000

    /// Whether an export may still go where it was asked for: the member who asked is still in
    /// the household, and a group it was asked in is still its family chat, not paused. An
    /// export of a large household takes many steps, and a member can be removed between them.
    func exportMayReach(_ job: ExportJob, member: Member) throws -> Bool {
        guard member.householdID == job.householdID, let household = try ledger.families.household(id: job.householdID) else { return false }
        return try job.chatID == member.telegramUserID || job.chatID == FamilyFeature(context).feedChat(of: household)
    }

    /// The next chunk of the oldest unfinished export, as a job: each chunk is one transaction,
    /// so the progress message is edited while a large export runs; the last sends the file.
    func exportJobs() throws -> [ScheduledJob] {
        guard let job = try ledger.jobs.unfinishedExports().first else { return [] }
        return [ScheduledJob(key: AttemptKey(kind: "export", subject: job.id),
                             perform: { try self.exportStep(job) }, giveUp: { try self.abandonExport(job) })]
    }

    /// Makes one chunk of the oldest unfinished export, without the attempt rule (the console
    /// and tests); true while more work remains.
    func runExportStep() throws -> Bool {
        guard let job = try exportJobs().first else { return false }
        try job.perform()
        return try !ledger.jobs.unfinishedExports().isEmpty
    }

    func exportStep(_ job: ExportJob) throws {
        guard let member = try ledger.families.member(id: job.memberID) else {
            _ = try ledger.jobs.finishExport(job)  // Nobody to send it to; finished, so it is not listed again.
            return
        }
        let l = localizer(member)
        guard try exportMayReach(job, member: member) else {
            _ = try ledger.jobs.finishExport(job)  // Its rows so far are dropped with it.
            if let progress = job.progressOutboxID, job.chatID == member.telegramUserID {
                try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: progress, html: l("export.cancelled")), chatID: job.chatID)
            }
            return
        }
        let viewer: Viewer = job.chatID == member.telegramUserID ? .member(member.id) : .group  // As `export` counted.
        let entries = try ledger.jobs.nextExportEntries(job, limit: Self.exportChunk, shownTo: viewer)
        if let last = entries.last {
            let names = try ledger.families.memberNames(householdID: job.householdID)
            let base = try ledger.families.household(id: job.householdID)?.baseCurrency ?? .uah
            try ledger.jobs.appendExport(job, csv: CSVExport.rows(entries, memberNames: names, baseCurrency: base, l),
                                    through: last, rows: entries.count)
            if let progress = job.progressOutboxID {
                try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: progress,
                                         html: l("export.progress", ["done": .number(job.rowsDone + entries.count), "total": .number(job.rowsTotal)])),
                                   chatID: job.chatID)
            }
            return
        }
        let data = try ledger.jobs.finishExport(job)
        try ledger.outbox.enqueue(.document(fileName: exportFileName(job.days), data: data,
                                     caption: l("export.caption", ["count": .number(job.rowsDone)])),
                           chatID: job.chatID, threadID: job.threadID)
        if let progress = job.progressOutboxID {
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: progress, html: l("export.done", ["count": .number(job.rowsDone)])),
                               chatID: job.chatID)
        }
    }

    /// An export that kept failing: finished empty, and its progress message says so.
    func abandonExport(_ job: ExportJob) throws {
        _ = try ledger.jobs.finishExport(job)
        guard let member = try ledger.families.member(id: job.memberID) else { return }
        let text = localizer(member)("export.failed")
        if let progress = job.progressOutboxID {
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: progress, html: text), chatID: job.chatID)
        } else {
            try ledger.outbox.enqueue(.message(html: text), chatID: job.chatID, threadID: job.threadID)
        }
    }

    /// `kopiyka-2026-11.csv`, `kopiyka-2026.csv`, `kopiyka-2000-2027.csv`.
    func exportFileName(_ days: ClosedRange<LocalDate>) -> String {
        let first = days.lowerBound, last = days.upperBound
        if first.day == 1, YearMonth(first) == YearMonth(last), last == YearMonth(first).lastDay || last.month == first.month {
            return "kopiyka-\(YearMonth(first).iso).csv"
        }
        if first.month == 1, first.day == 1, last.year == first.year { return "kopiyka-\(first.year).csv" }
        if first.month == 1, first.day == 1, last.month == 12, last.day == 31 { return "kopiyka-\(first.year)-\(last.year).csv" }
        return "kopiyka-\(first.iso)-\(last.iso).csv"
    }
}
