import Conversation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Issue 14 in the family group: nobody outside the family changes, takes over or hears
/// anything there — a stranger, a member of another household sitting in the group, a removed
/// member or a departed one.
extension PrivacyTests {
    func press(_ data: String, from sender: Sender, in group: Int64, under messageID: Int64) throws -> [ConsoleDelivery.Line] {
        try chat.handle(.callback(CallbackPress(queryID: "q", data: data, sender: sender, chat: ChatRef(id: group, kind: .group),
                                                messageID: messageID)))
    }

    /// Everything a press could change in a household, to compare before and after.
    func snapshot(of owner: Sender) throws -> String {
        let member = try #require(try chat.ledger.families.member(telegramUserID: owner.id))
        let ledger = chat.ledger
        return "\(try entries(of: owner)) \(try ledger.rules.list(householdID: member.householdID).map(\.stem)) "
            + "\(try ledger.families.household(id: member.householdID).map { "\($0)" } ?? "") \(try ledger.families.members(householdID: member.householdID)) "
            + "\(try ledger.families.openInvitations(householdID: member.householdID))"
    }

    /// Path 1: every button of the group's messages, and the owner's private ones, pressed
    /// under every message of the group by four people outside the family: each gets a short
    /// answer, and no message and nothing in the ledger changes. A member's press counts only
    /// under a message that carries that button.
    @Test func forgedPressesInTheFamilyGroupChangeNothing() throws {
        try setUp()
        let (yaryna, group) = (households[0].owner, households[0].group)
        try join(.taras, invitedBy: yaryna)
        try join(.dmitry, invitedBy: yaryna)
        let mine = try #require(try latestEntry(of: yaryna))
        _ = try chat.press("cat:\(mine.id):transport", from: yaryna)
        var lines = try chat.say("/add ювелірка 5", from: yaryna, inGroup: group)
        for command in ["/history", "/lang", "/rules"] { lines += try chat.say(command, from: yaryna, inGroup: group) }
        try chat.say("/invite", from: yaryna)
        let shown = lines.filter { $0.chatID == group && !$0.buttons.isEmpty }
        #expect(shown.count == 4)
        let family = try privately("/family", from: yaryna)
        let data = Set((shown + family).flatMap { $0.buttons.joined().map(\.data) })
        try remove(.taras, by: yaryna)
        try leave(.dmitry)
        let before = try snapshot(of: yaryna)
        for attacker in [Sender.stranger, households[1].owner, .taras, .dmitry] {
            for message in shown {
                for item in data {
                    let answered = try press(item, from: attacker, in: group, under: message.messageID)
                    #expect(answered.filter { $0.kind != .notice }.isEmpty, "\(attacker.firstName) \(item): \(answered)")
                    #expect(answered.contains { $0.kind == .notice && !$0.text.isEmpty })
                }
            }
        }
        #expect(try snapshot(of: yaryna) == before)
        for message in shown {
            for item in data.subtracting(message.buttons.joined().map(\.data)) {
                let answered = try press(item, from: yaryna, in: group, under: message.messageID)
                #expect(answered.filter { $0.kind != .notice }.isEmpty, "\(item) under \(message.text): \(answered)")
            }
        }
        #expect(try snapshot(of: yaryna) == before)
        let real = try press(shown[0].buttons[0][1].data, from: yaryna, in: group, under: shown[0].messageID)
        #expect(real.contains { $0.isEdit && $0.chatID == group && $0.text.hasPrefix("🗑\u{FE0F} ювелірка") }, "\(real)")
    }

    /// `/leave` asked in the family group: its buttons there are the asking member's alone.
    /// Another member's press and an outsider's get a short answer and change nothing.
    @Test func onlyTheMemberWhoAskedAnswersTheirLeaveQuestionInTheGroup() throws {
        try setUp()
        let (yaryna, group) = (households[0].owner, households[0].group)
        try join(.taras, invitedBy: yaryna)
        let family = try #require(try chat.ledger.families.member(telegramUserID: yaryna.id)).householdID
        let taras = try #require(try chat.ledger.families.member(telegramUserID: Sender.taras.id))
        let question = try #require(try chat.say("/leave", from: .taras, inGroup: group).last { $0.chatID == group })
        let yes = "leave:\(taras.id):yes"
        #expect(question.buttons.joined().map(\.data).contains(yes), "\(question)")
        for other in [yaryna, .stranger, households[1].owner] {
            let answered = try press(yes, from: other, in: group, under: question.messageID)
            #expect(answered.filter { $0.kind != .notice }.isEmpty, "\(other.firstName): \(answered)")
            #expect(answered.contains { $0.kind == .notice && !$0.text.isEmpty }, "\(other.firstName): \(answered)")
            #expect(try chat.ledger.families.member(id: taras.id)?.householdID == family)
        }
        _ = try press(yes, from: .taras, in: group, under: question.messageID)
        #expect(try chat.ledger.families.member(id: taras.id)?.householdID != family)
    }

