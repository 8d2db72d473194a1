import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ConversationHandler {
    /// A message in a group. Only a linked family group's members are answered; with privacy
    /// mode off the bot sees all chatter, so plain text counts only when it reads as an entry.
    func receiveInGroup(_ message: IncomingMessage) throws {
        let text = message.text.trimmed
        let command = Command(text, botUsername: settings.botUsername)
        let addressed = command != nil || message.isReplyToBot
        let reply = Replier(ledger: ledger, chat: message.chat)
        guard let household = try ledger.families.household(familyChatID: message.chat.id) else {
            if addressed { try reply(catalog[language(of: message.sender)]("group.not_linked")) }
            return
        }
        guard var member = try ledger.families.member(telegramUserID: message.sender.id), member.householdID == household.id else {
            if addressed { try reply(catalog[language(of: message.sender)]("group.not_member")) }
            return
        }
        // Put back by someone outside the family: nothing of the household is said here.
        guard !household.familyChatPaused else {
            if addressed { try reply(localizer(member)("group.paused")) }
            return
        }
        if let command {
            try run(command, member: &member, message: message, reply: reply)
        } else if let view = try replied(to: message) {
            try correct(view, with: text, member: member, reply: reply)
        } else if message.isReplyToBot {
            try record(text, message: message, member: member, reply: reply)
        } else if readsAsEntry(text, household: household) {
            try record(text, message: message, member: member, reply: reply)
        }
    }

    /// Unaddressed group text is an entry only with confidence: it parses, and each entry has a
    /// category, merchant, currency or account word beside its one plausible amount (a learned
    /// rule counts).
    /// Anything else is chatter and gets no answer at all.
    private func readsAsEntry(_ text: String, household: Household) -> Bool {
        let today = today(of: household)
        guard case .success(let entries) = parse(text, household: household, today: today),
              entries.allSatisfy({ $0.readings.isEmpty }) else { return false }
        return entries.allSatisfy { $0.account != nil || ![.other, .otherIncome].contains($0.category) }
            || parser.readsAsEntry(text, today: today)
    }

    /// The family chat speaks its owner's language.
    func familyLocalizer(_ household: Household) -> Localizer {
        let owner = (try? ledger.families.members(householdID: household.id))?.first { $0.role == .owner }
        return catalog[owner.flatMap { Language(rawValue: $0.language) } ?? settings.defaultLanguage]
    }
}
