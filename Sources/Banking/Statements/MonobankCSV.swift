import KopiykaCore

/// Monobank's CSV export from the app (layout in docs/banks.md): one card, newest first,
/// major units with a dot, `—` for an empty cell, local times in Kyiv.
enum MonobankCSV {
    /// Where each column is; found by the header's words, not by position.
    struct Columns {
        var date: Int, details: Int, cardAmount: Int
        var mcc: Int?, operationAmount: Int?, operationCurrency: Int?, commission: Int?, cashback: Int?, balance: Int?
        /// The card's currency, from the brackets of `Сума в валюті картки (UAH)`.
        var cardCurrency: Currency
        var count: Int
        /// Amounts as Excel writes them in a Ukrainian locale: `-1 234,56` (a `;` file).
        var decimalComma = false
    }

    /// The columns, when `header` is Monobank's (the `i` of `Дата i час` Latin or Cyrillic).
    static func columns(_ header: [String]) -> Columns? {
        let names = header.map(normalized)
        func index(_ prefix: String) -> Int? { names.firstIndex { $0.hasPrefix(prefix) } }
        guard let date = index("дата i час"), let details = index("деталі операції"),
              let cardAmount = index("сума в валюті картки")
        else { return nil }
        var currency = Currency.uah
        let bracketed = names[cardAmount].split(separator: "(").last?.split(separator: ")").first
        if let bracketed, let named = Currency.iso(String(bracketed)) { currency = named }
        return Columns(date: date, details: details, cardAmount: cardAmount, mcc: index("mcc"),
                       operationAmount: index("сума в валюті операції"), operationCurrency: names.firstIndex(of: "валюта"),
                       commission: index("сума комісій"), cashback: index("сума кешбеку"),
                       balance: index("залишок після операції"), cardCurrency: currency, count: header.count)
    }

    /// Lower case, trimmed, the Cyrillic `і` of `Дата і час` as the Latin one.
    static func normalized(_ cell: String) -> String {
        cell.trimming { $0.isWhitespace || $0 == "\u{FEFF}" || $0 == "\"" }.lowercased().replacing("дата і час", with: "дата i час")
    }

    /// The fact in `row`, or why there is none.
    /// Rows outside `bounds` are `.outOfRange`, checked before the time is converted.
    static func fact(_ row: CSVRow, _ columns: Columns, zone: ZoneRules, bounds: BankBounds) -> Result<BankFact, UnreadRow> {
        let fields = row.fields
        func fail(_ reason: UnreadRow.Reason) -> Result<BankFact, UnreadRow> { .failure(UnreadRow(line: row.line, reason: reason)) }
        if row.unclosedQuote { return fail(.unclosedQuote) }
        guard fields.count >= columns.count else { return fail(.missingCells) }
        func cell(_ index: Int?) -> Substring? {
            guard let index, index < fields.count else { return nil }
            let text = fields[index].trimmedCell
            return text.isEmpty || text == "—" || text == "-" ? nil : text[...]
        }
        guard let stamp = cell(columns.date).flatMap(CellValues.wallClock) else { return fail(.date) }
        guard bounds.dates.contains(stamp.date) else { return fail(.outOfRange) }
        func money(_ text: Substring, _ currency: Currency) -> Money? {
            CellValues.money(columns.decimalComma ? CellValues.pointed(text) : text, currency)
        }
        guard let amount = cell(columns.cardAmount).flatMap({ money($0, columns.cardCurrency) }) else { return fail(.amount) }
        var mcc: Int?
        if let text = cell(columns.mcc) {
            guard text.count <= 4, let code = Int(text), code >= 0 else { return fail(.mcc) }
            mcc = code
        }
        let operationCurrency = cell(columns.operationCurrency).flatMap { Currency.monobank(String($0)) }
        let operationAmount = operationCurrency.flatMap { currency in cell(columns.operationAmount).flatMap { money($0, currency) } }
        let inCard = { (index: Int?) in cell(index).flatMap { money($0, columns.cardCurrency) } }
        let fact = BankFact(
            bank: .monobank, account: "", time: CellValues.instant(stamp.date, second: stamp.second, in: zone),
            amount: amount, operationAmount: operationAmount, mcc: mcc, description: fields[columns.details],
            balanceAfter: inCard(columns.balance), cashback: inCard(columns.cashback), commission: inCard(columns.commission))
        return bounds.checked(fact).map { .success($0) } ?? fail(.outOfRange)
    }
}

extension Currency {
    /// A currency as Monobank writes it: the ISO letters, or the ISO number its API uses.
    static func monobank(_ text: String) -> Currency? {
        if let named = Currency.iso(text) { return named }
        let numeric: [String: Currency] = ["980": .uah, "840": .usd, "978": .eur, "985": .pln, "826": .gbp]
        return numeric[text]
    }
}
