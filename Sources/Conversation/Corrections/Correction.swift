import EntryParsing
import KopiykaCore
import Ledger

/// What a reply to a message that shows an entry asks to change: `120`, `таксі`, `вчора`,
/// `12.11`, `готівка`, `дохід`, or several at once. Every part is optional.
struct Correction: Equatable {
    var amount: Money?
    var category: CategoryKey?
    var account: AccountKey?
    var date: LocalDate?
    /// Said outright (`дохід`, `витрата`), or implied by a category of the other kind
    /// (`зарплата` makes an expense income).
    var kind: EntryKind?
    /// Two plausible amounts (`85 120`, which may be 85, 120 or 85 120 ₴): nothing of the
    /// reply is taken, and the member is asked for the amount alone.
    var amountIsUnclear = false

    var isEmpty: Bool { amount == nil && category == nil && account == nil && date == nil && kind == nil }

    /// Words that make an entry income or an expense, in each language's forms.
    static let kindWords: [String: EntryKind] = [
        "дохід": .income, "доходи": .income, "доход": .income, "income": .income,
        "витрата": .expense, "витрати": .expense, "расход": .expense, "трата": .expense, "expense": .expense,
    ]

    /// `entry` with the correction applied. A new kind without a category of that kind gets
    /// the one its note suggests for that kind (`recategorize`); a category of the other kind
    /// than the entry ends up with is ignored.
    func applied(to entry: Entry, recategorize: (String, EntryKind) -> CategoryKey) -> Entry {
        var changed = entry
        if let amount { changed.amount = amount }
        if let account { changed.account = account }
        if let date { changed.date = date }
        let kind = kind ?? category?.kind ?? entry.kind
        changed.kind = kind
        if let category, category.kind == kind {
            changed.category = category
        } else if kind != entry.kind {
            changed.category = recategorize(entry.note, kind)
        }
        return changed
    }
}

extension CorrectionsFeature {
    /// Reads a correction. The parser reads it; without an amount it reads it with a
    /// placeholder one, so `таксі` and `вчора` are understood on their own. A reply that reads
    /// as a date (`12.11`, which alone would be 12,11 ₴) sets the date: the parser takes
    /// `12.11 1` as a date and one hryvnia, and `31.02 1` (no such day) still as an amount.
    func correction(_ text: String, household: Household, today: LocalDate) -> Correction {
        var correction = Correction()
        var words: [String] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            if let kind = Correction.kindWords[word.lowercased().trimming(while: \.isPunctuation)] {
                correction.kind = kind
            } else {
                words.append(String(word))
            }
        }
        let rest = words.joined(separator: " ")
        guard !rest.isEmpty else { return correction }
        func single(_ text: String) -> ParsedEntry? {
            guard case .success(let entries) = EntriesFeature(context).parse(text, household: household, today: today), entries.count == 1 else { return nil }
            return entries[0]
        }
        let alone = single(rest), placeholder = single(rest + " 1")
        let one = Money(minorUnits: household.baseCurrency.minorUnitsPerMajor, currency: household.baseCurrency)
        let parsed: ParsedEntry
        if let placeholder, placeholder.amount == one, alone == nil || placeholder.date != alone?.date {
            parsed = placeholder
        } else if let alone {
            guard alone.readings.isEmpty else {
                correction.amountIsUnclear = true
                return correction
            }
            parsed = alone
            correction.amount = alone.amount
        } else {
            return correction
        }
        if parsed.category != .other && parsed.category != .otherIncome {
            correction.category = parsed.category
            if correction.kind == nil { correction.kind = parsed.category.kind }
        }
        correction.account = parsed.account
        let saysToday = Self.todayWords.contains { text.lowercased().contains($0) }
        correction.date = parsed.date != today || saysToday ? parsed.date : nil
        return correction
    }

    static let todayWords = ["сьогодні", "сегодня", "today"]

    /// The category a note suggests for `kind`: what the parser makes of it as income or as an
    /// expense, or the kind's "other".
    func suggestedCategory(_ note: String, kind: EntryKind, household: Household) -> CategoryKey {
        let text = kind == .income ? "+1 " + note : note + " 1"
        if case .success(let entries) = EntriesFeature(context).parse(text, household: household, today: today(of: household)),
           entries.count == 1, entries[0].category.kind == kind {
            return entries[0].category
        }
        return kind == .income ? .otherIncome : .other
    }
}
