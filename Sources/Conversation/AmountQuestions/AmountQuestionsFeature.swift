import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Amount questions: a message with two plausible amounts (`обід 250 300`) is not guessed at;
/// its writer is asked, a button per reading, and the entries are made when one is pressed.
/// The question lives a week (`AmountQuestionStore`); an edit of its message drops it.
struct AmountQuestionsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let buttons = ButtonNamespace.of(AmountButton.self) { button, call in
        try AmountQuestionsFeature(call.context).choose(questionID: button.questionID, reading: button.reading,
                                                        press: call.press, member: call.member)
    }
}

extension AmountQuestionsFeature {
    /// A message with two plausible amounts (`обід 250 300`): in a private chat, a question with
    /// a button per reading, and nothing stored until one is pressed; in a group, where only a
    /// sure entry is answered, a hint to write the amount alone.
    func ask(_ parsed: [ParsedEntry], text: String, message: IncomingMessage, member: Member, reply: Replier) throws {
        let l = localizer(member)
        guard message.chat.kind == .privateChat, let readings = parsed.first(where: { !$0.readings.isEmpty })?.readings else {
            try reply(l("amount.ask.group"))
            return
        }
        let source = EntrySource(updateID: message.updateID, chatID: message.chat.id, messageID: message.messageID)
        let id = try ledger.amountQuestions.add(memberID: member.id, text: text, source: source)
        try reply(questionText(text, l), buttons: [readings.enumerated().map { index, money in
            OutboxButton(title: l.money(money, style: .compact), data: AmountButton(questionID: id, reading: index).encoded)
        }])
    }

    /// A pressed reading: only the question's writer may answer it, once. The message is read
    /// again with today's rules and the writer's accounts, but as of the day it was written:
    /// `вчора`, or no date at all, means the same day whenever the button is pressed. The first
    /// uncertain entry takes the chosen amount and the others keep their most likely one.
    func choose(questionID: Int64, reading: Int, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        guard let question = try ledger.amountQuestions.question(id: questionID) else { return l("amount.ask.gone") }
        guard question.memberID == member.id else { return l("amount.ask.not_yours") }
        let household = try household(of: member)
        let written = LocalDate(question.createdAt, in: household.timeZone)
        let entries = EntriesFeature(context)
        guard case .success(var parsed) = entries.parse(question.text, household: household, today: written, member: member),
              let index = parsed.firstIndex(where: { !$0.readings.isEmpty }),
              parsed[index].readings.indices.contains(reading)
        else {
            try ledger.amountQuestions.delete(id: questionID)
            return l("amount.ask.gone")
        }
        parsed[index].amount = parsed[index].readings[reading]
        for i in parsed.indices { parsed[i].readings = [] }
        try ledger.amountQuestions.answer(question)
        try edit(press, html: questionText(question.text, l), buttons: [])
        let chat = press.chat ?? ChatRef(id: member.telegramUserID, kind: .privateChat)
        try entries.save(parsed, text: question.text, source: question.source, member: member, household: household,
                         inPrivate: chat.kind == .privateChat, reply: Replier(ledger: ledger, chat: chat))
        return nil
    }

    private func questionText(_ text: String, _ l: Localizer) -> String {
        l("amount.ask", ["text": .text(text.htmlEscaped)])
    }
}