    /// Path 4: the family group stays the family's. Removing the bot and adding it back, as
    /// anyone outside the family, links nothing and gets a hint; the family's words stop going
    /// there, the owner hears of it in private, and a member's re-add brings them back.
    @Test func aFamilyGroupCannotBeTakenOver() throws {
        try setUp()
        let (yaryna, bohdan, group) = (households[0].owner, households[1].owner, ChatRef(id: households[0].group, kind: .group))
        try join(.taras, invitedBy: yaryna)
        try join(.dmitry, invitedBy: yaryna)
        try remove(.taras, by: yaryna)
        try leave(.dmitry)
        let family = try #require(try chat.ledger.families.household(familyChatID: group.id)).id
        for outsider in [Sender.stranger, bohdan, .taras, .dmitry] {
            let removed = try chat.handle(.removedFromGroup(chatID: group.id))
            let added = try chat.handle(.addedToGroup(group, by: outsider))
            #expect(try chat.ledger.families.household(familyChatID: group.id)?.id == family)
            #expect(added.texts(in: group.id).count == 1, "\(added)")
            #expect((removed + added).texts(in: yaryna.id).last?.contains("хтось не з родини") == true, "\(removed + added)")
            #expect(leaked(added.texts(in: group.id)).isEmpty)
            let heard = try chat.say("/report", from: outsider, inGroup: group.id) + privately("ювелірка 1", from: yaryna)
                + chat.say("/report", from: yaryna, inGroup: group.id)
            #expect(leaked(heard.texts(in: group.id)).isEmpty, "\(outsider.firstName): \(heard)")
            chat.clock.advance(by: 86_400)
            #expect(try chat.tick().texts(in: group.id).isEmpty)
        }
        let owner = try chat.say("/family", from: yaryna).joined()
        #expect(owner.contains("на паузі"), "\(owner)")
        let back = try chat.handle(.addedToGroup(group, by: yaryna))
        #expect(back.texts(in: group.id) == ["👪 Я знову тут: записи родини знову йдуть у цей чат."])
        #expect(back.texts(in: yaryna.id).first?.contains("знову додали") == true, "\(back)")
        let posted = try privately("ювелірка 3", from: yaryna)
        #expect(posted.texts(in: group.id).last?.contains("ювелірка") == true, "\(posted)")
        // Only the owner lets it go; then another household may link it.
        let unlinked = try chat.press("fam:unlink", from: yaryna)
        #expect(unlinked.texts(in: group.id).first?.contains("більше не сімейний") == true, "\(unlinked)")
        _ = try chat.handle(.addedToGroup(group, by: bohdan))
        #expect(try chat.ledger.families.household(familyChatID: group.id)?.id == chat.ledger.families.member(telegramUserID: bohdan.id)?.householdID)
    }

    /// Path 5: Telegram refused sends to the group (403) and the bot was removed; a member
    /// adds it back: the group hears so, the blocked mark is gone and entries are posted again.
    @Test func aGroupTheBotIsAddedBackToHearsAgain() throws {
        try setUp()
        let (yaryna, group) = (households[0].owner, households[0].group)
        try chat.ledger.outbox.setChatBlocked(group, true)
        #expect(try chat.say("ювелірка 4", from: yaryna).count == 1)
        _ = try chat.handle(.removedFromGroup(chatID: group))
        #expect(try chat.ledger.outbox.pending().isEmpty)
        let back = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: yaryna))
        #expect(back.texts(in: group).first?.contains("знову") == true, "\(back)")
        #expect(try !chat.ledger.outbox.isChatBlocked(group))
        let posted = try privately("ювелірка 5", from: yaryna)
        #expect(posted.texts(in: group).first?.contains("ювелірка") == true, "\(posted)")
    }
}
