import KopiykaCore
import Ledger
import Localization

/// An entry in one line: `кава · 85 ₴ · Кафе · картка`, as a confirmation
/// (`✅ …`) or in a family post (`Оля · …`). HTML: every name in it is escaped, and a long
/// note or name is shortened, so that 20 lines always fit one Telegram message (which an edit
/// must: it cannot add a second one).
struct EntryLine {
    /// Why 64 and 24: 20 lines of a list, with a date, a name and a note this long, stay
    /// under Telegram's 4,096 characters.
    static let noteLimit = 64
    static let nameLimit = 24

    let entry: Entry
    let today: LocalDate

    func confirmation(_ l: Localizer) -> String {
        l(entry.kind == .income ? "entry.saved.income" : "entry.saved.expense", ["details": .text(details(l))])
    }

    func familyPost(_ l: Localizer, author: String) -> String {
        l("family.post.line", ["name": .text(author.clipped(to: Self.nameLimit).htmlEscaped), "details": .text(details(l))])
    }

    /// `withDate: false` in a list, whose line shows the date already.
    func details(_ l: Localizer, withDate: Bool = true) -> String {
        var parts: [String] = []
        if !entry.note.isEmpty { parts.append(entry.note.clipped(to: Self.noteLimit).htmlEscaped) }
        var amount = l.money(entry.amount, style: .compact)
        if let expression = ComputedAmount.expression(of: entry) {
            amount = l("entry.amount.computed", ["expression": .text(expression.htmlEscaped), "amount": .text(amount)])
        }
        parts.append(entry.kind == .income ? l("entry.amount.income", ["amount": .text(amount)]) : amount)
        parts.append(l.categoryName(entry.category).htmlEscaped)
        parts.append((entry.accountName ?? l.accountName(entry.account)).clipped(to: Self.nameLimit).htmlEscaped)
        if withDate, entry.date != today { parts.append(DateWords(date: entry.date, today: today).render(l)) }
        return parts.joined(separator: l("entry.separator"))
    }
}

/// A day as people say it: `вчора`, `12 листопада`, `12 листопада 2025`.
struct DateWords {
    let date: LocalDate
    let today: LocalDate

    func render(_ l: Localizer) -> String {
        switch today.daysSinceEpoch - date.daysSinceEpoch {
        case 0: return l("date.today")
        case 1: return l("date.yesterday")
        default:
            guard date.year != today.year else { return l.dayAndMonth(date) }
            return l("date.day_month_year", ["day": .text(String(date.day)), "year": .text(String(date.year)),
                                             "month": .text(l("month.genitive.\(date.month)"))])
        }
    }
}

extension StringProtocol {
    /// At most `limit` UTF-16 units, as Telegram counts, the last one `…` when something was
    /// cut: whole graphemes, unless the first alone is longer (a letter under hundreds of
    /// accents), which is then cut by scalars. Cut before escaping: cutting escaped text
    /// could split an entity.
    func clipped(to limit: Int) -> String {
        guard utf16.count > limit else { return String(self) }
        var kept = String.UnicodeScalarView()
        var units = 0
        for character in self {
            let width = character.utf16.count
            if units + width < limit {
                kept.append(contentsOf: character.unicodeScalars)
                units += width
                continue
            }
            if kept.isEmpty {
                for scalar in character.unicodeScalars {
                    units += UTF16.width(scalar)
                    guard units < limit else { break }
                    kept.append(scalar)
                }
            }
            break
        }
        return String(kept) + "…"
    }
}
