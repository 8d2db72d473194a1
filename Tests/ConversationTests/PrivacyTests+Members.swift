import Conversation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Issue 14: people who join a family, and leave it or are removed.
extension PrivacyTests {
    /// `person` joins `owner`'s household through an invitation link.
    func join(_ person: Sender, invitedBy owner: Sender) throws {
        let invite = try chat.say("/invite", from: owner).joined()
        try chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: person)
        #expect(try chat.ledger.member(telegramUserID: person.id)?.householdID == chat.ledger.member(telegramUserID: owner.id)?.householdID)
    }

    /// The owner removes `person` with the button under `/family`.
    func remove(_ person: Sender, by owner: Sender) throws {
        let member = try #require(try chat.ledger.member(telegramUserID: person.id))
        _ = try chat.press("fam:rm:\(member.id)", from: owner)
        #expect(try chat.ledger.member(telegramUserID: person.id)?.householdID != chat.ledger.member(telegramUserID: owner.id)?.householdID)
    }

    @discardableResult
    func privately(_ text: String, from sender: Sender, messageID: Int64? = nil, replyTo: Int64? = nil) throws -> [ConsoleDelivery.Line] {
        try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text,
                                      messageID: messageID, replyToMessageID: replyTo, isReplyToBot: replyTo != nil))
    }
}
