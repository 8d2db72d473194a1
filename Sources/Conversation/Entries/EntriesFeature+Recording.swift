import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension EntriesFeature {
    /// Stores what the words hold and confirms it; then tells the family (for entries made in
    /// a private chat) and announces any budget it pushed over a threshold. Or explains what is
    /// missing, storing nothing. Words nothing else claimed (`Features.claims`) come here.
    func record(_ call: MemberCall) throws {
        let text = call.text, message = call.message, member = call.member, reply = call.reply
        let household = try call.household()
        switch try call.parsed() {
        case .failure(let failure):
            try reply(hint(for: failure, text: text, localizer: localizer(member)))
        case .success(let stored) where stored.contains(where: { !$0.readings.isEmpty }):
            try AmountQuestionsFeature(context).ask(stored, text: text, message: message, member: member, reply: reply)
        case .success(let stored):
            let source = EntrySource(updateID: message.updateID, chatID: message.chat.id, messageID: message.messageID)
            try save(stored, text: text, source: source, member: member, household: household,
                     inPrivate: message.chat.kind == .privateChat, reply: reply)
        }
    }

    /// Stores parsed entries and confirms them; entries made in a private chat are told to the
    /// family, and any budget they pushed over a threshold is announced.
    func save(_ stored: [ParsedEntry], text: String, source: EntrySource, member: Member, household: Household,
              inPrivate: Bool, reply: Replier) throws {
        let saved: [Entry]
        do {
            saved = try ledger.entries.add(stored.enumerated().map { newEntry($1, text: $0 == 0 ? text : "") }, by: member,
                                           source: source)
        } catch is MoneyOverflow {
            try reply(localizer(member)("error.amount_too_large"))  // A month total would pass Int64: nothing is stored.
            return
        }
        let told: EntryNeighbours.Saved = (saved, member, household, reply)
        // A purchase the bank brought before is one entry: the typed one, linked to its row.
        let askWhichRow = try neighbours.linkBankRows(context, told)
        // A message's later entries are read again: a read gives them the message's text.
        try show(.confirmation, entryIDs: saved.map(\.id), household: household, reply: reply,
                 stored: saved.filter { !$0.originalText.isEmpty })
        try askWhichRow()
        if inPrivate { try neighbours.postToFamily(context, told) }
        try neighbours.announceBudgets(context, saved, member, household)
        try neighbours.offerRecurring(context, told)
    }

    /// Runs `body` as one savepoint; false, keeping nothing of it, when it would push a month
    /// total past `Int64` (a change to an entry can, as a new entry can).
    func withinMoneyLimits(_ body: () throws -> Void) throws -> Bool {
        do {
            try ledger.refusingOverflow(body)
            return true
        } catch is MoneyOverflow {
            return false
        }
    }

    /// Parses with the household's base currency and the category rules it learned, and with
    /// the account names of `member` when given.
    func parse(_ text: String, household: Household, today: LocalDate, member: Member? = nil) -> Result<[ParsedEntry], ParseFailure> {
        let parser = household.baseCurrency == self.parser.baseCurrency ? self.parser
            : EntryParser(baseCurrency: household.baseCurrency)
        let rules = (try? ledger.rules.list(householdID: household.id)).map(LearnedRules.init)
        let accounts = try? member.flatMap { try neighbours.accountNames(context, $0) }
        return parser.parse(text, today: today, rules: rules?.isEmpty == false ? rules : nil, accounts: accounts ?? nil)
    }

    /// `text` is the message's: only its first entry keeps it (see `NewEntry.originalText`).
    func newEntry(_ parsed: ParsedEntry, text: String) -> NewEntry {
        NewEntry(kind: parsed.kind, amount: parsed.amount, category: parsed.category, account: parsed.account,
                 date: parsed.date, note: parsed.note, originalText: text, isPrivate: parsed.isPrivate)
    }

    func hint(for failure: ParseFailure, text: String, localizer l: Localizer) -> String {
        switch failure {
        case .noAmount where parser.category(named: text) != nil:
            return l("error.no_amount.known", ["text": .text(text.htmlEscaped)])
        default:
            return l("error.\(failure.rawValue)")
        }
    }
}
