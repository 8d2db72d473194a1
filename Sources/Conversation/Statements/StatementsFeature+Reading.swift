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
    /// A slice that keeps failing gives the file up as damaged (its slices before stay).
    func readJobs() throws -> [ScheduledJob] {
        guard let next = try ledger.statements.imports(in: .fetched, limit: 1).first else { return [] }
        return [ScheduledJob(key: AttemptKey(kind: "statement", subject: next.id),
                             perform: { try self.read(next) }, giveUp: { try self.fail(next, problem: "damaged") })]
    }

    /// Reads the next slice of a fetched file into facts; after the last, answers with what
    /// the whole file held. Cost: the file is parsed once while the process lives.
    func read(_ statementImport: StatementImport) throws {
        let cache = context.statementReading
        let cached = cache.reading(of: statementImport.id)
        let data = cached == nil ? try ledger.statements.fetchedData(statementImport.id) : nil
        guard cached != nil || data != nil else { return }  // Read before a restart.
        guard let member = try ledger.families.member(id: statementImport.memberID),
              member.householdID == statementImport.householdID else {
            try ledger.statements.finishImport(statementImport.id, problem: "left")  // Nobody of that family to tell.
            return
        }
        let reading: StatementReading
        if let cached {
            reading = cached
        } else {
            let used = try ledger.statements.rowsRead(memberID: member.id, since: clock.now().addingTimeInterval(-86_400))
            let daily: [String: MessageArgument] = ["limit": .number(Self.dailyRows)]
            guard used < Self.dailyRows else { return try fail(statementImport, problem: "daily_limit", daily) }
            switch StatementReader.read(data ?? [], fileName: statementImport.fileName, now: clock.now()) {
            case .failure(.tooManyRows(let limit)):
                return try fail(statementImport, problem: "too_many_rows", ["limit": .number(limit)], rows: limit + 1)
            case .failure(let problem):
                return try fail(statementImport, problem: Self.key(problem))
            case .success(let statement) where used + statement.facts.count > Self.dailyRows:
                return try fail(statementImport, problem: "daily_limit", daily, rows: statement.facts.count)
            case .success(let statement):
                reading = StatementReading(importID: statementImport.id, statement: statement,
                                           roles: FactRoles.classify(statement.facts))
                cache.keep(reading)
            }
        }
        try readSlice(of: reading, statementImport: statementImport, member: member)
    }

    /// Takes the rows after the import's progress, `rowsPerSlice` at most; the last slice
    /// ends the import, sends its summary, and tells the family and the budgets.
    private func readSlice(of reading: StatementReading, statementImport: StatementImport, member: Member) throws {
        let facts = reading.statement.facts
        var progress = try ledger.statements.progress(statementImport.id)
        let start = min(max(progress.nextRow, 0), facts.count)
        let slice = start..<min(start + Self.rowsPerSlice, facts.count)
        progress.add(try take(Array(facts[slice]), roles: Array(reading.roles[slice]), member: member,
                              importID: statementImport.id).tally)
        progress.nextRow = slice.upperBound
        guard slice.upperBound == facts.count else { return try ledger.statements.saveProgress(statementImport.id, progress) }
        context.statementReading.forget()
        try ledger.statements.finishImport(statementImport.id, rows: facts.count)
        try say(summary(StatementTally(progress), statement: reading.statement, l: localizer(member)), about: statementImport)
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
