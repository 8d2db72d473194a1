import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct FamilyTests {
    let chat = try! TestConversation(botUsername: "kopiyka_bot")
    let group: Int64 = -100_555

    /// Olha invites Taras, who joins by the deep link's payload.
    func family() throws {
        try chat.say("/start")
        let invite = try chat.say("/invite").joined()
        let code = try #require(invite.range(of: #"join_[A-Za-z0-9]{12}"#, options: .regularExpression)).lowerBound
        let payload = String(invite[code...].prefix(17))
        #expect(invite.contains("https://t.me/kopiyka_bot?start=\(payload)"))
        let joined = try chat.say("/start \(payload)", from: .taras)
        #expect(joined.first?.contains("Вітаємо в родині") == true)
        #expect(joined.first?.contains("Оля") == true)
    }

    @Test func anInviteLinkJoinsTheSecondPersonOnce() throws {
        try family()
        let olha = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        #expect(try chat.ledger.families.members(householdID: olha.householdID).map(\.name) == ["Оля", "Тарас"])
        let invite = try chat.say("/invite").joined()
        let start = invite.index(invite.range(of: "start=")!.upperBound, offsetBy: 0)
        let payload = String(invite[start...].prefix(17))
        #expect(try chat.say("/start \(payload)", from: .dmitry).first?.contains("Такого приглашения") == false)
        #expect(try chat.say("/start \(payload)", from: .anna).first?.contains("used already") == true)
        #expect(try chat.ledger.families.member(telegramUserID: Sender.anna.id)?.householdID != olha.householdID)
    }

    @Test func anExpiredOrUnknownInvitationIsNamed() throws {
        try chat.say("/start")
        let invite = try chat.say("/invite").joined()
        let payload = String(invite[invite.range(of: "start=")!.upperBound...].prefix(17))
        chat.clock.advance(by: 8 * 86_400)
        #expect(try chat.say("/start \(payload)", from: .taras).first?.contains("Термін дії запрошення минув") == true)
        #expect(try chat.say("/start join_nonsense", from: .dmitry).first?.contains("Такого приглашения нет") == true)
    }

    @Test func someoneWhoSharesAnotherHouseholdMustLeaveFirst() throws {
        try family()
        try chat.say("/start", from: .dmitry)
        let invite = try chat.say("/invite", from: .dmitry).joined()
        let payload = String(invite[invite.range(of: "start=")!.upperBound...].prefix(17))
        #expect(try chat.say("/start \(payload)", from: .taras).first?.contains("/leave") == true)
        #expect(try chat.say("/leave", from: .olha).first?.contains("власника") == true)
        #expect(try chat.say("/leave", from: .taras).first?.contains("залишиться в її історії") == true)
        let taras = try #require(try chat.ledger.families.member(telegramUserID: Sender.taras.id))
        #expect(try chat.press("leave:\(taras.id):yes", from: .taras).texts(in: taras.telegramUserID).joined().contains("вийшли"))
        #expect(try chat.say("/start \(payload)", from: .taras).first?.contains("Вітаємо") == true)
    }

    @Test func aLoneMembersEntriesComeAlongWhenTheyJoin() throws {
        try chat.say("таксі 120", from: .taras)
        try family()
        let report = try chat.say("/report").joined(separator: "\n")
        #expect(report.contains("Таксі"))
        #expect(report.contains("Витрачено 120\u{A0}₴"))
    }

    @Test func aMembersGroupBecomesTheFamilyChat() throws {
        try family()
        let linked = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .taras))
        #expect(linked.texts(in: group).first?.contains("сімейний чат") == true)
        let olha = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        #expect(try chat.ledger.families.household(id: olha.householdID)?.familyChatID == group)
        let refused = try chat.handle(.addedToGroup(ChatRef(id: -200, kind: .group), by: .stranger))
        #expect(refused.texts(in: -200).first?.contains("/start") == true)
        #expect(try chat.ledger.families.household(familyChatID: -200) == nil)
        _ = try chat.handle(.removedFromGroup(chatID: group))
        #expect(try chat.ledger.families.household(familyChatID: group)?.familyChatPaused == true)
    }

    @Test func entriesArePostedToTheGroupInBatches() throws {
        try family()
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        var lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "кава 85 картка"))
        #expect(lines.texts(in: group) == ["Оля · кава · 85 ₴ · Кафе · картка"])
        chat.clock.advance(by: 60)
        lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "таксі 120"))
        let edit = try #require(lines.first { $0.chatID == group })
        #expect(edit.isEdit)
        #expect(lines.texts(in: group) == ["Оля · кава · 85 ₴ · Кафе · картка\nОля · таксі · 120 ₴ · Таксі · картка"])
        lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "ліки 300 #приватно"))
        #expect(lines.texts(in: group).isEmpty)
        chat.clock.advance(by: 6 * 60)
        lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.taras.id, kind: .privateChat), sender: .taras, text: "продукти 400"))
        #expect(lines.first { $0.chatID == group }?.isEdit == false)
        #expect(lines.texts(in: group).first?.hasPrefix("Тарас · продукти · 400 ₴") == true)
    }

    @Test func theOwnerChoosesHowEntriesReachTheGroup() throws {
        try family()
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        #expect(try chat.press("fam:mode:digest", from: .taras).contains { $0.text.contains("власник") })
        _ = try chat.press("fam:mode:instant", from: .olha)
        try chat.say("кава 85")
        chat.clock.advance(by: 10)
        let second = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "кава 40"))
        #expect(second.first { $0.chatID == group }?.isEdit == false)
        _ = try chat.press("fam:mode:digest", from: .olha)
        #expect(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "кава 1")).texts(in: group).isEmpty)
    }

    @Test func membersAddEntriesInTheGroupAndOthersAreRefused() throws {
        try family()
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        var lines = try chat.say("/add кава 85", from: .taras, inGroup: group, thread: 7)
        #expect(lines.texts(in: group) == ["✅ кава · 85 ₴ · Кафе · картка"])
        #expect(lines.first?.chatID == group)
        lines = try chat.say("кава 40", from: .taras, inGroup: group)
        #expect(lines.texts(in: group).count == 1)
        #expect(try chat.say("як справи?", from: .taras, inGroup: group).isEmpty)
        #expect(try chat.say("/report", from: .stranger, inGroup: group).texts(in: group).first?.contains("однієї родини") == true)
        #expect(try chat.say("кава 40", from: .stranger, inGroup: group).isEmpty)
        #expect(try chat.say("/report", from: .stranger, inGroup: -777).texts(in: -777).first?.contains("не підключено") == true)
        #expect(try chat.say("кава 40", from: .stranger, inGroup: -777).isEmpty)
    }

    @Test func answersGoToTheForumTopicTheyCameFrom() throws {
        try family()
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        try chat.handler.handle(.message(IncomingMessage(chat: ChatRef(id: group, kind: .group, threadID: 42), sender: .olha,
                                                          text: "/add кава 85", updateID: 900, messageID: 900)))
        #expect(try chat.ledger.outbox.pending().last?.threadID == 42)
    }

    @Test func theDigestGoesOutAtNineInTheEveningOnce() throws {
        try family()
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        try chat.say("кава 85")
        try chat.say("продукти 400", from: .taras)
        try chat.say("ліки 300 #приватно")
        chat.clock.set(Date(timeIntervalSince1970: 1_795_287_540))  // 20:59 in Kyiv
        #expect(try chat.tick().isEmpty)
        chat.clock.advance(by: 60)  // 21:00
        let digest = try chat.tick().texts(in: group)
        #expect(digest.count == 1)
        #expect(digest[0].contains("Підсумок дня · 21 листопада"))
        #expect(digest[0].contains("Витрачено 785 ₴ (3 витрати)"))
        // The private 300 ₴ is in the total, in no line.
        #expect(digest[0].contains("Тарас 400 ₴ · Оля 85 ₴"))
        #expect(digest[0].contains("🔒 Приватні записи враховано лише в підсумках."))
        #expect(!digest[0].contains("300"))
        #expect(try chat.tick().isEmpty)
        chat.clock.advance(by: 86_400)  // the next evening, no entries: no digest
        #expect(try chat.tick().isEmpty)
    }

    @Test func lastMonthsReportArrivesOnTheFirst() throws {
        try family()
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        try chat.say("кава 85")
        chat.clock.set(Date(timeIntervalSince1970: 1_796_108_400))  // 2026-12-01 09:00 in Kyiv
        let report = try chat.tick().texts(in: group)
        #expect(report.contains { $0.hasPrefix("📊 Листопад 2026") })
        #expect(try chat.tick().isEmpty)
    }

    @Test func theOwnerRemovesAMemberOrHandsOverOwnership() throws {
        try family()
        let taras = try #require(try chat.ledger.families.member(telegramUserID: Sender.taras.id))
        #expect(try chat.press("fam:rm:\(taras.id)", from: .taras).contains { $0.text.contains("власник") })
        let olha = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        _ = try chat.press("fam:own:\(taras.id)", from: .olha)
        #expect(try chat.ledger.families.member(id: taras.id)?.role == .owner)
        #expect(try chat.ledger.families.member(id: olha.id)?.role == .member)
        let removed = try chat.press("fam:rm:\(olha.id)", from: .taras)
        #expect(removed.texts(in: Sender.olha.id).first?.contains("вилучено") == true)
        #expect(try chat.ledger.families.member(id: olha.id)?.householdID != taras.householdID)
    }

    @Test func theFamilyViewShowsMembersAndOwnerControls() throws {
        try family()
        let view = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/family"))
        #expect(view[0].text.contains("👑 Оля"))
        #expect(view[0].text.contains("• Тарас"))
        #expect(view[0].buttons.count == 2)
        // Irreversible buttons say what they do, not only an icon and a name.
        #expect(view[0].buttons.first?.map(\.title) == ["✖️ Вилучити: Тарас", "👑 Зробити власником: Тарас"], "\(view[0].buttons)")
        let notOwner = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.taras.id, kind: .privateChat), sender: .taras, text: "/family"))
        #expect(notOwner[0].buttons.isEmpty)
    }

    /// Fifty members were a hundred buttons of the owner's before the modes: Telegram refused
    /// the whole /family. The controls page ten members at a time; only the owner pages them.
    @Test func fiftyMembersArePagedForTheOwnerAndOnlyTheOwnerPages() throws {
        try family()
        let olha = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        for n in 1...49 {
            _ = try chat.ledger.families.addMember(Newcomer(telegramUserID: 50_000 + Int64(n), name: "Родич \(n)", language: "uk"),
                                                   householdID: olha.householdID)
        }
        let me = ChatRef(id: Sender.olha.id, kind: .privateChat)
        let view = try #require(try chat.send(IncomingMessage(chat: me, sender: .olha, text: "/family")).first)
        #expect(TelegramMarkupValidation.refusal(view.buttons.map { $0.map { ($0.title, $0.data) } }) == nil)
        #expect(view.buttons[10].map(\.data) == ["fam:pg:0", "fam:pg:1"], "\(view.buttons.map { $0.map(\.data) })")
        let second = try #require(try chat.press("fam:pg:1", from: .olha, messageID: view.messageID).first { $0.kind == .edit })
        #expect(second.buttons[0].first?.title.contains("Родич 10") == true, "\(second.buttons[0])")
        #expect(second.buttons[10].map { $0.title.replacingOccurrences(of: "\u{A0}", with: " ") } == ["◀️", "2/5", "▶️"])
        let byMember = try chat.press("fam:pg:1", from: .taras, messageID: view.messageID)
        #expect(!byMember.contains { $0.kind == .edit } && byMember.contains { $0.text.contains("власник") }, "\(byMember.map(\.text))")
    }

    @Test func theWelcomeSwitchesLanguageByButton() throws {
        let welcome = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/start"))
        #expect(welcome[0].buttons.first?.map(\.data) == ["lang:uk", "lang:ru", "lang:en"])
        let switched = try chat.press("lang:en", from: .olha, messageID: 77)
        #expect(switched.contains { $0.isEdit && $0.text.hasPrefix("Hi, Оля!") })
        #expect(try chat.ledger.families.member(telegramUserID: Sender.olha.id)?.language == "en")
    }

    @Test func aMigratedGroupStaysTheFamilyChat() throws {
        try family()
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        _ = try chat.handle(.chatMigrated(from: group, to: -1_009_999))
        #expect(try chat.ledger.families.household(familyChatID: -1_009_999) != nil)
    }
}
