import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension EntriesFeature {
    /// A button under a message that shows entries. Returns the answer's text.
    func press(_ data: EntryButton, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        let household = try household(of: member)
        let entryID = data.entryID
        let entry = try ledger.entries.entry(id: entryID)
        guard let known = try entry ?? ledger.entries.deleted(id: entryID), known.householdID == household.id else {
            return l("entry.not_yours")
        }
        // Only its author changes a private entry, and only where they may see it.
        guard (press.chat.map { viewer(in: $0, member) } ?? .member(member.id)).sees(known) else { return l("entry.private") }
        let pressed = try press.chat.flatMap { chat in try press.messageID.flatMap { try ledger.entryViews.view(chatID: chat.id, messageID: $0) } }
        switch data {
        case .categoryChoices(_, let all):
            guard let pressed else { return nil }
            try redraw(pressed, household: household, menu: .categories(entryID: entryID, all: all))
            return nil
        case .entryButtons:
            guard let pressed else { return nil }
            try redraw(pressed, household: household)
            return nil
        case .setCategory(_, let category):
            guard var entry, (entry.kind == .income ? CategoryKey.incomes : CategoryKey.expenses).contains(category) else { return nil }
            let answer = l("entry.category_set", ["name": .text(l.categoryName(category))])
            guard entry.category != category else { return answer }  // Already there: nothing to learn.
            entry.category = category
            guard try withinMoneyLimits({ try ledger.entries.update(entry) }) else { return l("error.amount_too_large") }
            try neighbours.learnCategory(context, entry, household)
            try refresh(entryIDs: [entryID], household: household)
            try neighbours.announceBudgets(context, [entry], member, household)
            return answer
        case .switchKind:
            guard var entry else { return nil }
            entry.kind = entry.kind == .expense ? .income : .expense
            entry.category = neighbours.suggestedCategory(context, entry.note, entry.kind, household)
            try ledger.entries.update(entry)
            try refresh(entryIDs: [entryID], household: household)
            if let pressed { try redraw(pressed, household: household, menu: .categories(entryID: entryID, all: false)) }
            try neighbours.announceBudgets(context, [entry], member, household)
            return l("entry.kind_set.\(entry.kind.rawValue)")
        case .deleteEntry:
            guard entry != nil else { return nil }
            try ledger.entries.delete(entryID: entryID)
            try refresh(entryIDs: [entryID], household: household)
            return l("entry.deleted.answer")
        case .restoreEntry:
            let since = clock.now().addingTimeInterval(-EntryViewRenderer.restoreWindow)
            var restored = false
            guard try withinMoneyLimits({ restored = try ledger.entries.restore(entryID: entryID, deletedSince: since) != nil })
            else { return l("error.amount_too_large") }
            guard restored else { return l("entry.restore.too_late") }
            try refresh(entryIDs: [entryID], household: household)
            return l("entry.restored")
        }
    }
}

/// The buttons under a message that shows entries: 🏷 the category choices, a category, back,
/// 🗑 delete, ↩ restore, and income ↔ expense. Whose entry it is needs the database, so
/// `EntriesFeature.press` checks it.
enum EntryButton: ButtonData {
    /// Show the category choices for an entry (the likely ones, or all of its kind).
    case categoryChoices(entryID: Int64, all: Bool)
    case setCategory(entryID: Int64, CategoryKey)
    /// Back from the category choices to the entry's buttons.
    case entryButtons(entryID: Int64)
    case deleteEntry(Int64)
    case restoreEntry(Int64)
    /// Make an entry income if it is an expense, or an expense if it is income.
    case switchKind(entryID: Int64)

    static let prefixes: Set<String> = ["cat", "back", "del", "undel", "kind"]

    var entryID: Int64 {
        switch self {
        case .categoryChoices(let id, _), .setCategory(let id, _), .entryButtons(let id), .deleteEntry(let id),
             .restoreEntry(let id), .switchKind(let id):
            id
        }
    }

    /// The longest is `cat:<id>:other_income`, under 40 bytes.
    var encoded: String {
        switch self {
        case .categoryChoices(let id, let all): all ? "cat:\(id):*" : "cat:\(id)"
        case .setCategory(let id, let key): "cat:\(id):\(key.rawValue)"
        case .entryButtons(let id): "back:\(id)"
        case .deleteEntry(let id): "del:\(id)"
        case .restoreEntry(let id): "undel:\(id)"
        case .switchKind(let id): "kind:\(id)"
        }
    }

    init?(fields: [Substring]) {
        guard let entry = Self.id(fields, 1) else { return nil }
        let last = fields.last ?? ""
        switch (fields.first ?? "", fields.count) {
        case ("cat", 2): self = .categoryChoices(entryID: entry, all: false)
        case ("cat", 3) where last == "*": self = .categoryChoices(entryID: entry, all: true)
        case ("cat", 3) where !last.isEmpty: self = .setCategory(entryID: entry, CategoryKey(rawValue: String(last)))
        case ("back", 2): self = .entryButtons(entryID: entry)
        case ("del", 2): self = .deleteEntry(entry)
        case ("undel", 2): self = .restoreEntry(entry)
        case ("kind", 2): self = .switchKind(entryID: entry)
        default: return nil
        }
    }
}
