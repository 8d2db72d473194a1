import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension CorrectionsFeature {
    /// A reply, in a private chat or the family group, to a message that shows entries.
    static let replyClaim = MessageClaim("corrections.reply", on: [.privateText, .groupText]) { call in
        guard let target = call.message.replyToMessageID,
              let view = try call.context.ledger.entryViews.view(chatID: call.message.chat.id, messageID: target) else { return false }
        try CorrectionsFeature(call.context).correct(view, with: call.text, member: call.member, reply: call.reply)
        return true
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
            try EntriesFeature(context).refresh(entryIDs: live.map(\.id), household: household)
            try reply(l("entry.deleted.answer"))
            return
        }
        guard live.count == 1, let entry = live.first else {
            try reply(l(EntryViewRenderer.isSummary(entryCount: view.entryIDs.count) ? "entry.summary.hint" : "correction.many"))
            return
        }
        let today = today(of: household)
        let change = correction(text, household: household, today: today)
        guard !change.amountIsUnclear else {
            try reply(l("amount.ask.reply"))
            return
        }
        guard !change.isEmpty else {
            let refusal = outOfBounds(text, household: household, today: today)
            try reply(refusal.map { EntriesFeature(context).hint(for: $0, text: text, localizer: l) } ?? l("correction.not_understood"))
            return
        }
        let changed = change.applied(to: entry) { suggestedCategory($0, kind: $1, household: household) }
        guard changed != entry else {
            try reply(l("correction.unchanged", ["details": .text(EntryLine(entry: entry, today: today).details(l))]))
            return
        }
        guard try EntriesFeature(context).withinMoneyLimits({ try ledger.entries.update(changed) }) else {
            try reply(l("error.amount_too_large"))
            return
        }
        if change.category == changed.category && changed.category != entry.category {
            try RulesFeature(context).learn(from: changed, household: household)
        }
        try EntriesFeature(context).refresh(entryIDs: [entry.id], household: household)
        try reply(l("correction.done", ["details": .text(EntryLine(entry: changed, today: today).details(l))]))
        try BudgetsFeature(context).announce(after: [changed], member: member, household: household)
    }

    static let deleteWords: Set<String> = ["видалити", "видали", "видалено", "удалить", "удали", "delete", "del", "🗑", "🗑\u{FE0F}"]

    /// Why a correction that reads as an amount or a date cannot be taken: out of bounds.
    func outOfBounds(_ text: String, household: Household, today: LocalDate) -> ParseFailure? {
        for candidate in [text, text + " 1"] {
            switch EntriesFeature(context).parse(candidate, household: household, today: today) {
            case .failure(let failure) where failure == .amountTooLarge || failure == .dateOutOfRange: return failure
            case .failure(.noAmount): continue
            default: return nil
            }
        }
        return nil
    }
}
