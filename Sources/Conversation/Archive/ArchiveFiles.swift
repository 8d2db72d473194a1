import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Recurring
import Reports

/// A family archive's files, made from its book: `kopiyka.json` (the book itself, what
/// `/import` reads) and a CSV per table in the reader's spreadsheet dialect (`CSVExport`),
/// with the same columns `/export` writes for entries. Pure: values in, bytes out.
///
/// Cost: the book is walked once per table and encoded once as JSON; everything is in memory.
enum ArchiveFiles {
    /// The ZIP of `book` for a reader who speaks `l`, its files dated `day`.
    /// `categories`: the instance's, in order, for `categories.csv`.
    static func zip(_ book: ArchiveBook, categories: [(key: String, kind: String)], _ l: Localizer, day: LocalDate) throws -> [UInt8] {
        var writer = ZipWriter(year: day.year, month: day.month, day: day.day)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try writer.add("kopiyka.json", Array(try encoder.encode(book)))
        for (name, bytes) in try tables(book, categories: categories, l) { try writer.add(name, bytes) }
        return writer.finish()
    }

    /// The archive a member sent, read within `ZipFiles`' bounds.
    static func book(fromZip bytes: [UInt8]) -> Result<ArchiveBook, ArchiveRefusal> {
        let files: [String: [UInt8]]
        do {
            files = try ZipFiles.read(bytes)
        } catch .tooLarge {
            return .failure(.tooLarge)
        } catch {
            return .failure(.damaged)
        }
        guard let manifest = files["kopiyka.json"] else { return .failure(.notAnArchive) }
        struct Format: Decodable { var format: Int }
        guard let format = try? JSONDecoder().decode(Format.self, from: Data(manifest)) else { return .failure(.damaged) }
        guard format.format <= ArchiveBook.currentFormat else { return .failure(.newer) }
        guard let book = try? JSONDecoder().decode(ArchiveBook.self, from: Data(manifest)) else { return .failure(.damaged) }
        return .success(book)
    }

