import Conversation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A voice note, a photo without a caption, a sticker or a file: answered with a hint in a
/// private chat, in the member's language; never answered in a group.
@Suite struct NonTextMessageTests {
    let chat = try! TestConversation()

    func send(_ kind: NonTextMessage.Kind, from sender: Sender, in chatRef: ChatRef? = nil) throws -> [ConsoleDelivery.Line] {
        try chat.handle(.nonText(NonTextMessage(chat: chatRef ?? ChatRef(id: sender.id, kind: .privateChat),
                                                sender: sender, kind: kind, updateID: 1, messageID: 1)))
    }

    @Test(arguments: [
        (Sender.olha, NonTextMessage.Kind.voice, "продиктуйте: «кава вісімдесят пʼять»"),
        (.dmitry, .voice, "продиктуйте: «кофе восемьдесят пять»"),
        (.anna, .voice, "say “coffee eighty-five”"),
        (.olha, .picture, "Напишіть суму в підписі"), (.dmitry, .picture, "Напишите сумму в подписи"),
        (.anna, .picture, "Put the amount in the caption"),
        (.olha, .sticker, "Записую лише текст"), (.dmitry, .sticker, "Записываю только текст"),
        (.anna, .sticker, "I only record text"),
        (.olha, .document(caption: nil), "Цей файл я не прочитаю"),
        (.dmitry, .document(caption: "выписка за октябрь"), "Этот файл я не прочитаю"),
        (.anna, .document(caption: nil), "I can’t read this file"),
    ])
    func aPrivateChatGetsAHintInItsLanguage(sender: Sender, kind: NonTextMessage.Kind, hint: String) throws {
        try chat.say("/start", from: sender)
        let replies = try send(kind, from: sender).texts(in: sender.id)
        #expect(replies.count == 1)
        #expect(replies.first?.contains(hint) == true, "\(replies)")
    }

    @Test func aNewcomerIsWelcomedFirst() throws {
        let replies = try send(.voice, from: .olha).texts(in: Sender.olha.id)
        #expect(replies.count == 2)
        #expect(replies.first?.contains("Я Копійка") == true)
        #expect(replies.last?.hasPrefix("🎙\u{FE0F}") == true)
    }

    @Test func aFileWhoseCaptionIsAnEntryIsRecorded() throws {
        try chat.say("/start")
        #expect(try send(.document(caption: "чек аптека 450"), from: .olha).texts(in: Sender.olha.id)
            == ["✅ чек аптека · 450 ₴ · Здоровʼя · картка"])
    }

    @Test func aGroupStaysSilent() throws {
        let group: Int64 = -100
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        for kind in [NonTextMessage.Kind.voice, .picture, .sticker, .document(caption: nil), .document(caption: "кава 85")] {
            #expect(try send(kind, from: .olha, in: ChatRef(id: group, kind: .group)).isEmpty, "\(kind)")
            #expect(try send(kind, from: .stranger, in: ChatRef(id: -200, kind: .group)).isEmpty, "\(kind)")
        }
    }
}
