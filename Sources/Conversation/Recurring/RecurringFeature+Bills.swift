import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Recurring

/// A bill's answers: ✓ paid, another amount (asked by a reply), skipped. Any member of the
/// household may answer a shared bill; only its author a private one. Each occurrence is
/// answered once: a second press, or a press on an older reminder, changes nothing.
extension RecurringFeature {
    func answer(_ button: RecurringButton, item: RecurringItem, call: ButtonCall) throws -> String? {
        let l = call.localizer
        guard let date = button.date, let occurrence = try ledger.recurring.occurrence(itemID: item.id, date: date) else {
            return l("recurring.gone")
        }
        guard occurrence.state == .reminded else { return l("recurring.answered") }
        let words = RecurringWords(l: l)
        switch button.action {
        case .paid:
            guard let amount = item.amount else { return nil }
            guard let entry = try pay(item, date: date, amount: amount, by: call.member) else { return l("error.amount_too_large") }
            let household = try household(of: call.member)
            try edit(call.press, html: l("recurring.paid", ["name": .text(words.short(item))]), buttons: [])
            try confirm(entry, by: call.member, household: household, chat: call.press.chat)
            return l("recurring.paid.short")
        case .pass:
            _ = try ledger.recurring.resolve(itemID: item.id, date: date, as: .skipped)
            try edit(call.press, html: l("recurring.passed", ["name": .text(words.short(item)), "date": .text(l.dayAndMonth(date))]), buttons: [])
            return nil
        default:
            let chat = call.press.chat.map { Replier(ledger: ledger, chat: $0) } ?? privateChat(of: call.member)
            let outboxID = try chat(l("recurring.ask_amount", ["name": .text(words.name(item)), "date": .text(l.dayAndMonth(date))]))
            try ledger.recurring.setReminder(outboxID, itemID: item.id, date: date)
            return nil
        }
    }

    /// A reply to a bill's question or reminder: in a private chat, or to the bot in the group.
    static let replyClaim = MessageClaim("recurring.reply", on: [.privateText, .groupText]) { call in
        guard call.kind == .privateText || call.message.isReplyToBot else { return false }
        return try RecurringFeature(call.context).answerReply(call.message, text: call.text, member: call.member, reply: call.reply)
    }

    /// A reply with the amount paid to the question `answer` asked (or to the reminder);
    /// false when the message answers no bill.
    func answerReply(_ message: IncomingMessage, text: String, member: Member, reply: Replier) throws -> Bool {
        if try answerAmountReply(message, text: text, member: member, reply: reply) { return true }
        guard let target = message.replyToMessageID,
              let occurrence = try ledger.recurring.occurrence(reminderChatID: message.chat.id, messageID: target)
                ?? occurrence(buttonsOf: target, chatID: message.chat.id) else { return false }
        let l = localizer(member)
        guard let item = try item(occurrence.itemID, for: member) else {
            try reply(l("recurring.gone"))
            return true
        }
        guard occurrence.state == .reminded else {
            try reply(l("recurring.answered"))
            return true
        }
        let household = try household(of: member)
        switch AccountAmount.read(text, currency: item.currency, today: today(of: household)) {
        case .value(let minor) where minor > 0:
            guard let entry = try pay(item, date: occurrence.date, amount: Money(minorUnits: minor, currency: item.currency), by: member) else {
                try reply(l("error.amount_too_large"))
                return true
            }
            try confirm(entry, by: member, household: household, chat: message.chat)
        case .tooLarge:
            try reply(l("error.amount_too_large"))
        default:
            try reply(l("recurring.amount_hint"))
        }
        return true
    }

    /// The occurrence an earlier reminder's buttons name: the day-before one, answered by a
    /// reply once the day's reminder (or the question for another amount) came after it.
    private func occurrence(buttonsOf messageID: Int64, chatID: Int64) throws -> RecurringOccurrence? {
        let buttons = try ledger.outbox.sentButtons(chatID: chatID, messageID: messageID) ?? []
        guard let button = buttons.joined().lazy.compactMap({ RecurringButton($0.data) }).first(where: { $0.action.target == .occurrence }),
              let date = button.date else { return nil }
        return try ledger.recurring.occurrence(itemID: button.id, date: date)
    }

    /// Records the bill's entry by the member who paid it, dated the day they say so or its
    /// due day, whichever is earlier; nil, recording nothing, when a month total would overflow.
    private func pay(_ item: RecurringItem, date: LocalDate, amount: Money, by member: Member) throws -> Entry? {
        let day = min(date, today(of: try household(of: member)))
        let entry = NewEntry(kind: item.kind, amount: amount, category: item.category,
                             account: member.id == item.memberID ? item.account : nil, date: day, note: item.note,
                             originalText: "", isPrivate: item.isPrivate)
        do {
            return try ledger.refusingOverflow {
                let saved = try ledger.entries.add([entry], by: member)
                // The caller saw the bill waiting in this transaction: it still is.
                guard let first = saved.first, try ledger.recurring.resolve(itemID: item.id, date: date, as: .recorded, entryID: first.id)
                else { throw MoneyOverflow() }
                return first
            }
        } catch is MoneyOverflow {
            return nil
        }
    }

    /// The entry's confirmation with its buttons, the family post and the budget alerts, as
    /// for a typed entry.
    private func confirm(_ entry: Entry, by member: Member, household: Household, chat: ChatRef?) throws {
        let reply = chat.map { Replier(ledger: ledger, chat: $0) } ?? privateChat(of: member)
        _ = try EntriesFeature(context).show(.confirmation, entryIDs: [entry.id], household: household, reply: reply)
        if reply.chat.kind == .privateChat {
            try FamilyBroadcaster(family: FamilyFeature(context)).post([entry], by: member, household: household)
        }
        try BudgetsFeature(context).announce(after: [entry], member: member, household: household)
    }
}
