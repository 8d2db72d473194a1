import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension EntriesFeature {
    /// The author edited the message that made entries: they are re-read from the new text, as
    /// of the day it was written and with the author's own accounts — changed in place, added,
    /// or removed when it no longer holds an amount. An amount or a date out of bounds, or a
    /// month total it would push past `Int64`, changes nothing and is answered as a new message
    /// with it would be: one extra digit must not delete the entry.
    /// Two plausible amounts (`кава 85 120`), which a new message would ask about, change
    /// nothing either: the author is told to leave the amount alone in the message.
    func edited(_ message: IncomingMessage) throws {
        guard let messageID = message.messageID, let member = try ledger.families.member(telegramUserID: message.sender.id) else { return }
        let old = try ledger.entries.list(sourceChatID: message.chat.id, sourceMessageID: messageID)
        // A message the bot asked about (two plausible amounts) and its writer then edited: the
        // question closes and the new text is read as a new message is; it went unanswered.
        if old.isEmpty, let question = try ledger.amountQuestions.questionID(chatID: message.chat.id, messageID: messageID),
           try ledger.amountQuestions.question(id: question)?.memberID == member.id {
            try ledger.amountQuestions.delete(id: question)
            try context.router.readAsEntry(message.text.trimmed, message: message, member: member)
            return
        }
        // What they wrote in a family they left stays as it was there.
        guard !old.isEmpty, old.allSatisfy({ $0.memberID == member.id && $0.householdID == member.householdID }) else { return }
        let household = try household(of: member)
        let reply = Replier(ledger: ledger, chat: message.chat)
        let l = localizer(member)
        var text = message.text.trimmed
        if let command = Command(text, botUsername: settings.botUsername), command.name == "add" { text = command.argument }
        let parsed: [ParsedEntry]
        // As of the day it was written: for a pressed reading, not the press's day.
        let written = LocalDate(try ledger.amountQuestions.writtenAt(chatID: message.chat.id, messageID: messageID) ?? old[0].createdAt,
                                in: household.timeZone)
        switch parse(text, household: household, today: written, member: member) {
        case .success(let entries) where entries.contains(where: { !$0.readings.isEmpty }):
            try reply(l("amount.ask.edit"))
            return
        case .success(let entries): parsed = entries
        case .failure(let failure) where failure == .amountTooLarge || failure == .dateOutOfRange:
            try reply(hint(for: failure, text: text, localizer: l))
            return
        case .failure: parsed = []
        }
        var added: [Entry] = []
        let fits = try withinMoneyLimits {
            for (index, (entry, new)) in zip(old, parsed).enumerated() {
                var entry = entry
                entry.kind = new.kind
                entry.amount = new.amount
                entry.category = new.category
                entry.account = new.account ?? member.defaultAccount
                entry.date = new.date
                entry.note = new.note
                entry.originalText = index == 0 ? text : ""
                entry.isPrivate = new.isPrivate
                try ledger.entries.update(entry)
            }
            for entry in old.dropFirst(parsed.count) { try ledger.entries.delete(entryID: entry.id) }
            added = try ledger.entries.add(parsed.dropFirst(old.count).map { newEntry($0, text: "") }, by: member,
                                   source: EntrySource(updateID: message.updateID, chatID: message.chat.id, messageID: messageID))
        }
        guard fits else {
            try reply(l("error.amount_too_large"))
            return
        }
        if !added.isEmpty, let view = try ledger.entryViews.showing(old.map(\.id)).first(where: { $0.kind == .confirmation }) {
            try ledger.entryViews.extend(view, with: added.map(\.id))
        }
        try refresh(entryIDs: old.map(\.id) + added.map(\.id), household: household)
        let changed = try (old.map(\.id) + added.map(\.id)).compactMap { try ledger.entries.entry(id: $0) }
        try neighbours.announceBudgets(context, changed, member, household)
    }
}
