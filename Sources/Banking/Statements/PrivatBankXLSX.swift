import KopiykaCore

/// PrivatBank's Privat24 export (layout in docs/banks.md): row 1 a title with the period,
/// row 2 the header, then one row per operation; currencies as words; the card amount
/// signed, the transaction amount not.
enum PrivatBankXLSX {
    static func read(_ bytes: [UInt8], zone: ZoneRules, bounds: BankBounds) -> Result<Statement, StatementProblem> {
        do throws(StatementProblem) {
            let archive = try ZipArchive(bytes)
            let sheets = archive.entries.map(\.name).filter { $0.hasPrefix("xl/worksheets/sheet") && $0.hasSuffix(".xml") }
            let first = sheets.contains("xl/worksheets/sheet1.xml") ? "xl/worksheets/sheet1.xml" : sheets.min()
            // A ZIP with no worksheet is some other document (DOCX, a photo archive).
            guard let first, let sheet = try archive.reader(of: first) else { return .failure(.notAStatement) }
            let shared = try archive.reader(of: "xl/sharedStrings.xml").map { part throws(StatementProblem) in
                try SheetXML.sharedStrings(XMLScanner(part))
            } ?? []
            return statement(try SheetXML.rows(XMLScanner(sheet), shared: shared), zone: zone, bounds: bounds)
        } catch {
            return .failure(error)
        }
    }

    static func statement(_ rows: [SheetRow], zone: ZoneRules, bounds: BankBounds) -> Result<Statement, StatementProblem> {
        // The header is row 2 in every export seen; looking a few rows down costs nothing.
        guard let headerIndex = rows.prefix(10).firstIndex(where: { Columns($0) != nil }),
              let columns = Columns(rows[headerIndex])
        else { return .failure(.notAStatement) }
        let period = rows[..<headerIndex].lazy.compactMap(period).first
        var facts: [BankFact] = [], unread: [UnreadRow] = [], accounts: [String] = []
        for row in rows[(headerIndex + 1)...] where row.cells.values.contains(where: { !$0.text.trimmedCell.isEmpty }) {
            guard facts.count + unread.count < StatementReader.maximumRows else {
                return .failure(.tooManyRows(limit: StatementReader.maximumRows))
            }
            switch fact(row, columns, zone: zone, bounds: bounds) {
            case .success(let fact):
                if !fact.account.isEmpty, !accounts.contains(fact.account) { accounts.append(fact.account) }
                facts.append(fact)
            case .failure(let problem):
                unread.append(problem)
            }
        }
        return StatementReader.finish(Statement(bank: .privatbank, accounts: accounts, period: period, facts: facts,
                                                unreadRows: unread))
    }

    struct Columns {
        var date: Int, cardAmount: Int, cardCurrency: Int
        var time: Int?, category: Int?, card: Int?, description: Int?, amount: Int?, currency: Int?
        var balance: Int?, balanceCurrency: Int?

        init?(_ row: SheetRow) {
            var names: [String: Int] = [:]
            for (column, cell) in row.cells { names[cell.text.trimmed.lowercased()] = column }
            guard let date = names["дата"], let cardAmount = names["сума в валюті картки"],
                  let cardCurrency = names["валюта картки"]
            else { return nil }
            (self.date, self.cardAmount, self.cardCurrency) = (date, cardAmount, cardCurrency)
            time = names["час"]
            category = names["категорія"]
            card = names["картка"]
            description = names["опис операції"]
            amount = names["сума в валюті транзакції"]
            currency = names["валюта транзакції"]
            balance = names["залишок на кінець періоду"]
            balanceCurrency = names["валюта залишку"]
        }
    }

