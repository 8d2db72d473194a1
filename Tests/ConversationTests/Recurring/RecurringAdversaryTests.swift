import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Recurring
import Testing

/// Recurring payments attacked from outside the happy path: the family group, a member who
/// joins a family, private items next to shared ones.
@Suite struct RecurringAdversaryTests {
    let family = try! RecurringFamily()
    let group: Int64 = -100_777

    func linkGroup() throws {
        _ = try family.chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
    }

    func pressInGroup(_ data: String, from sender: Sender = .olha, messageID: Int64 = 1) throws -> [ConsoleDelivery.Line] {
        try family.chat.handle(.callback(CallbackPress(queryID: "g\(data)", data: data, sender: sender,
                                                       chat: ChatRef(id: group, kind: .group), messageID: messageID)))
    }

    func join(_ person: Sender, invitedBy owner: Sender = .olha) throws {
        let invite = try family.chat.say("/invite", from: owner).joined()
        try family.chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: person)
    }

    @Test func aNewAmountAskedInTheFamilyGroupIsTakenFromAReplyThere() throws {
        family.at("2026-11-23T12:00")
        try linkGroup()
        let item = try family.add("Netflix", 29_900, .monthly(day: 25), mode: .automatic, start: "2026-11-24")
        let list = try #require(try family.chat.say("/recurring", from: .olha, inGroup: group).first { $0.chatID == group })
        let card = try #require(try pressInGroup("rec:open:\(item.id)", messageID: list.messageID).first { $0.kind == .edit })
        let asked = try pressInGroup("rec:amt:\(item.id)", messageID: card.messageID)
        let question = try #require(asked.first { $0.kind == .message && $0.chatID == group })
        let answer = try family.chat.send(IncomingMessage(chat: ChatRef(id: group, kind: .group), sender: .olha, text: "349",
                                                          replyToMessageID: question.messageID, isReplyToBot: true))
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.amount?.minorUnits == 34_900, "\(answer.plain)")
        #expect(try family.entries().isEmpty, "the answer is no entry of 349 ₴")
    }

    @Test func aMemberWhoJoinsAFamilyKeepsTheirRecurringPayments() throws {
        family.at("2026-11-23T12:00")
        try family.chat.say("/start", from: .taras)
        try family.chat.say("spotify 199 щомісяця", from: .taras)
        try join(.taras)
        #expect(try family.chat.say("/recurring", from: .taras).joined().contains("spotify"))
        family.at("2026-12-23T12:00")
        _ = try family.jobs()
        #expect(try family.entries().map(\.note) == ["spotify"])
    }

    @Test func aDuplicateNoticeInTheGroupNamesNoPrivateItem() throws {
        family.at("2026-11-23T12:00")
        try linkGroup()
        try family.chat.say("apple music 169 щомісяця #приватно")
        let said = try family.chat.say("/add spotify 199 щомісяця", from: .olha, inGroup: group)
        #expect(said.texts(in: group).joined().contains("apple music") == false, "\(said.texts(in: group))")
    }
}

extension RecurringAdversaryTests {
    @Test func aReplyToTheDayBeforeReminderPaysTheBillAfterTheDaysReminderCame() throws {
        family.at("2026-11-21T10:00")
        let item = try family.add("садочок", 250_000, .monthly(day: 10), mode: .bill, start: "2026-11-21", category: "kids")
        family.at("2026-12-09T10:00")
        let ahead = try #require(try family.jobs().first)
        family.at("2026-12-10T10:00")
        #expect(try family.jobs().count == 1)
        let answer = try family.chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                          text: "2600", replyToMessageID: ahead.messageID, isReplyToBot: true))
        #expect(try family.entries().map(\.amount.minorUnits) == [260_000], "\(answer.plain)")
        #expect(try family.entries().map(\.note) == ["садочок"])
        #expect(try family.chat.ledger.recurring.occurrence(itemID: item.id, date: LocalDate(iso: "2026-12-10")!)?.state == .recorded)
    }
}

extension RecurringAdversaryTests {
    @Test func aRemovedMembersPaymentsLeaveTheFamilysListsAtOnce() throws {
        family.at("2026-11-23T12:00")
        try join(.taras)
        try family.chat.say("spotify 199 щомісяця", from: .taras)
        let taras = try #require(try family.chat.ledger.families.member(telegramUserID: Sender.taras.id))
        _ = try family.chat.press("fam:rm:\(taras.id)", from: .olha)
        #expect(try family.chat.ledger.families.member(id: taras.id)?.householdID != taras.householdID)
        #expect(try family.chat.say("/subscriptions").joined().contains("spotify") == false)
        #expect(try family.chat.say("/recurring").joined().contains("spotify") == false)
    }
}

