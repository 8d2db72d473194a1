import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ConversationHandler {
    /// A renderer for views in `chatID`, in the language of whoever reads that chat.
    func viewRenderer(chatID: Int64, household: Household) throws -> EntryViewRenderer {
        let reader = try ledger.member(telegramUserID: chatID)
        let l = reader.map(localizer) ?? familyLocalizer(household)
        let names = try ledger.memberNames(householdID: household.id)
        return EntryViewRenderer(handler: self, l: l, householdID: household.id, today: today(of: household), memberNames: names)
    }

    /// Re-renders the messages that show one of these entries, and the family posts, in the
    /// household's chats as they are now (not a group another household linked since, nor the
    /// chat of someone who left).
    func refresh(entryIDs: [Int64], household: Household) throws {
        let chats = try chats(of: household)
        for view in try ledger.entryViews(showing: entryIDs) where chats.contains(view.chatID) { try redraw(view, household: household) }
        try FamilyBroadcaster(handler: self).refresh(entryIDs: entryIDs, household: household)
    }

    /// Re-renders one message that shows entries, with its entries' buttons or a menu.
    func redraw(_ view: EntryView, household: Household, menu: EntryViewRenderer.Menu = .entries) throws {
        let shown = try viewRenderer(chatID: view.chatID, household: household).render(view.kind, entryIDs: view.entryIDs, menu: menu)
        let html = [view.header, shown.html].compactMap { $0 }.joined(separator: "\n")
        try ledger.enqueue(.edit(messageID: nil, ofOutboxID: view.outboxID, html: html, buttons: shown.buttons), chatID: view.chatID)
    }

    /// Queues a message that shows entries with their buttons, and remembers it as their view.
    @discardableResult
    func show(_ kind: EntryView.Kind, entryIDs: [Int64], household: Household, reply: Replier,
              header: String? = nil) throws -> Int64 {
        let shown = try viewRenderer(chatID: reply.chat.id, household: household).render(kind, entryIDs: entryIDs)
        let outboxID = try reply([header, shown.html].compactMap { $0 }.joined(separator: "\n"), buttons: shown.buttons)
        try ledger.recordEntryView(kind, outboxID: outboxID, entryIDs: entryIDs, header: header)
        return outboxID
    }

    /// A button under a message that shows entries. Returns the answer's text.
    func applyEntryButton(_ data: CallbackData, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        let household = try household(of: member)
        let entryID: Int64
        switch data {
        case .categoryChoices(let id, _), .setCategory(let id, _), .entryButtons(let id), .deleteEntry(let id), .restoreEntry(let id):
            entryID = id
        default:
            return nil
        }
        let entry = try ledger.entry(id: entryID)
        let householdID = try entry?.householdID ?? ledger.deletedEntry(id: entryID)?.householdID
        guard householdID == household.id else { return l("entry.not_yours") }
        let pressed = try press.chat.flatMap { chat in try press.messageID.flatMap { try ledger.entryView(chatID: chat.id, messageID: $0) } }
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
            entry.category = category
            guard try withinMoneyLimits({ try ledger.update(entry) }) else { return l("error.amount_too_large") }
            try learn(from: entry, household: household)
            try refresh(entryIDs: [entryID], household: household)
            try announceBudgets(after: [entry], member: member, household: household)
            return l("entry.category_set", ["name": .text(l.categoryName(category))])
        case .deleteEntry:
            guard entry != nil else { return nil }
            try ledger.delete(entryID: entryID)
            try refresh(entryIDs: [entryID], household: household)
            return l("entry.deleted.answer")
        case .restoreEntry:
            let since = clock.now().addingTimeInterval(-EntryViewRenderer.restoreWindow)
            var restored = false
            guard try withinMoneyLimits({ restored = try ledger.restore(entryID: entryID, deletedSince: since) != nil })
            else { return l("error.amount_too_large") }
            guard restored else { return l("entry.restore.too_late") }
            try refresh(entryIDs: [entryID], household: household)
            return l("entry.restored")
        default:
            return nil
        }
    }

    /// Remembers the note's words for the entry's category, so the next such note lands there.
    func learn(from entry: Entry, household: Household) throws {
        // Short stems (prepositions, "з", "на") would teach the wrong lesson.
        let stems = categoryStems(of: entry.note).filter { $0.count >= 3 }
        try ledger.learn(stems: stems, category: entry.category, householdID: household.id)
    }

    /// A reply to a message that shows entries: `120`, `таксі`, `вчора`, `готівка`, or
    /// `видалити` changes that entry.
    func correct(_ view: EntryView, with text: String, member: Member, reply: Replier) throws {
        let l = localizer(member)
        let household = try household(of: member)
        let live = try view.entryIDs.compactMap { try ledger.entry(id: $0) }.filter { $0.householdID == household.id }
        guard !live.isEmpty else {
            try reply(l("entry.not_yours"))
            return
        }
        if Self.deleteWords.contains(text.lowercased().trimming(while: \.isPunctuation)) {
            for entry in live { try ledger.delete(entryID: entry.id) }
            try refresh(entryIDs: live.map(\.id), household: household)
            try reply(l("entry.deleted.answer"))
            return
        }
        guard live.count == 1, var entry = live.first else {
            try reply(l(EntryViewRenderer.isSummary(entryCount: view.entryIDs.count) ? "entry.summary.hint" : "correction.many"))
            return
        }
        let today = today(of: household)
        let change = correction(text, household: household, today: today)
        guard change.amount != nil || change.category != nil || change.account != nil || change.date != nil else {
            let refusal = outOfBounds(text, household: household, today: today)
            try reply(refusal.map { hint(for: $0, text: text, localizer: l) } ?? l("correction.not_understood"))
            return
        }
        if let amount = change.amount { entry.amount = amount }
        if let account = change.account { entry.account = account }
        if let date = change.date { entry.date = date }
        if let category = change.category, category.kind == entry.kind { entry.category = category }
        guard try withinMoneyLimits({ try ledger.update(entry) }) else {
            try reply(l("error.amount_too_large"))
            return
        }
        if change.category != nil { try learn(from: entry, household: household) }
        try refresh(entryIDs: [entry.id], household: household)
        try reply(l("correction.done", ["details": .text(EntryLine(entry: entry, today: today).details(l))]))
        try announceBudgets(after: [entry], member: member, household: household)
    }

    static let deleteWords: Set<String> = ["видалити", "видали", "видалено", "удалить", "удали", "delete", "del", "🗑"]

    /// What a correction says: an amount, a category, an account, a date, or several. The
    /// parser reads it; without an amount it reads it with a placeholder one, so `таксі` and
    /// `вчора` are understood on their own.
    func correction(_ text: String, household: Household, today: LocalDate)
        -> (amount: Money?, category: CategoryKey?, account: AccountKey?, date: LocalDate?) {
        var amount: Money?
        var parsed: ParsedEntry?
        if case .success(let entries) = parse(text, household: household, today: today), entries.count == 1 {
            parsed = entries[0]
            amount = entries[0].amount
        } else if case .success(let entries) = parse(text + " 1", household: household, today: today), entries.count == 1 {
            parsed = entries[0]
        }
        guard let parsed else { return (nil, nil, nil, nil) }
        let category = parsed.category == .other || parsed.category == .otherIncome ? nil : parsed.category
        let saysDate = parsed.date != today || Self.todayWords.contains { text.lowercased().contains($0) }
        return (amount, category, parsed.account, saysDate ? parsed.date : nil)
    }

    static let todayWords = ["сьогодні", "сегодня", "today"]

    /// Why a correction that reads as an amount or a date cannot be taken: out of bounds.
    func outOfBounds(_ text: String, household: Household, today: LocalDate) -> ParseFailure? {
        for candidate in [text, text + " 1"] {
            switch parse(candidate, household: household, today: today) {
            case .failure(let failure) where failure == .amountTooLarge || failure == .dateOutOfRange: return failure
            case .failure(.noAmount): continue
            default: return nil
            }
        }
        return nil
    }

    /// `/undo`: removes the member's latest entry of the last day, with a button to restore it.
    func undo(_ member: Member, reply: Replier) throws {
        let l = localizer(member)
        guard let entry = try ledger.lastEntry(memberID: member.id, createdSince: clock.now().addingTimeInterval(-86_400)) else {
            try reply(l("undo.nothing"))
            return
        }
        let household = try household(of: member)
        try ledger.delete(entryID: entry.id)
        try refresh(entryIDs: [entry.id], household: household)
        try show(.confirmation, entryIDs: [entry.id], household: household, reply: reply, header: l("undo.done"))
    }
}