    /// Rows outside `bounds` are `.outOfRange`, checked before the time is converted.
    static func fact(_ row: SheetRow, _ columns: Columns, zone: ZoneRules, bounds: BankBounds) -> Result<BankFact, UnreadRow> {
        func fail(_ reason: UnreadRow.Reason) -> Result<BankFact, UnreadRow> { .failure(UnreadRow(line: row.number, reason: reason)) }
        func cell(_ column: Int?) -> SheetCell? { column.flatMap { row.cells[$0] } }
        func text(_ column: Int?) -> String? { cell(column).map(\.text.trimmedCell).flatMap { $0.isEmpty ? nil : $0 } }
        guard let stamp = wallClock(cell(columns.date), time: cell(columns.time)) else { return fail(.date) }
        guard bounds.dates.contains(stamp.date) else { return fail(.outOfRange) }
        guard let currency = text(columns.cardCurrency).flatMap(currencyWord) else { return fail(.currency) }
        guard let amount = money(cell(columns.cardAmount), currency) else { return fail(.amount) }
        // The transaction amount is unsigned: it moves the way the card amount does.
        let operation = text(columns.currency).flatMap(currencyWord).flatMap { money(cell(columns.amount), $0) }
            .map { Money(minorUnits: amount.minorUnits < 0 ? -abs($0.minorUnits) : abs($0.minorUnits), currency: $0.currency) }
        let balance = money(cell(columns.balance), text(columns.balanceCurrency).flatMap(currencyWord) ?? currency)
        let fact = BankFact(
            bank: .privatbank, account: text(columns.card) ?? "", time: CellValues.instant(stamp.date, second: stamp.second, in: zone),
            amount: amount, operationAmount: operation, description: text(columns.description) ?? "",
            bankCategory: text(columns.category), balanceAfter: balance)
        return bounds.checked(fact).map { .success($0) } ?? fail(.outOfRange)
    }

    /// A date cell as text (`30.10.2026 19:12:00`) or as an Excel serial number, with the
    /// older layout's separate time cell when there is one.
    static func wallClock(_ date: SheetCell?, time: SheetCell?) -> (date: LocalDate, second: Int)? {
        var stamp: (date: LocalDate, second: Int)?
        switch date {
        case .text(let text)?: stamp = CellValues.wallClock(text.trimmed[...])
        case .number(let serial)?: stamp = CellValues.excelSerial(serial[...])
        case nil: return nil
        }
        switch time {
        case .text(let text)?:
            guard let second = CellValues.secondOfDay(text.trimmed[...]) else { return nil }
            stamp?.second = second
        case .number(let fraction)?:
            guard let micro = CellValues.scaled(fraction[...], digits: 6, rounding: true, exponent: true), (0..<1_000_000).contains(micro)
            else { return nil }
            stamp?.second = Int((micro * 86_400 + 500_000) / 1_000_000) % 86_400
        case nil: break
        }
        return stamp
    }

    /// A number cell (a double, rounded to the currency) or a text cell as people write it
    /// (`1 234,56`).
    static func money(_ cell: SheetCell?, _ currency: Currency) -> Money? {
        switch cell {
        case .number(let text)?:
            return CellValues.money(text[...], currency, rounding: true, exponent: true)
        case .text(let text)?:
            let plain = text.filter { !$0.isWhitespace }.replacing(",", with: ".")
            return CellValues.money(plain[...], currency)
        case nil:
            return nil
        }
    }

    /// `грн`, `дол`, `євро` (and a few more words and signs), or an ISO code.
    static func currencyWord(_ word: String) -> Currency? {
        let key = word.lowercased().trimming { $0 == "." || $0.isWhitespace }
        switch key {
        case "грн", "гривня", "₴": return .uah
        case "дол", "долар", "$": return .usd
        case "євро", "€": return .eur
        case "злотий", "зл": return .pln
        case "фунт", "£": return .gbp
        default: return Currency.iso(key)
        }
    }

    /// `01.10.2026 - 31.10.2026` in the title row.
    static func period(_ row: SheetRow) -> ClosedRange<LocalDate>? {
        for cell in row.cells.values {
            let days = cell.text.split(whereSeparator: { $0.isWhitespace }).compactMap { CellValues.wallClock($0)?.date }
            if days.count >= 2, days[0] <= days[1] { return days[0]...days[1] }
        }
        return nil
    }
}
