import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Recurring

/// A message that says a payment comes back (`netflix 299 щомісяця`, `оренда 15000 кожного
/// 5-го`, `комуналка щомісяця`): the item is made and confirmed with its schedule and next
/// date, with buttons to switch how it is kept, change it or cancel it.
extension RecurringFeature {
    /// Words that say a schedule (`netflix 299 щомісяця`).
    static let createClaim = MessageClaim("recurring.create", on: [.entryText]) { call in
        try RecurringFeature(call.context).create(call.text, member: call.member, reply: call.reply)
    }

    /// Makes the item the message says; false, changing nothing, for a message that says no
    /// schedule (an ordinary entry). One schedule and one payment per message.
    func create(_ text: String, member: Member, reply: Replier) throws -> Bool {
        guard RecurrencePhrase.mayHold(text) else { return false }
        let household = try household(of: member)
        let today = today(of: household)
        guard let reading = RecurrencePhrase.read(text, today: today) else { return false }
        let l = localizer(member)
        let phrase: RecurrencePhrase
        switch reading {
        case .success(let read): phrase = read
        case .failure(.noSuchDay): try reply(l("recurring.no_such_day")); return true
        case .failure(.endBeforeStart): try reply(l("recurring.end_before_start")); return true
        case .failure(.severalSchedules): try reply(l("recurring.several")); return true
        }
        guard !phrase.rest.isEmpty else {
            try reply(l("recurring.what"))
            return true
        }
        // Money between one's own accounts is neither spending nor income: not a bill to count.
        let parser = household.baseCurrency == self.parser.baseCurrency ? self.parser : EntryParser(baseCurrency: household.baseCurrency)
        if parser.transfer(phrase.rest, today: today, accounts: try AccountsFeature(context).accountNames(member)) != nil {
            try reply(l("recurring.transfer"))
            return true
        }
        let entries = EntriesFeature(context)
        let payment: ParsedEntry, amount: Money?
        switch entries.parse(phrase.rest, household: household, today: today, member: member) {
        case .success(let parsed) where parsed.count == 1 && parsed[0].readings.isEmpty:
            payment = parsed[0]
            amount = payment.amount
        case .success:
            try reply(l("recurring.one_at_a_time"))
            return true
        case .failure(.noAmount):
            // `комуналка щомісяця`: asked each time. Read with a stand-in amount for its note,
            // category and account, which are what the parser reads around an amount.
            guard case .success(let parsed) = entries.parse(phrase.rest + " 1", household: household, today: today, member: member),
                  parsed.count == 1 else {
                try reply(l("recurring.what"))
                return true
            }
            payment = parsed[0]
            amount = nil
        case .failure(let failure):
            try reply(entries.hint(for: failure, text: phrase.rest, localizer: l))
            return true
        }
        let start = phrase.start ?? today.adding(days: 1)
        let schedule = RecurrenceSchedule(phrase.cadence, start: start, end: phrase.end)
        let automatic = amount != nil && (payment.kind == .income || payment.category == "subscriptions")
        let new = NewRecurringItem(mode: automatic ? .automatic : .bill, kind: payment.kind, amount: amount,
                                   currency: amount?.currency ?? household.baseCurrency, category: payment.category,
                                   account: payment.account, note: payment.note, isPrivate: payment.isPrivate, schedule: schedule)
        // A start in the past names when it began, not what to catch up: nothing before today.
        guard let item = try ledger.recurring.add(new, by: member, nextDate: schedule.first(onOrAfter: max(start, today))) else { return true }
        // Made private in the group: the group hears only that, as for a private entry; its
        // author finds it in `/recurring` in our private chat.
        guard viewer(in: reply.chat, member).sees(isPrivate: item.isPrivate, of: item.memberID) else {
            try reply(localizer(member)("recurring.private"))
            return true
        }
        let (html, buttons) = try created(item, member: member, household: household, in: reply.chat)
        try reply(html, buttons: buttons)
        return true
    }

    /// What a new item's message in `chat` says, with buttons to switch its mode, open its card, or undo it.
    func created(_ item: RecurringItem, member: Member, household: Household, in chat: ChatRef) throws -> (String, [[OutboxButton]]) {
        let l = localizer(member), words = RecurringWords(l: l)
        var lines = [l("recurring.created", ["line": .text(words.line(item))]), words.next(item, today: today(of: household))]
        if let duplicate = try duplicateNotice(after: item, household: household, shownTo: viewer(in: chat, member), l) { lines.append(duplicate) }
        var row: [OutboxButton] = []
        if item.amount != nil {
            row.append(item.mode == .automatic
                ? OutboxButton(title: l("recurring.button.to_bill"), data: RecurringButton(.bill, id: item.id).encoded)
                : OutboxButton(title: l("recurring.button.to_automatic"), data: RecurringButton(.automatic, id: item.id).encoded))
        }
        row.append(OutboxButton(title: l("recurring.button.settings"), data: RecurringButton(.open, id: item.id).encoded))
        row.append(OutboxButton(title: l("recurring.button.cancel"), data: RecurringButton(.cancel, id: item.id).encoded))
        return (lines.joined(separator: "\n"), [row])
    }
}
