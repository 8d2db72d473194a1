import EntryParsing
import KopiykaCore
import Ledger

/// How an entry's amount was computed from its message (`2×45`), read again from the text it
/// came from, so every rendering of the entry (a confirmation, a redraw after a category
/// change) shows it without a column to store it. nil once the amount no longer matches (a
/// correction) and for plain numbers. Parses only texts holding an operator, or a count and
/// a price for each one (`квитки 2 по 350`, `2 t-shirts at 79`).
enum ComputedAmount {
    static func expression(of entry: Entry) -> String? {
        let text = entry.originalText
        guard text.unicodeScalars.contains(where: isOperator) || text.contains(" по ") || text.contains(" at ") else { return nil }
        let parsed = EntryParser(baseCurrency: entry.amount.currency).parse(text, today: entry.date)
        guard case .success(let entries) = parsed else { return nil }
        return entries.first { $0.expression != nil && $0.amount == entry.amount }?.expression
    }

    /// `*`, `×`, `/`, `÷`, `+`, and `x` or `х` for times: a switch, not a search of a string
    /// for each character of the message.
    private static func isOperator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "*", "×", "/", "÷", "+", "x", "х": true
        default: false
        }
    }
}
