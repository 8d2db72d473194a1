import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension ConversationHandler {
    /// A message in a group. Only a linked family group's members are answered; with privacy
    /// mode off the bot sees all chatter, so plain text counts only when it reads as an entry.
    /// A Monobank token, in any group and from anyone, is deleted and its writer warned.
    func receiveInGroup(_ message: IncomingMessage) throws {
        if try MonobankFeature(context).intercept(message) { return }
        let text = message.text.trimmed
        let command = Command(text, botUsername: settings.botUsername)
        let addressed = command != nil || message.isReplyToBot
        let reply = Replier(ledger: ledger, chat: message.chat)
        let context = self.context
        let welcome = WelcomeFeature(context), entries = EntriesFeature(context)
        if command?.name == "monobank" || command?.name == "mono" {  // Any group, linked or not: only "in private".
            let member = try ledger.families.member(telegramUserID: message.sender.id)
            try MonobankFeature(context).inGroup(message, l: member.map(welcome.localizer) ?? catalog[welcome.language(of: message.sender)])
            return
        }
        guard let household = try ledger.families.household(familyChatID: message.chat.id) else {
            if addressed { try reply(catalog[welcome.language(of: message.sender)]("group.not_linked")) }
            return
        }
        guard let member = try ledger.families.member(telegramUserID: message.sender.id), member.householdID == household.id else {
            if addressed { try reply(catalog[welcome.language(of: message.sender)]("group.not_member")) }
            return
        }
        // Put back by someone outside the family: nothing of the household is said here.
        guard !household.familyChatPaused else {
            if addressed { try reply(welcome.localizer(member)("group.paused")) }
            return
        }
        if let command {
            try run(command, member: member, message: message, reply: reply)
        } else if let view = try replied(to: message) {
            try CorrectionsFeature(context).correct(view, with: text, member: member, reply: reply)
        } else if message.isReplyToBot, try RecurringFeature(context).answerReply(message, text: text, member: member, reply: reply) {
            return
        } else if message.isReplyToBot {
            try entries.record(text, message: message, member: member, reply: reply)
        } else if entries.readsAsEntry(text, household: household) {
            try entries.record(text, message: message, member: member, reply: reply)
        }
    }
}
