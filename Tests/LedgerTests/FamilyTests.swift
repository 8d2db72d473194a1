import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

@Suite struct FamilyTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    func person(_ id: Int64, _ name: String) throws -> Member {
        try ledger.createHousehold(owner: Newcomer(telegramUserID: id, name: name, language: "uk"), timeZone: kyiv)
    }

    @Test func anInvitationWorksOnceAndExpires() throws {
        let olha = try person(1, "Оля")
        try ledger.createInvitation(code: "abc", by: olha, expires: testNow.addingTimeInterval(7 * 86_400))
        try ledger.createInvitation(code: "old", by: olha, expires: testNow.addingTimeInterval(-1))
        #expect(try ledger.invitationHousehold(code: "abc") == .success(olha.householdID))
        #expect(try ledger.invitationHousehold(code: "old") == .failure(.expired))
        #expect(try ledger.invitationHousehold(code: "nope") == .failure(.unknown))
        let taras = try person(2, "Тарас")
        #expect(try ledger.useInvitation(code: "abc", by: taras))
        #expect(try !ledger.useInvitation(code: "abc", by: olha))
        #expect(try ledger.invitationHousehold(code: "abc") == .failure(.used))
    }

    @Test func joiningMovesTheMemberWithTheirEntriesAndLeavingGivesThemBack() throws {
        let olha = try person(1, "Оля")
        var taras = try person(2, "Тарас")
        let november = YearMonth(year: 2026, month: 11)!
        _ = try ledger.add([NewEntry(kind: .expense, amount: Money(major: 50, currency: .uah), category: "taxi",
                                     account: nil, date: november.firstDay, note: "", originalText: "")], by: taras)
        taras = try ledger.moveMember(taras, toHousehold: olha.householdID)
        #expect(taras.role == .member)
        #expect(try ledger.members(householdID: olha.householdID).count == 2)
        #expect(try ledger.monthTotals(householdID: olha.householdID, months: november...november).count == 1)
        let alone = try ledger.detachMember(taras)
        #expect(alone.householdID != olha.householdID)
        #expect(alone.role == .owner)
        #expect(try ledger.monthTotals(householdID: olha.householdID, months: november...november).isEmpty)
        #expect(try ledger.entryCount(householdID: alone.householdID) == 1)
        #expect(try ledger.monthTotalsMismatches() == 0)
    }

    @Test func aGroupIsTheFamilyChatOfOneHouseholdAtATime() throws {
        let olha = try person(1, "Оля")
        let other = try person(2, "Інна")
        try ledger.linkFamilyChat(-100, threadID: 7, householdID: olha.householdID)
        #expect(try ledger.household(familyChatID: -100)?.id == olha.householdID)
        #expect(try ledger.household(id: olha.householdID)?.familyThreadID == 7)
        try ledger.linkFamilyChat(-100, threadID: nil, householdID: other.householdID)
        #expect(try ledger.household(id: olha.householdID)?.familyChatID == nil)
        try ledger.moveChat(from: -100, to: -1009)
        #expect(try ledger.household(familyChatID: -1009)?.id == other.householdID)
        try ledger.unlinkFamilyChat(-1009)
        #expect(try ledger.household(familyChatID: -1009) == nil)
    }

    @Test func aScheduledPostIsClaimedOnce() throws {
        let olha = try person(1, "Оля")
        #expect(try ledger.claimSchedule("digest", period: "2026-11-21", householdID: olha.householdID))
        #expect(try !ledger.claimSchedule("digest", period: "2026-11-21", householdID: olha.householdID))
        #expect(try ledger.claimSchedule("digest", period: "2026-11-22", householdID: olha.householdID))
        #expect(try ledger.household(id: olha.householdID)?.broadcastMode == .batched)
        try ledger.setBroadcastMode(.instant, householdID: olha.householdID)
        #expect(try ledger.households().first?.broadcastMode == .instant)
    }

    @Test func batchedPostsCollectEntries() throws {
        let olha = try person(1, "Оля")
        #expect(try ledger.openFamilyPost(memberID: olha.id, chatID: -100, since: testNow.addingTimeInterval(-300)) == nil)
        let post = try ledger.recordFamilyPost(member: olha, chatID: -100, outboxID: 9, entryIDs: [1])
        try ledger.addToFamilyPost(post, entryIDs: [2, 2])
        let open = try #require(try ledger.openFamilyPost(memberID: olha.id, chatID: -100, since: testNow.addingTimeInterval(-300)))
        #expect(open.outboxID == 9)
        #expect(open.entryIDs == [1, 2])
        #expect(try ledger.openFamilyPost(memberID: olha.id, chatID: -100, since: testNow.addingTimeInterval(1)) == nil)
        #expect(try ledger.familyPosts(showing: 2).map(\.entryIDs) == [[1, 2]])
    }

    @Test func anInvitationDiesWithTheMembershipOfWhoeverMadeIt() throws {
        let olha = try person(1, "Оля")
        let taras = try ledger.moveMember(try person(2, "Тарас"), toHousehold: olha.householdID)
        let week = testNow.addingTimeInterval(7 * 86_400)
        for (code, maker) in [("mine", olha), ("his", taras), ("later", olha)] { try ledger.createInvitation(code: code, by: maker, expires: week) }
        #expect(try ledger.openInvitations(householdID: olha.householdID).map(\.code).sorted() == ["his", "later", "mine"])
        #expect(try ledger.revokeInvitation(code: "later", householdID: olha.householdID))
        #expect(try !ledger.revokeInvitation(code: "later", householdID: olha.householdID))
        #expect(try ledger.invitationHousehold(code: "later") == .failure(.revoked))
        _ = try ledger.detachMember(taras)
        #expect(try ledger.invitationHousehold(code: "his") == .failure(.revoked))
        #expect(try ledger.openInvitations(householdID: olha.householdID).map(\.code) == ["mine"])
        // Back in the family, what he handed out before he was removed stays dead.
        _ = try ledger.moveMember(try #require(try ledger.member(id: taras.id)), toHousehold: olha.householdID)
        #expect(try ledger.invitationHousehold(code: "his") == .failure(.revoked))
        #expect(try ledger.openInvitations(householdID: olha.householdID).map(\.code) == ["mine"])
    }

    @Test func aPausedFamilyChatKeepsItsLinkAndWhatWasQueuedIsGivenUp() throws {
        let olha = try person(1, "Оля")
        try ledger.linkFamilyChat(-100, threadID: nil, householdID: olha.householdID)
        try ledger.enqueue(.message(html: "кава"), chatID: -100)
        try ledger.setFamilyChatPaused(true, chatID: -100)
        try ledger.abandonChat(-100)
        #expect(try ledger.household(familyChatID: -100)?.familyChatPaused == true)
        #expect(try ledger.pendingOutbox().isEmpty)
        try ledger.linkFamilyChat(-100, threadID: nil, householdID: olha.householdID)
        #expect(try ledger.household(familyChatID: -100)?.familyChatPaused == false)
    }

    @Test func theButtonsOfASentMessageAreThoseOfItsLatestVersion() throws {
        let buttons = [[OutboxButton(title: "🗑", data: "del:1")]]
        try ledger.enqueue(.message(html: "кава", buttons: buttons), chatID: -100)
        try ledger.enqueue(.edit(messageID: 77, ofOutboxID: nil, html: "кава", buttons: []), chatID: -100)
        #expect(try ledger.sentButtons(chatID: -100, messageID: 77) == nil)
        let (sent, edit) = (try ledger.pendingOutbox()[0], try ledger.pendingOutbox()[1])
        try ledger.complete(sent, with: .sent(messageID: 77))
        #expect(try ledger.sentButtons(chatID: -100, messageID: 77) == buttons)
        try ledger.complete(edit, with: .sent(messageID: 77))
        #expect(try ledger.sentButtons(chatID: -100, messageID: 77) == [])
    }
}
