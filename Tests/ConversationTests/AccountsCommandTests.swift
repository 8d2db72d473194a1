@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// `/accounts` and `/balance`, and the questions answered by reply, with the hostile cases.
@Suite struct AccountsCommandTests {
    let chat = try! TestConversation()
    let olha = Sender.olha
    var me: ChatRef { ChatRef(id: olha.id, kind: .privateChat) }

    func spaced(_ lines: [String]) -> String {
        lines.joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    func reply(_ text: String, to line: ConsoleDelivery.Line, from sender: Sender = .olha) throws -> String {
        spaced(try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text,
                                             replyToMessageID: line.messageID, isReplyToBot: true)).texts(in: sender.id))
    }

    /// Presses a button of the `/accounts` list; returns the prompt it sent.
    func ask(_ data: (ConsoleDelivery.Line) -> String?) throws -> ConsoleDelivery.Line {
        let list = try #require(try chat.send(IncomingMessage(chat: me, sender: olha, text: "/accounts")).last)
        let pressed = try chat.press(try #require(data(list)), from: olha, messageID: list.messageID)
        return try #require(pressed.last { $0.chatID == olha.id && !$0.isEdit && $0.text.contains("Відповідайте") })
    }

    func button(_ prefix: String, row: Int) -> (ConsoleDelivery.Line) -> String? {
        { list in list.buttons.indices.contains(row) ? list.buttons[row].first { $0.data.hasPrefix(prefix) }?.data : nil }
    }

    @Test func listsAccountsWithBalancesAndButtons() throws {
        try chat.say("/start")
        try chat.say("кава 85")
        let lines = try chat.send(IncomingMessage(chat: me, sender: olha, text: "рахунки"))
        let list = try #require(lines.last)
        let text = spaced([list.text])
        #expect(text.contains("<b>Оля</b>") || text.contains("Оля"))
        #expect(text.contains("• картка (картка): -85 ₴"))
        #expect(text.contains("• готівка (готівка): 0 ₴"))
        #expect(!text.contains("monobank"))
        #expect(list.buttons.last?.first?.data == "acc:add")
        #expect(list.buttons.flatMap { $0 }.allSatisfy { $0.data.utf8.count <= 64 })
        #expect(!list.buttons[0].contains { $0.data.hasPrefix("acc:arc") })  // The default account stays.
    }

    @Test func addsByCommandAndFindsTheNameInAnyForm() throws {
        try chat.say("/start")
        #expect(spaced(try chat.say("/accounts add Ощад")) == "🏦 Рахунок «Ощад» додано: картка, UAH.")
        #expect(spaced(try chat.say("/accounts add Долари готівка USD")).contains("готівка, USD"))
        #expect(spaced(try chat.say("/accounts add депозит")).contains("заощадження"))
        #expect(spaced(try chat.say("кава 85 з Ощаду")).contains("Ощад"))
        #expect(spaced(try chat.say("переказ 5000 на депозит")) == "🔁 Переказ, не витрата: 5 000 ₴ · картка → депозит")
        let balance = spaced(try chat.say("/balance"))
        #expect(balance.contains("• Ощад: -85 ₴"))
        #expect(balance.contains("• депозит: 5 000 ₴"))
        #expect(balance.contains("• Долари: 0 $"))
        #expect(balance.contains("Разом: -85 ₴"))
    }

    @Test func refusesEmptyLongAndDuplicateNames() throws {
        try chat.say("/start")
        #expect(spaced(try chat.say("/accounts add 12345")).contains("хоча б одна літера"))
        #expect(spaced(try chat.say("/accounts add " + String(repeating: "я", count: 200))).contains("не більше 40"))
        try chat.say("/accounts add Ощад")
        #expect(spaced(try chat.say("/accounts add ощад")).contains("уже є"))
        #expect(spaced(try chat.say("/accounts add Картка")).contains("уже є"))
        #expect(spaced(try chat.say("/accounts add кава")).contains("не впізнаватиму"))
        #expect(spaced(try chat.say("кава 85")).contains("Кафе"))
        #expect(spaced(try chat.say("кава 85")).contains("картка"))
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        #expect(try chat.ledger.accounts.accounts(memberID: member.id).compactMap(\.name) == ["Ощад", "кава"])
    }

    @Test func aPromptIsAnsweredByReplyOnceByItsMember() throws {
        try chat.say("/start")
        let add = try ask(button("acc:add", row: 2))
        #expect(try reply("  ", to: add).contains("хоча б одна літера"))
        #expect(try reply("Ощад", to: add).contains("«Ощад» додано"))
        #expect(try reply("Ще один", to: add).contains("вже є відповідь"))
        let rename = try ask(button("acc:ren", row: 2))
        #expect(rename.text.contains("«Ощад»"))
        try chat.say("/start", from: .taras)
        // Тарас's reply in his own chat to the same message id is no answer to Оля's question.
        #expect(try !reply("Чуже", to: rename, from: .taras).contains("називається"))
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        #expect(try chat.ledger.accounts.accounts(memberID: member.id).compactMap(\.name) == ["Ощад"])
        #expect(try reply("Ощадбанк", to: rename).contains("називається «Ощадбанк»"))
        let balance = try ask(button("acc:bal", row: 0))
        #expect(try reply("1000000000000", to: balance).contains("завелика"))
        #expect(try reply("багато", to: balance).contains("Не розумію суму"))
        #expect(try reply("12 000", to: balance).contains("тепер 12 000 ₴"))
        #expect(spaced(try chat.say("/balance")).contains("• картка: 12 000 ₴"))
    }

    /// Issue 31: a plain `12500` right after the balance question became a 12 500 ₴ expense in
    /// «Інше». The question takes the next plain message; a new entry passes it over, and then
    /// only a reply answers it.
    @Test func thePlainMessageAfterAQuestionAnswersIt() throws {
        try chat.say("/start")
        _ = try ask(button("acc:bal", row: 0))
        #expect(spaced(try chat.say("12500")).contains("тепер 12 500 ₴"))
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        #expect(try chat.ledger.entries.count(householdID: member.householdID) == 0)
        // The question is answered: the next plain number is an entry again.
        #expect(spaced(try chat.say("300")).contains("✅"))

        let balance = try ask(button("acc:bal", row: 0))
        let passed = spaced(try chat.say("кава 85"))
        #expect(passed.contains("✅ кава") && passed.contains("відповіддю на нього"), "\(passed)")
        #expect(spaced(try chat.say("500")).contains("✅"), "passed over: a plain amount is an entry")
        #expect(try reply("9 000", to: balance).contains("тепер 9 000 ₴"), "a reply still answers")

        _ = try ask(button("acc:ren", row: 0))
        #expect(spaced(try chat.say("Зарплатна")).contains("«Зарплатна»"))
        chat.clock.advance(by: AccountsFeature.waitingLifetime + 60)
        _ = try ask(button("acc:ren", row: 0))
        chat.clock.advance(by: AccountsFeature.waitingLifetime + 60)
        #expect(spaced(try chat.say("таксі 120")).contains("✅ таксі"), "an old question takes nothing")
    }

    @Test func aStaleOrForeignPromptChangesNothing() throws {
        try chat.say("/start")
        let balance = try ask(button("acc:bal", row: 0))
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        let card = try #require(try chat.ledger.accounts.account(memberID: member.id, key: .card))
        chat.clock.advance(by: 2 * 86_400)
        #expect(try reply("500", to: balance).contains("застаріло"))
        #expect(try chat.ledger.accounts.account(id: card.id)?.openingMinor == 0)
        // A reply to an unknown message id is an entry as before.
        #expect(spaced(try chat.send(IncomingMessage(chat: me, sender: olha, text: "кава 85", replyToMessageID: 999_999))
            .texts(in: olha.id)).contains("✅"))
    }

    @Test func archivingHidesAnAccountAndKeepsItsEntries() throws {
        try chat.say("/start")
        try chat.say("/accounts add Ощад")
        try chat.say("кава 85 Ощадом")
        let list = try #require(try chat.send(IncomingMessage(chat: me, sender: olha, text: "/accounts")).last)
        let archive = try #require(list.buttons[2].first { $0.data.hasPrefix("acc:arc") })
        let pressed = try chat.press(archive.data, from: olha, messageID: list.messageID)
        #expect(pressed.contains { $0.text.contains("в архіві") })
        #expect(!spaced(try chat.say("/balance")).contains("Ощад"))
        #expect(spaced(try chat.say("/history")).contains("Ощад"))
        #expect(spaced(try chat.say("/report")).contains("Витрачено 85 ₴"))
        // The name is no account any more: it stays in the note.
        #expect(!spaced(try chat.say("кава 40 Ощадом")).contains("· Ощад\n"))
        #expect(try chat.press(archive.data, from: olha, messageID: list.messageID).contains { $0.text.contains("вже немає") })
    }

    /// Forty accounts of a member's own were 121 buttons, which Telegram refuses: the list
    /// now pages them ten at a time, and a page press elsewhere changes nothing.
    @Test func fortyAccountsArePagedTenAtATime() throws {
        try chat.say("/start")
        let member = try #require(try chat.ledger.families.member(telegramUserID: olha.id))
        for n in 1...40 { _ = try chat.ledger.accounts.add(name: "Рахунок \(n)", kind: .card, currency: .uah, memberID: member.id) }
        let list = try #require(try chat.send(IncomingMessage(chat: me, sender: olha, text: "/accounts")).last)
        #expect(TelegramMarkupValidation.refusal(list.buttons.map { $0.map { ($0.title, $0.data) } }) == nil)
        #expect(list.buttons.last?.map(\.data) == ["acc:pg:0", "acc:pg:1"] && list.buttons.count == 12, "\(list.buttons.count)")
        let last = try #require(try chat.press("acc:pg:1000", from: olha, messageID: list.messageID).first { $0.kind == .edit })
        #expect(last.buttons.last?.map { $0.title.replacingOccurrences(of: "\u{A0}", with: " ") } == ["◀️", "5/5"])
        #expect(last.buttons.dropLast(2).map(\.count) == [3, 3], "the page of the last two (and the default card, unarchivable, on page 1)")
        let stranger = try chat.press("acc:pg:1", from: .stranger, messageID: list.messageID)
        #expect(!stranger.contains { $0.kind == .edit })
    }
}
