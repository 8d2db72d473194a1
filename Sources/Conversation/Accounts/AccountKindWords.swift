import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger

/// The words that give a new account its kind (`Кредитка` is a credit card, `депозит` savings),
/// by the start of the word, in Ukrainian, Russian and English.
enum AccountKindWords {
    static let starts: [(String, AccountKind)] = [
        ("кредит", .credit), ("credit", .credit),
        ("готівк", .cash), ("налич", .cash), ("cash", .cash), ("гаманец", .cash), ("гаманц", .cash), ("кошел", .cash),
        ("wallet", .cash),
        ("заощадж", .savings), ("депозит", .savings), ("скарбничк", .savings), ("накопич", .savings), ("вклад", .savings),
        ("копилк", .savings), ("сбережен", .savings), ("saving", .savings), ("deposit", .savings), ("банк", .savings),
        ("карт", .card), ("card", .card),
    ]

    static func kind(_ word: String) -> AccountKind? {
        let word = word.lowercased()
        return starts.first { word.hasPrefix($0.0) }?.1
    }
}

/// A balance as a member writes it: `12 000`, `-5000` (a credit card), `12 000,50 грн`.
enum AccountAmount: Equatable {
    case value(Int64)
    case tooLarge

    /// nil when it is not one plain amount in `currency`.
    static func read(_ text: String, currency: Currency, today: LocalDate) -> AccountAmount? {
        var body = Substring(text.trimmed)
        let negative = body.first == "-" || body.first == "−"
        if negative { body = body.dropFirst() }
        switch EntryParser(baseCurrency: currency).parse(String(body), today: today) {
        case .success(let entries):
            guard entries.count == 1, let entry = entries.first, entry.note.isEmpty, entry.account == nil,
                  entry.readings.isEmpty, entry.amount.currency == currency
            else { return nil }
            return .value(negative ? -entry.amount.minorUnits : entry.amount.minorUnits)
        case .failure(.zeroAmount): return .value(0)
        case .failure(.amountTooLarge): return .tooLarge
        case .failure: return nil
        }
    }
}
