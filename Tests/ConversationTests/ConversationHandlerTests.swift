import Conversation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct ConversationHandlerTests {
    let chat = try! TestConversation()
    let today = LocalDate(year: 2026, month: 11, day: 21)!

    func entries(of sender: Sender) throws -> [Entry] {
        let member = try #require(try chat.ledger.families.member(telegramUserID: sender.id))
        return try chat.ledger.entries.list(householdID: member.householdID,
                                       dates: today.adding(days: -400)...today)
    }

    @Test func aNewcomerIsWelcomedAndTheirEntryStored() throws {
        let replies = try chat.say("кава 85 грн картка")
        #expect(replies.count == 2)
        #expect(replies[0].hasPrefix("Привіт, Олю! Я Копійка"))
        #expect(replies[1] == "✅ кава · 85\u{A0}₴ · Кафе · картка")
        let stored = try entries(of: .olha)
        #expect(stored.count == 1)
        #expect(stored[0].amount == Money(minorUnits: 8500, currency: .uah))
        #expect(stored[0].category == "cafe")
        #expect(stored[0].account == .card)
        #expect(stored[0].date == today)
        #expect(stored[0].originalText == "кава 85 грн картка")
    }

    @Test(arguments: [
        (Sender.olha, "Привіт, Олю! ", "Основний рахунок — картка."),
        (Sender(id: 1003, firstName: "Тарас", languageCode: "uk"), "Привіт, Тарасе! ", "Основний рахунок — картка."),
        (Sender(id: 1004, firstName: "Ілля", languageCode: "uk"), "Привіт! Я Копійка", "Основний рахунок — картка."),
        (Sender(id: 1005, firstName: "Olya", languageCode: "uk"), "Привіт, Olya! ", "Основний рахунок — картка."),
        (Sender(id: 1006, firstName: "Ігор", languageCode: "uk"), "Привіт, Ігорю! ", "Основний рахунок — картка."),
        (Sender(id: 1007, firstName: "Маріам", languageCode: "uk"), "Привіт! Я Копійка", "Основний рахунок — картка."),
        (Sender(id: 2002, firstName: "Оля", languageCode: "ru"), "Привет, Оля! ", "Основной счёт — карта."),
        (Sender.anna, "Hi, Anna! I’m Kopiyka", "Main account: card."),
    ])
    func theWelcomeAddressesThemRightAndNamesTheDefaultAccount(sender: Sender, greeting: String, account: String) throws {
        let welcome = try chat.say("/start", from: sender)
        #expect(welcome.count == 1)
        #expect(welcome.first?.hasPrefix(greeting) == true, "\(welcome)")
        #expect(welcome.first?.contains(account) == true, "\(welcome)")
    }

    @Test func answersInTheMembersLanguage() throws {
        #expect(try chat.say("такси 120 вчера", from: .dmitry).last == "✅ такси · 120\u{A0}₴ · Такси · карта · вчера")
        #expect(try chat.say("coffee 3.50 usd cash", from: .anna).last == "✅ coffee · $3.50 · Cafés · cash")
    }

    @Test func incomeIsShownWithAPlus() throws {
        try chat.say("/start")
        #expect(try chat.say("+30000 зарплата") == ["💰 зарплата · +30\u{A0}000\u{A0}₴ · Зарплата · картка"])
    }

    @Test func aMessageWithoutAnAmountStoresNothingAndAsksHowMuch() throws {
        try chat.say("/start")
        let reply = try chat.say("кава")
        #expect(reply.count == 1)
        #expect(reply[0].contains("кава 85"))
        #expect(try chat.say("привіт").count == 1)
        #expect(try entries(of: .olha).isEmpty)
    }

    @Test func userTextIsEscapedForTelegramHTML() throws {
        try chat.say("/start")
        try chat.handler.handle(IncomingMessage(
            chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "<b>кава</b> 85"))
        guard case .message(let html, _, _)? = try chat.ledger.outbox.pending().last?.content else {
            Issue.record("nothing queued")
            return
        }
        #expect(html.contains("&lt;b&gt;кава&lt;/b&gt;"))
    }

    @Test func theLanguageCanBeChanged() throws {
        try chat.say("/start")
        #expect(try chat.say("/lang en").first?.contains("English") == true)
        #expect(try chat.say("кава 85").last == "✅ кава · ₴85 · Cafés · card")
        #expect(try chat.ledger.families.member(telegramUserID: Sender.olha.id)?.language == "en")
        #expect(try chat.say("/lang xx").first?.contains("/lang uk") == true)
    }

    @Test func severalEntriesInOneMessageAreConfirmedLineByLine() throws {
        try chat.say("/start")
        let reply = try chat.say("кава 85, таксі 120")
        #expect(reply.count == 1)
        #expect(reply[0].split(separator: "\n").count == 2)
        #expect(try entries(of: .olha).count == 2)
    }

    @Test func groupChatterIsIgnoredUntilFamiliesArrive() throws {
        let message = IncomingMessage(chat: ChatRef(id: -100, kind: .group), sender: .olha, text: "кава 85")
        #expect(try chat.send(message).isEmpty)
        #expect(try chat.ledger.families.member(telegramUserID: Sender.olha.id) == nil)
    }

    /// Found by the conversation fuzz: a press in the private chat of someone marked as having
    /// blocked the bot was never answered (the outbox holds rows for blocked chats), and their
    /// client kept spinning.
    @Test func aPressInAPrivateChatIsAnsweredAfterABlock() throws {
        let confirmation = try #require(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat),
                                                                      sender: .olha, text: "кава 85")).last)
        _ = try chat.handle(.blocked(chatID: Sender.olha.id, true))
        let data = try #require(confirmation.buttons.last?.last?.data)
        #expect(try chat.press(data, from: .olha, messageID: confirmation.messageID).contains { $0.kind == .notice })
    }
}
