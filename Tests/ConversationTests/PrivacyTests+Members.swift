import Conversation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Issue 14 for people who were in the family: a removed member (Тарас) and a departed one
/// (Дмитрий) stop seeing it on every path they kept (their old lists, replies to them, the
/// invitations they made, an export they asked for), and a stranger gets nothing either.
extension PrivacyTests {
    /// `person` joins `owner`'s household through an invitation link.
    func join(_ person: Sender, invitedBy owner: Sender) throws {
        let invite = try chat.say("/invite", from: owner).joined()
        try chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: person)
        #expect(try chat.ledger.families.member(telegramUserID: person.id)?.householdID == chat.ledger.families.member(telegramUserID: owner.id)?.householdID)
    }

    /// The owner removes `person` with the button under `/family`.
    func remove(_ person: Sender, by owner: Sender) throws {
        let member = try #require(try chat.ledger.families.member(telegramUserID: person.id))
        _ = try chat.press("fam:rm:\(member.id)", from: owner)
        #expect(try chat.ledger.families.member(telegramUserID: person.id)?.householdID != chat.ledger.families.member(telegramUserID: owner.id)?.householdID)
    }

    @discardableResult
    func privately(_ text: String, from sender: Sender, messageID: Int64? = nil, replyTo: Int64? = nil) throws -> [ConsoleDelivery.Line] {
        try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text,
                                      messageID: messageID, replyToMessageID: replyTo, isReplyToBot: replyTo != nil))
    }

    /// Path 2: after Тарас is removed and Дмитрий leaves, Ярина's changes are no longer pushed
    /// into the lists they were sent, and their presses and replies under those lists pull
    /// nothing of the family.
    @Test func formerMembersNoLongerSeeTheFamily() throws {
        try setUp()
        let yaryna = households[0].owner
        try join(.taras, invitedBy: yaryna)
        try join(.dmitry, invitedBy: yaryna)
        try privately("ювелірка 700", from: yaryna, messageID: 7_000)
        let lists = try [Sender.taras, .dmitry].map { person in try #require(try privately("/history", from: person).last) }
        #expect(lists.allSatisfy { $0.text.contains("ювелірка") })
        try remove(.taras, by: yaryna)
        try leave(.dmitry)
        let former: Set<Int64> = [Sender.taras.id, Sender.dmitry.id]

        let entry = try #require(try latestEntry(of: yaryna))
        var pushed = try chat.press("cat:\(entry.id):transport", from: yaryna) + chat.press("del:\(entry.id)", from: yaryna)
        pushed += try chat.press("undel:\(entry.id)", from: yaryna)
        pushed += try chat.handle(.edited(IncomingMessage(chat: ChatRef(id: yaryna.id, kind: .privateChat), sender: yaryna,
                                                          text: "ювелірка 710", messageID: 7_000)))
        #expect(pushed.filter { former.contains($0.chatID) }.isEmpty, "\(pushed)")

        let before = try entries(of: yaryna)
        for (person, list) in zip([Sender.taras, .dmitry], lists) {
            var pulled: [ConsoleDelivery.Line] = []
            for data in list.buttons.joined().map(\.data) { pulled += try chat.press(data, from: person, messageID: list.messageID) }
            pulled += try privately("видалити", from: person, replyTo: list.messageID)
            pulled += try privately("таксі", from: person, replyTo: list.messageID)
            #expect(leaked(pulled.texts(in: person.id), except: person).isEmpty, "\(person.firstName): \(pulled)")
        }
        #expect(try entries(of: yaryna) == before)
    }

    /// Path 3: the invitations a member made die with their membership, and `/family` lets
    /// the owner cancel any open one (a member, their own).
    @Test func invitationsDoNotOutliveTheMemberWhoMadeThem() throws {
        try setUp()
        let yaryna = households[0].owner
        try join(.taras, invitedBy: yaryna)
        try join(.dmitry, invitedBy: yaryna)
        let tarasCode = try #require(try chat.say("/invite", from: .taras).joined().firstMatch(of: /join_[A-Za-z0-9]{12}/)).output
        let dmitryCode = try #require(try chat.say("/invite", from: .dmitry).joined().firstMatch(of: /join_[A-Za-z0-9]{12}/)).output
        let ownCode = try #require(try chat.say("/invite", from: yaryna).joined().firstMatch(of: /join_[A-Za-z0-9]{12}/)).output

        let view = try #require(try privately("/family", from: yaryna).last)
        #expect(view.text.contains("Чинні запрошення (3):") && view.text.contains("• Тарас · до "), "\(view.text)")
        let revokes = view.buttons.joined().map(\.data).filter { $0.hasPrefix("inv:rm:") }
        #expect(revokes.count == 4)
        let tarasView = try #require(try privately("/family", from: .taras).last)
        #expect(tarasView.buttons.joined().map(\.data) == ["inv:rm:\(tarasCode.dropFirst(5))"], "\(tarasView)")

        try remove(.taras, by: yaryna)
        #expect(try chat.say("/start \(tarasCode)", from: .taras).joined().contains("скасоване"))
        try leave(.dmitry)
        #expect(try chat.say("/start \(dmitryCode)", from: .stranger).joined().contains("скасоване"))
        // A stranger's forged press cancels nothing; the owner's does.
        _ = try chat.press("inv:rm:\(ownCode.dropFirst(5))", from: .anna)
        _ = try chat.press("inv:rm:*", from: .anna)
        let annaJoins = try chat.say("/start \(ownCode)", from: .anna)
        #expect(annaJoins.joined().contains("Welcome to the family"), "\(annaJoins)")
        let next = try #require(try chat.say("/invite", from: .anna).joined().firstMatch(of: /join_[A-Za-z0-9]{12}/)).output
        let cancelled = try chat.press("inv:rm:\(next.dropFirst(5))", from: yaryna, messageID: view.messageID)
        #expect(cancelled.contains { $0.kind == .notice && $0.text == "Запрошення скасовано." }, "\(cancelled)")
        #expect(try chat.say("/start \(next)", from: .olha).joined().contains("скасоване"))
        let household = try #require(try chat.ledger.families.member(telegramUserID: yaryna.id)).householdID
        #expect(try chat.ledger.families.members(householdID: household).map(\.name) == [yaryna.firstName, "Anna"])
    }

    /// The export path: an export asked for by a member who is removed before it is made
    /// never reaches them.
    @Test func anExportStopsWhenItsMemberIsRemoved() throws {
        try setUp()
        let yaryna = households[0].owner
        try join(.taras, invitedBy: yaryna)
        #expect(try chat.say("/export рік", from: .taras).joined().contains("Готую експорт"))
        try remove(.taras, by: yaryna)
        while try chat.ledger.transaction({ try chat.handler.runExportStep() }) {}
        let delivered = try ConsoleDelivery(ledger: chat.ledger).deliver()
        #expect(!delivered.contains { $0.document != nil }, "\(delivered)")
        #expect(leaked(delivered.texts(in: Sender.taras.id), except: .taras).isEmpty)
        #expect(delivered.texts(in: Sender.taras.id).contains { $0.contains("Експорт скасовано") })
    }
}
