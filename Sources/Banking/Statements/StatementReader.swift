import FoundationEssentials
import KopiykaCore

/// Reads a bank statement file a member sent: recognises the bank by the file's content (its
/// name only tells an old `.xls` apart), then reads every row, up to `maximumRows`.
///
/// Pure and synchronous: no I/O, safe from any thread. Cost is linear in the file and stops
/// at row `maximumRows` + 1: a 10,000-row statement reads in tens of milliseconds
/// (`StatementBenchmark`). Nothing in the file can crash it: every byte index is
/// bounds-checked, sizes inside a ZIP, rows, cells and XML depth are capped.
public enum StatementReader {
    /// 20 MB, the largest file the Bot API lets a bot download; a month's statement is ~100 KB.
    public static let maximumFileBytes = 20 * 1024 * 1024

    /// Why 20,000 rows: a busy family card's year is a few thousand operations, and a
    /// statement is exported a month or a quarter at a time. Past it a file is refused whole
    /// (nothing of it is stored), read only as far as row 20,001: a 9 MB CSV of 300,000 rows
    /// cost ~450 MB and 31 s of the bot's only thread when every row became a fact first.
    public static let maximumRows = 20_000

    /// How many unread rows `.unreadable` quotes: enough to show the member a pattern.
    static let quotedUnreadRows = 5

    /// Kyiv, where both banks' clocks are. Read from the tz database once; should it be
    /// missing, statements are read as UTC.
    public static let kyiv: ZoneRules = ZoneRules(identifier: "Europe/Kyiv") ?? ZoneRules(identifier: "Europe/Kiev") ?? .utc

    public static func read(_ data: Data, fileName: String, zone: ZoneRules = kyiv, now: Date) -> Result<Statement, StatementProblem> {
        read([UInt8](data), fileName: fileName, zone: zone, now: now)
    }

    /// The statement in `bytes`, or what is wrong with them. `zone` is the banks' clock; `now`
    /// sets the last day a row may name (`BankBounds`): a row past the bounds is unread.
    public static func read(_ bytes: [UInt8], fileName: String, zone: ZoneRules = kyiv, now: Date) -> Result<Statement, StatementProblem> {
        guard bytes.count <= maximumFileBytes else { return .failure(.tooLarge(limit: maximumFileBytes)) }
        let name = fileName.lowercased()
        let bounds = BankBounds(now: now, zone: zone)
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return PrivatBankXLSX.read(bytes, zone: zone, bounds: bounds)
        }
        // The OLE container of Excel 97–2003, and of a password-protected XLSX.
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) || name.hasSuffix(".xls") {
            return .failure(.oldExcelFormat)
        }
        return readCSV(bytes, csvName: name.hasSuffix(".csv"), zone: zone, bounds: bounds)
    }

    private static func readCSV(_ bytes: [UInt8], csvName: Bool, zone: ZoneRules, bounds: BankBounds) -> Result<Statement, StatementProblem> {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let statement = readMonobankCSV(bytes, from: start, zone: zone, bounds: bounds) { return statement }
        guard String(validating: bytes[start...], as: UTF8.self) == nil else { return .failure(.notAStatement) }
        // Excel on a Ukrainian Windows saves a CSV in its code page: read as that, a Monobank
        // file re-saved is the original. Anything else not UTF-8 is told so, not "not a statement".
        if let statement = readMonobankCSV(Windows1251.utf8(bytes[start...]), from: 0, zone: zone, bounds: bounds) { return statement }
        return .failure(csvName ? .damaged(.encoding) : .notAStatement)
    }

    /// The statement in a Monobank CSV from `start`, or nil when its header is not Monobank's.
    private static func readMonobankCSV(_ bytes: [UInt8], from start: Int, zone: ZoneRules,
                                        bounds: BankBounds) -> Result<Statement, StatementProblem>? {
        let firstLine = bytes[start...].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        // Excel in a Ukrainian locale saves CSV with semicolons, and decimal commas.
        let semicolons = !firstLine.contains(UInt8(ascii: ",")) && firstLine.contains(UInt8(ascii: ";"))
        var rows = CSVRows(bytes, from: start, separator: semicolons ? UInt8(ascii: ";") : UInt8(ascii: ","))
        guard let header = rows.next(), var columns = MonobankCSV.columns(header.fields) else { return nil }
        columns.decimalComma = semicolons
        // The header and the rows: a 300,000-row file is refused by a pass over its bytes.
        guard !CSVRows.countsMore(than: maximumRows + 1, in: bytes, from: start) else { return .failure(.tooManyRows(limit: maximumRows)) }
        var facts: [BankFact] = [], unread: [UnreadRow] = []
        var records = 0
        for row in rows {
            // Blank lines count too, at twice the rows: 20 MB of line breaks is 20 million records.
            records += 1
            guard records <= 2 * maximumRows else { return .failure(.tooManyRows(limit: maximumRows)) }
            guard !row.fields.allSatisfy({ $0.trimmed.isEmpty }) else { continue }
            guard facts.count + unread.count < maximumRows else { return .failure(.tooManyRows(limit: maximumRows)) }
            switch MonobankCSV.fact(row, columns, zone: zone, bounds: bounds) {
            case .success(let fact): facts.append(fact)
            case .failure(let problem): unread.append(problem)
            }
        }
        return finish(Statement(bank: .monobank, accounts: [], period: nil, facts: facts, unreadRows: unread))
    }

    /// The statement, or `.empty` / `.unreadable` when it holds no fact.
    static func finish(_ statement: Statement) -> Result<Statement, StatementProblem> {
        guard statement.facts.isEmpty else { return .success(statement) }
        if statement.unreadRows.isEmpty { return .failure(.empty) }
        return .failure(.unreadable(Array(statement.unreadRows.prefix(quotedUnreadRows))))
    }
}