    /// `entries.csv`, `transfers.csv`, `accounts.csv`, `savings.csv`, `budgets.csv`,
    /// `recurring.csv`, `rules.csv`, `quick.csv`, `categories.csv`.
    static func tables(_ book: ArchiveBook, categories: [(key: String, kind: String)], _ l: Localizer) throws -> [(String, [UInt8])] {
        let base = Currency(code: book.baseCurrency) ?? .uah
        let names = Dictionary(book.members.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let accounts = Dictionary(book.accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func column(_ key: String) -> String { l("export.column.\(key)", ["currency": .text(base.code)]) }
        func archiveColumn(_ key: String) -> String { l("archive.column.\(key)") }
        func field(_ text: String) -> String { CSVExport.field(text) }
        func money(_ minor: Int64, _ code: String) -> String {
            CSVExport.number(Money(minorUnits: minor, currency: Currency(code: code) ?? base), l)
        }
        func accountName(_ id: Int64) -> String {
            guard let account = accounts[id] else { return "" }
            return account.name ?? l.accountName(AccountKey(rawValue: account.key))
        }
        func category(_ key: String) -> String { key.isEmpty ? l("archive.budget.month") : l.categoryName(CategoryKey(rawValue: key)) }
        func kind(_ key: String) -> String { l("export.kind.\(key)") }
        func yes(_ flag: Bool) -> String { flag ? l("archive.yes") : "" }

        let entries = book.entries.map { entry in
            [field(entry.date), field(names[entry.memberID] ?? ""), field(entry.kind), field(kind(entry.kind)),
             money(entry.amountMinor, entry.currency), field(entry.currency), entry.baseMinor.map { money($0, base.code) } ?? "",
             field(entry.category), field(category(entry.category)), field(accounts[entry.accountID]?.key ?? ""),
             field(accountName(entry.accountID)), field(entry.note)]
        }
        let transfers = book.transfers.map { transfer in
            [field(transfer.date), field(names[transfer.memberID] ?? ""), field(accountName(transfer.fromAccountID)),
             field(accountName(transfer.toAccountID)), money(transfer.amountMinor, transfer.currency), field(transfer.currency),
             money(transfer.receivedMinor, transfer.receivedCurrency), field(transfer.receivedCurrency), field(transfer.note)]
        }
        let balances = try ArchiveBalances(book)
        let accountRows = book.accounts.flatMap { account in
            balances.amounts(of: account.id, own: account.currency ?? base.code).map { currency, minor in
                [field(names[account.memberID] ?? ""), field(account.key), field(accountName(account.id)),
                 field(account.kind.map { l("accounts.kind.\($0)") } ?? ""), field(currency), money(minor, currency),
                 yes(account.isArchived)]
            }
        }
        let savings = book.savingsValues.map { value in
            let currency = accounts[value.accountID]?.currency ?? base.code
            return [field(value.date), field(accountName(value.accountID)), money(value.valueMinor, currency), field(currency)]
        }
        let budgets = book.budgets.map { budget in
            [field(budget.category), field(category(budget.category)), money(budget.limitMinor, base.code), field(base.code)]
        }
        let recurring = book.recurring.map { item in
            [field(names[item.memberID] ?? ""), field(l("archive.mode.\(item.mode)")), field(kind(item.kind)),
             item.amountMinor.map { money($0, item.currency) } ?? "", field(item.currency), field(category(item.category)),
             field(item.account ?? ""), field(item.note), field(Cadence(code: item.cadence).map(RecurringWords(l: l).cadence) ?? item.cadence),
             field(item.startDate), field(item.endDate ?? ""),
             field(item.nextDate ?? ""), yes(item.isPaused)]
        }
        let rules = book.rules.map { [field($0.stem), field($0.category), field(category($0.category))] }
        let quick = book.quickPins.map { pin in
            [field(kind(pin.kind)), money(pin.amountMinor, pin.currency), field(pin.currency), field(category(pin.category)),
             field(pin.account ?? ""), field(pin.note)]
        }
        let categoryRows = categories.map { [field($0.key), field(kind($0.kind)), field(category($0.key))] }
        return [
            ("entries.csv", CSVExport.table(header: CSVExport.columns.map(column), rows: entries, l)),
            ("transfers.csv", CSVExport.table(header: [column("date"), column("member"), archiveColumn("from"), archiveColumn("to"),
                                                       column("amount"), column("currency"), archiveColumn("received"),
                                                       archiveColumn("received_currency"), column("note")], rows: transfers, l)),
            ("accounts.csv", CSVExport.table(header: [column("member"), column("account_key"), column("account"),
                                                      archiveColumn("account_kind"), column("currency"), archiveColumn("balance"),
                                                      archiveColumn("archived")], rows: accountRows, l)),
            ("savings.csv", CSVExport.table(header: [column("date"), column("account"), archiveColumn("value"), column("currency")],
                                            rows: savings, l)),
            ("budgets.csv", CSVExport.table(header: [column("category"), column("category_name"), archiveColumn("limit"),
                                                     column("currency")], rows: budgets, l)),
            ("recurring.csv", CSVExport.table(header: [column("member"), archiveColumn("mode"), column("kind"), column("amount"),
                                                       column("currency"), column("category_name"), column("account"), column("note"),
                                                       archiveColumn("cadence"), archiveColumn("start"), archiveColumn("end"),
                                                       archiveColumn("next"), archiveColumn("paused")], rows: recurring, l)),
            ("rules.csv", CSVExport.table(header: [archiveColumn("word"), column("category"), column("category_name")], rows: rules, l)),
            ("quick.csv", CSVExport.table(header: [column("kind"), column("amount"), column("currency"), column("category_name"),
                                                   column("account"), column("note")], rows: quick, l)),
            ("categories.csv", CSVExport.table(header: [column("category"), column("kind"), column("category_name")],
                                               rows: categoryRows, l)),
        ]
    }
}

/// Why an archive a member sent was not taken (`archive.problem.<rawValue>`).
enum ArchiveRefusal: String, Error {
    case damaged = "damaged"
    case tooLarge = "too_large"
    case notAnArchive = "not_archive"
    case newer = "newer"
}

/// Each account's balance from the book's own rows: its opening balance, its income less its
/// expenses, transfers out and in, by currency. Only rows the book holds count, so a balance
/// never reveals an entry left out of it. Checked arithmetic: an overflow throws.
struct ArchiveBalances {
    private var amounts: [Int64: [String: Int64]] = [:]

    init(_ book: ArchiveBook) throws {
        for account in book.accounts where account.openingMinor != 0 {
            try add(account.openingMinor, account.currency ?? book.baseCurrency, to: account.id)
        }
        for entry in book.entries {
            try add(entry.kind == "income" ? entry.amountMinor : -entry.amountMinor, entry.currency, to: entry.accountID)
        }
        for transfer in book.transfers {
            try add(-transfer.amountMinor, transfer.currency, to: transfer.fromAccountID)
            try add(transfer.receivedMinor, transfer.receivedCurrency, to: transfer.toAccountID)
        }
    }

    private mutating func add(_ minor: Int64, _ currency: String, to account: Int64) throws {
        let (sum, overflow) = amounts[account, default: [:]][currency, default: 0].addingReportingOverflow(minor)
        guard !overflow else { throw MoneyOverflow() }
        amounts[account, default: [:]][currency] = sum
    }

    /// The account's balances, its own currency first (zero when it holds none), then others.
    func amounts(of account: Int64, own: String) -> [(String, Int64)] {
        let held = amounts[account] ?? [:]
        return [(own, held[own] ?? 0)] + held.filter { $0.key != own }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
