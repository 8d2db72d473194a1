import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// A household's entries as CSV that spreadsheets open in columns by a double click: UTF-8
/// with a byte-order mark (Excel needs it to read Cyrillic), one row per entry, RFC 4180
/// quoting. The dialect follows the reader's language, as desktop Excel follows the system's
/// regional settings: uk and ru get `;` between fields and a decimal comma (`85,50`), en gets
/// `,` and a dot. LibreOffice and Google Sheets detect either. Every row has its amount as
/// written and in the household's currency at the rate stored with the entry (empty while
/// there is none), so the expense rows add up to `/report`; kind, category and account come
/// as a stable key for tools and a localized name for people.
public enum CSVExport {
    static let byteOrderMark = Data([0xEF, 0xBB, 0xBF])

    /// The field separator and decimal mark of a language's spreadsheets.
    struct Dialect {
        let separator: String
        let decimalMark: String

        init(_ language: Language) {
            switch language {
            case .uk, .ru: (separator, decimalMark) = (";", ",")
            case .en: (separator, decimalMark) = (",", ".")
            }
        }
    }

    public static let columns = ["date", "member", "kind_key", "kind", "amount", "currency", "base_amount", "category",
                          "category_name", "account_key", "account", "note"]

    /// The BOM and the header row, in the member's language.
    public static func header(_ l: Localizer, baseCurrency: Currency) -> Data {
        let dialect = Dialect(l.language)
        let names = columns.map { field(l("export.column.\($0)", ["currency": .text(baseCurrency.code)])) }
        return byteOrderMark + Data((names.joined(separator: dialect.separator) + "\r\n").utf8)
    }

    /// Rows for `entries`; `memberNames` maps member ids to names.
    public static func rows(_ entries: [Entry], memberNames: [Int64: String], baseCurrency: Currency, _ l: Localizer) -> Data {
        let dialect = Dialect(l.language)
        func number(_ money: Money) -> String { money.decimalString.replacing(".", with: dialect.decimalMark) }
        var text = ""
        for entry in entries {
            let base = entry.baseMinor.map { number(Money(minorUnits: $0, currency: baseCurrency)) } ?? ""
            let fields = [
                field(entry.date.iso), field(memberNames[entry.memberID] ?? ""), field(entry.kind.rawValue),
                field(l("export.kind.\(entry.kind.rawValue)")), number(entry.amount), field(entry.amount.currency.code), base,
                field(entry.category.rawValue), field(l.categoryName(entry.category)), field(entry.account.rawValue),
                field(entry.accountName ?? l.accountName(entry.account)), field(entry.note),
            ]
            text += fields.joined(separator: dialect.separator) + "\r\n"
        }
        return Data(text.utf8)
    }

    /// A whole table in the same dialect: the BOM, `header` (already in the member's words)
    /// and `rows`, each field quoted as `field` does; `amount` fields come from `number`.
    public static func table(header: [String], rows: [[String]], _ l: Localizer) -> [UInt8] {
        let separator = Dialect(l.language).separator
        var text = (header.map(field).joined(separator: separator)) + "\r\n"
        for row in rows { text += row.joined(separator: separator) + "\r\n" }
        return Array(byteOrderMark) + Array(text.utf8)
    }

    /// An amount as a spreadsheet of the member's language reads a number: `85,50` or `85.50`.
    public static func number(_ money: Money, _ l: Localizer) -> String {
        money.decimalString.replacing(".", with: Dialect(l.language).decimalMark)
    }

    /// Quotes a field when it holds either separator, a quote or a line break (so a
    /// spreadsheet that guesses the separator cannot split it); text a spreadsheet would run
    /// as a formula (`=`, `+`, `@`, a leading `-` that is not a number) gets a leading
    /// apostrophe, which spreadsheets hide. Amounts we format ourselves are written as they are.
    public static func field(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+@\t\r".contains(first) || (first == "-" && Double(value) == nil) {
            value = "'" + value
        }
        guard value.contains(where: { ",;\"\n\r".contains($0) }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }
}
