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

    /// The oldest fetched file, as a job: read in one transaction, so a crash leaves it
    /// fetched and a restart reads it again; one that keeps failing is given up as damaged.
    func readJobs() throws -> [ScheduledJob] {
        guard let next = try ledger.statements.imports(in: .fetched, limit: 1).first else { return [] }
        return [ScheduledJob(key: AttemptKey(kind: "statement", subject: next.id),
                             perform: { try self.read(next) }, giveUp: { try self.fail(next, problem: "damaged") })]
    }

    /// Reads a fetched file into facts and answers with what it held.
    func read(_ statementImport: StatementImport) throws {
        guard let data = try ledger.statements.fetchedData(statementImport.id) else { return }  // Read before a restart.
        guard let member = try ledger.families.member(id: statementImport.memberID),
              member.householdID == statementImport.householdID else {
            try ledger.statements.finishImport(statementImport.id, problem: "left")  // Nobody of that family to tell.
            return
        }
        let used = try ledger.statements.rowsRead(memberID: member.id, since: clock.now().addingTimeInterval(-86_400))
        let daily: [String: MessageArgument] = ["limit": .number(Self.dailyRows)]
        guard used < Self.dailyRows else { return try fail(statementImport, problem: "daily_limit", daily) }
        switch StatementReader.read(data, fileName: statementImport.fileName) {
        case .failure(.tooManyRows(let limit)):
            try fail(statementImport, problem: "too_many_rows", ["limit": .number(limit)], rows: limit + 1)
        case .failure(let problem):
            try fail(statementImport, problem: Self.key(problem))
        case .success(let statement) where used + statement.facts.count > Self.dailyRows:
            try fail(statementImport, problem: "daily_limit", daily, rows: statement.facts.count)
        case .success(let statement):
            let tally = try take(statement.facts, member: member, importID: statementImport.id).tally
            try ledger.statements.finishImport(statementImport.id, rows: statement.facts.count)
            try say(summary(tally, statement: statement, l: localizer(member)), about: statementImport)
        }
    }

    /// The message key's last part for a problem the reader found.
    static func key(_ problem: StatementProblem) -> String {
        switch problem {
        case .notAStatement: "not_a_statement"
        case .oldExcelFormat: "old_excel"
        case .damaged: "damaged"
        case .empty: "empty"
        case .unreadable: "unreadable"
        case .tooLarge: "too_large"
        case .tooManyRows: "too_many_rows"
        }
    }
}
