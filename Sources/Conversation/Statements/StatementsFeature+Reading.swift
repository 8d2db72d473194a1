import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension StatementsFeature {
    /// Looked at every second: a fetched file is read as soon as it is there.
    static let jobs = JobSource(name: "statements", every: .seconds(1), drains: true) { context in
        try StatementsFeature(context).readJobs()
    }

    /// The oldest fetched file's next slice, as a job: `rowsPerSlice` rows in one transaction
    /// with the progress they make, so other chats' updates are answered between slices, and
    /// a crash leaves the file fetched, its slices before kept, for a restart to go on from.
    /// A slice that keeps failing gives the file up as damaged (its slices before stay). None
    /// while the file waits to be parsed apart (`settings.parsesStatementsApart`): the
    /// scheduler, which asks again while jobs end, would spin on it.
    func readJobs() throws -> [ScheduledJob] {
        guard let next = try ledger.statements.imports(in: .fetched, limit: 1).first,
              !settings.parsesStatementsApart || context.statementReading.reading(of: next.id) != nil else { return [] }
        return [ScheduledJob(key: AttemptKey(kind: "statement", subject: next.id),
                             perform: { try self.read(next) }, giveUp: { try self.fail(next, problem: "damaged") })]
    }

    /// The file the job reads next, when it is not parsed yet: for a caller that parses it
    /// away from the bot's thread (`settings.parsesStatementsApart`) and hands the reading
    /// back with `keep`. Cost: one row read, and the file's bytes.
    func fileToParse() throws -> StatementFile? {
        guard let next = try ledger.statements.imports(in: .fetched, limit: 1).first,
              context.statementReading.reading(of: next.id) == nil,
              let data = try ledger.statements.fetchedData(next.id) else { return nil }
        return StatementFile(importID: next.id, fileName: next.fileName, data: data, now: clock.now())
    }

    /// Reads the next slice of a fetched file into facts; after the last, answers with what
    /// the whole file held. Cost: the file is parsed once while the process lives, here
    /// unless `settings.parsesStatementsApart` (then the job waits for `keep`).
    func read(_ statementImport: StatementImport) throws {
        let cache = context.statementReading
        let cached = cache.reading(of: statementImport.id)
        guard cached != nil || !settings.parsesStatementsApart else { return }
        let data = cached == nil ? try ledger.statements.fetchedData(statementImport.id) : nil
        guard cached != nil || data != nil else { return }  // Read before a restart.
        guard let member = try ledger.families.member(id: statementImport.memberID),
              member.householdID == statementImport.householdID else {
            cache.forget()
            try ledger.statements.finishImport(statementImport.id, problem: "left")  // Nobody of that family to tell.
            return
        }
        let reading = cached ?? StatementReading(StatementFile(importID: statementImport.id, fileName: statementImport.fileName,
                                                                 data: data ?? [], now: clock.now()))
        let accepted = cached != nil && cache.accepted
        cache.forget()
        if !accepted {
            // The day's limit and what the reader found decide whether the file is read.
            let used = try ledger.statements.rowsRead(memberID: member.id, since: clock.now().addingTimeInterval(-86_400))
            let daily: [String: MessageArgument] = ["limit": .number(Self.dailyRows)]
            guard used < Self.dailyRows else { return try fail(statementImport, problem: "daily_limit", daily) }
            switch reading.outcome {
            case .failure(.tooManyRows(let limit)):
                return try fail(statementImport, problem: "too_many_rows", ["limit": .number(limit)], rows: limit + 1)
            case .failure(let problem):
                return try fail(statementImport, problem: Self.key(problem))
            case .success(let statement) where used + statement.facts.count > Self.dailyRows:
                return try fail(statementImport, problem: "daily_limit", daily, rows: statement.facts.count)
            case .success:
                break
            }
        }
        cache.keep(reading, accepted: true)
        guard case .success(let statement) = reading.outcome else { return try fail(statementImport, problem: "damaged") }
        try readSlice(of: statement, roles: reading.roles, statementImport: statementImport, member: member)
    }

    /// Takes the rows after the import's progress, `rowsPerSlice` at most; the last slice
    /// ends the import, sends its summary, and tells the family and the budgets.
    private func readSlice(of statement: Statement, roles: [FactRole], statementImport: StatementImport, member: Member) throws {
        let facts = statement.facts
        var progress = try ledger.statements.progress(statementImport.id)
        let start = min(max(progress.nextRow, 0), facts.count)
        let slice = start..<min(start + Self.rowsPerSlice, facts.count)
        progress.add(try take(Array(facts[slice]), roles: Array(roles[slice]), member: member,
                              importID: statementImport.id).tally)
        progress.nextRow = slice.upperBound
        guard slice.upperBound == facts.count else { return try ledger.statements.saveProgress(statementImport.id, progress) }
        context.statementReading.forget()
        try ledger.statements.finishImport(statementImport.id, rows: facts.count)
        try say(summary(StatementTally(progress), statement: statement, l: localizer(member)), about: statementImport)
        // The file's new entries reach the family in one post, and the budgets they pushed.
        let entries = try ledger.statements.recordedEntryIDs(importID: statementImport.id).compactMap { try ledger.entries.entry(id: $0) }
        guard !entries.isEmpty else { return }
        let household = try household(of: member)
        try FamilyBroadcaster(family: FamilyFeature(context)).postBank(entries, source: .statement, by: member, household: household)
        try ReportsFeature(context).announceBudgets(after: entries, member: member, household: household)
    }

    /// The message key's last part for a problem the reader found.
    static func key(_ problem: StatementProblem) -> String {
        switch problem {
        case .notAStatement: "not_a_statement"
        case .oldExcelFormat: "old_excel"
        case .damaged: "damaged"
        case .empty: "empty"
        case .unreadable(let rows) where rows.allSatisfy({ $0.reason == .outOfRange }): "out_of_range"
        case .unreadable: "unreadable"
        case .tooLarge: "too_large"
        case .tooManyRows: "too_many_rows"
        }
    }
}