extension RecurringAdversaryTests {
    func at(utc iso: String) {
        family.chat.clock.set(ISO8601DateFormatter().date(from: iso + ":00Z")!)
    }

    /// Kyiv moves to UTC+3 at 01:00 UTC on 28 March 2027 and back to UTC+2 at 01:00 UTC on
    /// 31 October 2027: 09:00 is 09:00 on the clock there on both days, and once.
    @Test func anAutomaticItemOnADaylightSavingDayComesAtNineOnTheLocalClockOnce() throws {
        family.at("2027-03-01T12:00")
        try family.add("Netflix", 29_900, .monthly(day: 28), mode: .automatic, start: "2027-03-02")
        try family.add("тариф", 10_000, .monthly(day: 31), mode: .automatic, start: "2027-10-01", category: "utilities")
        at(utc: "2027-03-28T05:59")
        #expect(try family.jobs().isEmpty, "08:59 in Kyiv, summer time")
        at(utc: "2027-03-28T06:00")
        #expect(try family.jobs().count == 1)
        at(utc: "2027-10-31T06:59")
        #expect(try family.jobs().plain.count == 1, "Netflix of April to October, caught up; 08:59 in Kyiv, winter time")
        at(utc: "2027-10-31T07:00")
        #expect(try family.jobs().plain.first?.contains("тариф") == true)
        at(utc: "2027-10-31T07:30")
        #expect(try family.jobs().isEmpty)
        #expect(try family.entries().map(\.date.iso).sorted() == ["2027-03-28", "2027-04-28", "2027-05-28", "2027-06-28", "2027-07-28",
                                                                   "2027-08-28", "2027-09-28", "2027-10-28", "2027-10-31"])
    }

    @Test func aMonthlyItemOnThe31stFallsOnTheLeapDayAndThenTheEndOfMarch() throws {
        family.at("2028-01-30T12:00")
        let item = try family.add("оренда", 1_500_000, .monthly(day: 31), mode: .automatic, start: "2028-01-31", category: "housing")
        family.at("2028-03-31T12:00")
        _ = try family.jobs()
        #expect(try family.entries().map(\.date.iso) == ["2028-01-31", "2028-02-29", "2028-03-31"])
        #expect(try family.chat.ledger.recurring.item(id: item.id)?.nextDate?.iso == "2028-04-30")
    }
}

/// A bill's payment deleted by its member: the bill waits again, and a reply to its reminder pays it.
@Suite struct BillPaymentDeletedTests {
    let family = try! RecurringFamily()

    @Test func aBillPaymentDeletedByItsMemberWaitsToBePaidAgain() throws {
        family.at("2026-11-21T10:00")
        let item = try family.add("садочок", 250_000, .monthly(day: 10), mode: .bill, start: "2026-11-21", category: "kids")
        family.at("2026-12-10T10:00")
        let reminder = try #require(try family.jobs().last)
        let paid = try family.chat.press("rec:paid:\(item.id):20261210", from: .olha, messageID: reminder.messageID)
        let entry = try #require(try family.entries().first)
        let confirmation = try #require(paid.first { $0.buttons.joined().contains { $0.data == "del:\(entry.id)" } })
        _ = try family.chat.press("del:\(entry.id)", from: .olha, messageID: confirmation.messageID)
        let day = LocalDate(iso: "2026-12-10")!
        #expect(try family.chat.ledger.recurring.occurrence(itemID: item.id, date: day)?.state == .reminded)
        try family.chat.say("кава 100")
        #expect(try family.chat.say("/report").joined().replacingOccurrences(of: "\u{A0}", with: " ")
            .contains("Ще до сплати цього місяця: 2 500 ₴ (1 платіж)"))
        let answer = try family.chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                          text: "2400", replyToMessageID: reminder.messageID, isReplyToBot: true))
        #expect(answer.plain.first?.contains("2 400 ₴") == true, "\(answer.plain)")
        #expect(try family.entries().map(\.amount.minorUnits).sorted() == [10_000, 240_000])
        #expect(try family.chat.ledger.recurring.occurrence(itemID: item.id, date: day)?.state == .recorded)
    }
}
