import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension AccountsFeature {
    /// How long a question the bot asked takes the member's next plain message as its answer.
    static let waitingLifetime: TimeInterval = 15 * 60

    /// A plain private message while the bot's question about an account waits (`answerWaiting`).
    static let waitingClaim = MessageClaim("accounts.waiting", on: [.privateText]) { call in
        try AccountsFeature(call.context).answerWaiting(call.message, text: call.text, member: call.member, reply: call.reply)
    }

    /// A question the bot asked a moment ago (`Скільки зараз на рахунку «картка»?`) takes the
    /// member's next plain message as its answer, as a reply to it would (`12500`). A message
    /// that is plainly a new entry (`кава 85` after the balance question, any amount after a
    /// name question) is recorded as one, and the bot says the question was left: a reply still
    /// answers it, a plain message no longer does. False when no question waits.
    /// Cost: one indexed read per plain private message.
    func answerWaiting(_ message: IncomingMessage, text: String, member: Member, reply: Replier) throws -> Bool {
        guard message.replyToMessageID == nil,
              let prompt = try ledger.accounts.waitingPrompt(memberID: member.id, chatID: message.chat.id,
                                                            since: clock.now().addingTimeInterval(-Self.waitingLifetime))
        else { return false }
        if try !isNewEntry(text, answering: prompt, member: member) {
            try reply(try answer(prompt, text: text, member: member))
            return true
        }
        try ledger.accounts.passOver(prompt)
        try context.router.readAsEntry(text, message: message, member: member)
        try reply(localizer(member)("accounts.prompt.left"))
        return true
    }

    /// A balance question is answered by an amount alone; a name question by words without one.
    private func isNewEntry(_ text: String, answering prompt: AccountPrompt, member: Member) throws -> Bool {
        let household = try household(of: member)
        let today = today(of: household)
        if prompt.action == .balance, let id = prompt.accountID, let account = try ledger.accounts.account(id: id),
           AccountAmount.read(text, currency: account.currency, today: today) != nil {
            return false
        }
        guard case .success(let entries) = parser.parse(text, today: today) else { return false }
        return !entries.isEmpty
    }
}
