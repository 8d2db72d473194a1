import Banking
import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension StatementsFeature {
    /// ✂️ under a `/review` row: a question the member answers by reply with the parts.
    func askSplit(_ stored: StoredBankFact, press: CallbackPress, member: Member, household: Household) throws -> String? {
        let l = localizer(member)
        let chat = press.chat ?? ChatRef(id: member.telegramUserID, kind: .privateChat)
        let day = LocalDate(stored.fact.time, in: household.timeZone)
        let magnitude = Money(minorUnits: stored.fact.amount.minorUnits == .min ? .max : abs(stored.fact.amount.minorUnits),
                              currency: stored.fact.amount.currency)
        let question = try Replier(ledger: ledger, chat: chat)(l("review.split.ask", [
            "date": .text(l.dayAndMonth(day)), "description": .text(stored.fact.description.clipped(to: 48).htmlEscaped),
            "amount": .money(magnitude),
        ]))
        try ledger.statements.askSplit(factID: stored.id, memberID: member.id, outboxID: question)
        return l("review.split.asked")
    }

    /// A private reply to ✂️'s question (`answerSplit`).
    static let splitClaim = MessageClaim("statements.split", on: [.privateText]) { call in
        try StatementsFeature(call.context).answerSplit(call.message, text: call.text, member: call.member, reply: call.reply)
    }

    /// A reply to ✂️'s question: the row's purchase becomes its parts (and what they leave, in
    /// the row's own category), each dated and paid as the row was. True when the message was
    /// such a reply, whatever came of it.
    func answerSplit(_ message: IncomingMessage, text: String, member: Member, reply: Replier) throws -> Bool {
        guard let target = message.replyToMessageID,
              let prompt = try ledger.statements.splitPrompt(chatID: message.chat.id, messageID: target) else { return false }
        let l = localizer(member)
        guard prompt.memberID == member.id, let stored = try ledger.statements.fact(id: prompt.factID),
              stored.householdID == member.householdID else {
            try reply(l("review.not_yours"))
            return true
        }
        guard stored.state == .ambiguous else {
            try reply(l("review.done_already"))
            return true
        }
        let household = try household(of: member)
        let kind: EntryKind = stored.fact.amount.minorUnits < 0 ? .expense : .income
        guard stored.fact.amount.minorUnits != .min else { return true }
        let day = LocalDate(stored.fact.time, in: household.timeZone)
        let whole = ParsedEntry(kind: kind, amount: Money(minorUnits: abs(stored.fact.amount.minorUnits), currency: stored.fact.amount.currency),
                                category: CorrectionsFeature(context).suggestedCategory(stored.fact.description, kind: kind, household: household),
                                account: try accountKey(stored.fact.bank, member: member), date: day,
                                note: stored.fact.description.clipped(to: 60), isPrivate: false)
        let rules = try ledger.rules.list(householdID: household.id)
        switch parser.split(whole, into: text, today: today(of: household), rules: rules.isEmpty ? nil : LearnedRules(rules)) {
        case nil:
            try reply(l("review.split.usage"))
        case .failure(let failure):
            try reply(EntriesFeature(context).hint(for: failure, text: text, localizer: l))
        case .success(let parts):
            let entries: [Entry]
            do {
                entries = try ledger.entries.add(parts.map { EntriesFeature(context).newEntry($0, text: "") }, by: member)
            } catch is MoneyOverflow {
                try reply(l("error.amount_too_large"))
                return true
            }
            try ledger.statements.settle(stored.id, state: .recorded, entryID: entries.first?.id)
            if let made = stored.entryID { _ = try ledger.entries.delete(entryID: made) }
            try EntriesFeature(context).show(.confirmation, entryIDs: entries.map(\.id), household: household, reply: reply)
        }
        return true
    }
}
