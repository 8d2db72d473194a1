import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ConversationHandler {
    /// A renderer for views in `chatID`, in the language of whoever reads that chat.
    func viewRenderer(chatID: Int64, household: Household) throws -> EntryViewRenderer {
        let reader = try ledger.families.member(telegramUserID: chatID)
        let l = reader.map(localizer) ?? familyLocalizer(household)
        let names = try ledger.families.memberNames(householdID: household.id)
        return EntryViewRenderer(handler: self, l: l, householdID: household.id, viewer: try viewer(ofChat: chatID, household: household),
                                 today: today(of: household), memberNames: names)
    }

    /// Re-renders the messages that show one of these entries, and the family posts, in the
    /// household's chats as they are now (not a group another household linked since, nor the
    /// chat of someone who left).
    func refresh(entryIDs: [Int64], household: Household) throws {
        let chats = try chats(of: household)
        for view in try ledger.entries.entryViews(showing: entryIDs) where chats.contains(view.chatID) { try redraw(view, household: household) }
        try FamilyBroadcaster(handler: self).refresh(entryIDs: entryIDs, household: household)
    }

    /// Re-renders one message that shows entries, with its entries' buttons or a menu.
    func redraw(_ view: EntryView, household: Household, menu: EntryViewRenderer.Menu = .entries) throws {
        let shown = try viewRenderer(chatID: view.chatID, household: household).render(view.kind, entryIDs: view.entryIDs, menu: menu)
        let html = [view.header, shown.html].compactMap { $0 }.joined(separator: "\n")
        try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: view.outboxID, html: html, buttons: shown.buttons), chatID: view.chatID)
    }

    /// Queues a message that shows entries with their buttons, and remembers it as their view.
    @discardableResult
    func show(_ kind: EntryView.Kind, entryIDs: [Int64], household: Household, reply: Replier,
              header: String? = nil) throws -> Int64 {
        let shown = try viewRenderer(chatID: reply.chat.id, household: household).render(kind, entryIDs: entryIDs)
        let outboxID = try reply([header, shown.html].compactMap { $0 }.joined(separator: "\n"), buttons: shown.buttons)
        try ledger.entries.recordEntryView(kind, outboxID: outboxID, entryIDs: entryIDs, header: header)
        return outboxID
    }

    /// A button under a message that shows entries. Returns the answer's text.
    func applyEntryButton(_ data: CallbackData, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        let household = try household(of: member)
        let entryID: Int64
        switch data {
        case .categoryChoices(let id, _), .setCategory(let id, _), .entryButtons(let id), .deleteEntry(let id), .restoreEntry(let id),
             .switchKind(let id):
            entryID = id
        default:
            return nil
        }
        let entry = try ledger.entries.entry(id: entryID)
        guard let known = try entry ?? ledger.entries.deleted(id: entryID), known.householdID == household.id else {
            return l("entry.not_yours")
        }
        // Only its author changes a private entry, and only where they may see it.
        guard (press.chat.map { viewer(in: $0, member) } ?? .member(member.id)).sees(known) else { return l("entry.private") }
        let pressed = try press.chat.flatMap { chat in try press.messageID.flatMap { try ledger.entries.entryView(chatID: chat.id, messageID: $0) } }
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
            try learn(from: entry, household: household)
            try refresh(entryIDs: [entryID], household: household)
            try announceBudgets(after: [entry], member: member, household: household)
            return answer
        case .switchKind:
            guard var entry else { return nil }
            entry.kind = entry.kind == .expense ? .income : .expense
            entry.category = suggestedCategory(entry.note, kind: entry.kind, household: household)
            try ledger.entries.update(entry)
            try refresh(entryIDs: [entryID], household: household)
            if let pressed { try redraw(pressed, household: household, menu: .categories(entryID: entryID, all: false)) }
            try announceBudgets(after: [entry], member: member, household: household)
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
        default:
            return nil
        }
    }

    /// Remembers the note's words for the entry's category, so the next such note lands
    /// there. A one-word note makes a one-word rule: the member moved that word alone. A
    /// longer note makes one rule of all its words together, which a later note matches only
    /// when it holds every one of them: moving `мийка вікон` to Дім moves the next
    /// `вікна мийка`, never a car's `мийка`. Short words (`з`, `на`) and numbers teach
    /// nothing; a private entry's words teach nothing either, since `/rules` shows them.
    func learn(from entry: Entry, household: Household) throws {
        guard !entry.isPrivate else { return }
        let stems = Set(categoryStems(of: entry.note).filter { $0.count >= 3 && !$0.allSatisfy(\.isNumber) }).sorted()
        guard !stems.isEmpty else { return }
        try ledger.entries.learn(stems: [stems.joined(separator: LearnedRules.separator)], category: entry.category, householdID: household.id)
    }

    /// A reply to a message that shows entries: `120`, `таксі`, `вчора`, `12.11`, `готівка`,
    /// `дохід`, or `видалити` changes that entry; a reply that changes nothing says so.
    func correct(_ view: EntryView, with text: String, member: Member, reply: Replier) throws {
        let l = localizer(member)
        let household = try household(of: member)
        let ours = try view.entryIDs.compactMap { try ledger.entries.entry(id: $0) }.filter { $0.householdID == household.id }
        let live = ours.filter(viewer(in: reply.chat, member).sees)
        guard !live.isEmpty else {
            try reply(l(ours.isEmpty ? "entry.not_yours" : "entry.private"))
            return
        }
        if Self.deleteWords.contains(text.lowercased().trimming(while: \.isPunctuation)) {
            for entry in live { try ledger.entries.delete(entryID: entry.id) }
            try refresh(entryIDs: live.map(\.id), household: household)
            try reply(l("entry.deleted.answer"))
            return
        }
        guard live.count == 1, let entry = live.first else {
            try reply(l(EntryViewRenderer.isSummary(entryCount: view.entryIDs.count) ? "entry.summary.hint" : "correction.many"))
            return
        }
        let today = today(of: household)
        let change = correction(text, household: household, today: today)
        guard !change.isEmpty else {
            let refusal = outOfBounds(text, household: household, today: today)
            try reply(refusal.map { hint(for: $0, text: text, localizer: l) } ?? l("correction.not_understood"))
            return
        }
        let changed = change.applied(to: entry) { suggestedCategory($0, kind: $1, household: household) }
        guard changed != entry else {
            try reply(l("correction.unchanged", ["details": .text(EntryLine(entry: entry, today: today).details(l))]))
            return
        }
        guard try withinMoneyLimits({ try ledger.entries.update(changed) }) else {
            try reply(l("error.amount_too_large"))
            return
        }
        if change.category == changed.category && changed.category != entry.category { try learn(from: changed, household: household) }
        try refresh(entryIDs: [entry.id], household: household)
        try reply(l("correction.done", ["details": .text(EntryLine(entry: changed, today: today).details(l))]))
        try announceBudgets(after: [changed], member: member, household: household)
    }

    static let deleteWords: Set<String> = ["видалити", "видали", "видалено", "удалить", "удали", "delete", "del", "🗑", "🗑\u{FE0F}"]

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
}
