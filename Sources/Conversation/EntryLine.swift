import KopiykaCore
import Ledger
import Localization

/// An entry in one line: `кава · 85 ₴ · Кафе · картка`, as a confirmation
/// (`✅ …`) or in a family post (`Оля · …`).
struct EntryLine {
    let entry: Entry
    let today: LocalDate

    func confirmation(_ l: Localizer) -> String {
        l(entry.kind == .income ? "entry.saved.income" : "entry.saved.expense", ["details": .text(details(l))])
    }

    func familyPost(_ l: Localizer, author: String) -> String {
        l("family.post.line", ["name": .text(author.htmlEscaped), "details": .text(details(l))])
    }

    func details(_ l: Localizer) -> String {
        var parts: [String] = []
        if !entry.note.isEmpty { parts.append(entry.note.htmlEscaped) }
        let amount = l.money(entry.amount, style: .compact)
        parts.append(entry.kind == .income ? l("entry.amount.income", ["amount": .text(amount)]) : amount)
        parts.append(l.categoryName(entry.category))
        parts.append(l.accountName(entry.account))
        if entry.date != today { parts.append(DateWords(date: entry.date, today: today).render(l)) }
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
    /// At most `limit` characters (whole graphemes), the last one `…` when something was cut.
    /// Cut before escaping: cutting escaped text could split an entity.
    func clipped(to limit: Int) -> String {
        count > limit ? String(prefix(Swift.max(limit - 1, 0))) + "…" : String(self)
    }
}
