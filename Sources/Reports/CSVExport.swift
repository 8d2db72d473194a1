import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// A household's entries as CSV that spreadsheets open correctly: UTF-8 with a byte-order
/// mark (Excel needs it to read Cyrillic), one row per entry, amounts with a dot and the
/// currency's fraction digits, category keys next to their names, RFC 4180 quoting.
public enum CSVExport {
    static let byteOrderMark = Data([0xEF, 0xBB, 0xBF])

    /// The BOM and the header row, in the member's language.
    public static func header(_ l: Localizer) -> Data {
        let names = ["date", "member", "kind", "amount", "currency", "category", "category_name", "account", "note"]
        return byteOrderMark + Data((names.map { field(l("export.column.\($0)")) }.joined(separator: ",") + "\r\n").utf8)
    }

    /// Rows for `entries`; `memberNames` maps member ids to names.
    public static func rows(_ entries: [Entry], memberNames: [Int64: String], _ l: Localizer) -> Data {
        var text = ""
        for entry in entries {
            let fields = [
                entry.date.iso, memberNames[entry.memberID] ?? "", entry.kind.rawValue, entry.amount.decimalString,
                entry.amount.currency.code, entry.category.rawValue, l.categoryName(entry.category),
                entry.account.rawValue, entry.note,
            ]
            text += fields.map(field).joined(separator: ",") + "\r\n"
        }
        return Data(text.utf8)
    }

    /// Quotes a field when it holds a comma, quote or line break; text a spreadsheet would run
    /// as a formula (`=`, `+`, `@`, a leading `-` that is not a number) gets a leading
    /// apostrophe, which spreadsheets hide.
    static func field(_ text: String) -> String {
        var value = text
        if let first = value.first, "=+@\t\r".contains(first) || (first == "-" && Double(value) == nil) {
            value = "'" + value
        }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }
}
