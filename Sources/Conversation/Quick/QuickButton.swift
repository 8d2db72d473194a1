import KopiykaCore
import Ledger
import Localization

/// The buttons of `/quick`. None carries a word a member wrote: a frequent entry is named by
/// its latest entry's id with its household's, a pin by its id with its member's, so a press
/// from anyone else is refused before the database is read, and the feature checks again
/// against the rows as they are now.
enum QuickButton: ButtonData {
    /// `qk:e:<entry id>:<household id>`: record the frequent entry that entry stands for.
    case usual(entryID: Int64, householdID: Int64)
    /// `qk:p:<pin id>:<member id>`: record the pin.
    case pinned(pinID: Int64, memberID: Int64)
    /// `qk:u:<pin id>:<member id>`: let the pin go.
    case unpin(pinID: Int64, memberID: Int64)

    static let prefixes: Set<String> = ["qk"]

    /// At most `qk:e:` and two 19-digit ids: 43 bytes.
    var encoded: String {
        switch self {
        case .usual(let entry, let household): "qk:e:\(entry):\(household)"
        case .pinned(let pin, let member): "qk:p:\(pin):\(member)"
        case .unpin(let pin, let member): "qk:u:\(pin):\(member)"
        }
    }

    init?(fields: [Substring]) {
        guard fields.count == 4, fields[0] == "qk", let id = Self.id(fields, 2), let owner = Self.id(fields, 3) else { return nil }
        switch fields[1] {
        case "e": self = .usual(entryID: id, householdID: owner)
        case "p": self = .pinned(pinID: id, memberID: owner)
        case "u": self = .unpin(pinID: id, memberID: owner)
        default: return nil
        }
    }

    /// A frequent entry is its household's; a pin is its member's.
    func refusal(for member: Member) -> String? {
        switch self {
        case .usual(_, let household): member.householdID == household ? nil : "entry.not_yours"
        case .pinned(_, let owner), .unpin(_, let owner): member.id == owner ? nil : "quick.pin.not_yours"
        }
    }
}

/// A button's title: `☕ кава 85`, `🚕 таксі 120`, `📺 netflix 10 $`, `💰 кешбек +150`. The
/// household's own currency goes without its sign; the note is clipped to fit a button.
struct QuickLabel {
    let l: Localizer
    let base: Currency

    /// Why 24: with an icon and an amount, a title still fits half a phone's width.
    static let noteLimit = 24

    func callAsFunction(_ pin: QuickPin) -> String {
        var amount = pin.amount.currency == base ? l.number(DecimalNumber(pin.amount, style: .compact)) : l.money(pin.amount)
        if pin.kind == .income { amount = l("entry.amount.income", ["amount": .text(amount)]) }
        return l(pin.isPrivate ? "quick.button.private" : "quick.button", [
            "icon": .text(CategoryIcon.of(pin.category)), "note": .text(pin.note.clipped(to: Self.noteLimit)), "amount": .text(amount),
        ])
    }
}

/// One emoji per built-in category, for buttons; a household's own category gets 🏷️.
enum CategoryIcon {
    static let table: [CategoryKey: String] = [
        "groceries": "🛒", "cafe": "☕", "taxi": "🚕", "transport": "🚌", "fuel": "⛽", "car": "🚗", "housing": "🏠",
        "utilities": "💡", "mobile": "📱", "health": "💊", "beauty": "💅", "clothing": "👕", "home": "🛋\u{FE0F}",
        "electronics": "💻", "kids": "🧸", "education": "📚", "entertainment": "🎬", "subscriptions": "📺", "sport": "🏋\u{FE0F}",
        "pets": "🐾", "gifts": "🎁", "travel": "✈\u{FE0F}", "donations": "💙", "taxes": "🧾", "other": "🏷\u{FE0F}",
        "salary": "💰", "freelance": "💼", "cashback": "🪙", "refund": "↩\u{FE0F}", "other_income": "💵",
    ]

    static func of(_ category: CategoryKey) -> String { table[category] ?? "🏷\u{FE0F}" }
}
