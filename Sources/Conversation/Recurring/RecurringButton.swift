import KopiykaCore

/// `rec:list` and `rec:list:<page>` for the list, `rec:subs:<page>` for `/subscriptions`,
/// `rec:<action>:<item id>` for an item, `rec:<action>:<item id>:<yyyymmdd>` for one of its
/// occurrences, and `rec:<action>:<entry id>` for an offer made from an entry.
struct RecurringButton: ButtonData {
    enum Action: String, Sendable, CaseIterable {
        /// The list, and `/subscriptions`.
        case list, subscriptions = "subs"
        /// An item's card, and what it offers.
        case open, automatic = "auto", bill, pause, resume, skip, amount = "amt", delete = "del", deleteConfirmed = "delok"
        /// Undoes an item just made.
        case cancel
        /// A bill's occurrence: paid, paid another amount, skipped.
        case paid, paidOther = "other", pass
        /// An offer made from a repeated entry: accepted, declined.
        case make = "mk", decline = "no"

        var target: Target {
            switch self {
            case .list, .subscriptions: .none
            case .paid, .paidOther, .pass: .occurrence
            case .make, .decline: .entry
            default: .item
            }
        }
    }

    enum Target { case none, item, occurrence, entry }

    static let prefixes: Set<String> = ["rec"]
    let action: Action
    /// The item's id, or the entry's for an offer; 0 for the list.
    let id: Int64
    let date: LocalDate?
    /// The list's page (`ListPage`), from 0; 0 for anything else.
    let page: Int

    init(_ action: Action, id: Int64 = 0, date: LocalDate? = nil, page: Int = 0) {
        self.action = action
        self.id = id
        self.date = date
        self.page = action.target == .none ? max(page, 0) : 0
    }

    var encoded: String {
        switch action.target {
        case .none: return page == 0 ? "rec:\(action.rawValue)" : "rec:\(action.rawValue):\(page)"
        case .item, .entry: return "rec:\(action.rawValue):\(id)"
        case .occurrence:
            let day = date.map { String($0.year * 10_000 + $0.month * 100 + $0.day) } ?? "0"
            return "rec:\(action.rawValue):\(id):\(day)"
        }
    }

    init?(fields: [Substring]) {
        guard fields.first == "rec", fields.count >= 2, let action = Action(rawValue: String(fields[1])) else { return nil }
        switch action.target {
        case .none:
            // `rec:list` was the whole list before it had pages: it is the first page.
            guard fields.count == 2 || fields.count == 3 else { return nil }
            guard fields.count == 3 else {
                self.init(action)
                return
            }
            guard let page = Int(fields[2]), page > 0 else { return nil }
            self.init(action, page: page)
        case .item, .entry:
            guard fields.count == 3, let id = Self.id(fields, 2), id > 0 else { return nil }
            self.init(action, id: id)
        case .occurrence:
            guard fields.count == 4, let id = Self.id(fields, 2), id > 0, fields[3].count == 8, let number = Int(fields[3]),
                  let date = LocalDate(year: number / 10_000, month: number / 100 % 100, day: number % 100) else { return nil }
            self.init(action, id: id, date: date)
        }
    }
}
