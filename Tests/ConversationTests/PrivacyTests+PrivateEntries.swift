import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import Testing

/// Private entries inside one household: Тарас's `#приватно` entries never appear, by note or
/// amount, in anything Оля or the family group sees (every command in both places, the
/// confirmations, family posts, budget alerts, the digest, the monthly report, exports),
/// while Тарас sees them in his private chat.
extension PrivacyTests {
    static let privateNotes = ["ліки", "парфуми", "премі", "бинт"]
    /// In digits, as any language writes them once spaces, commas and dots are gone.
    static let privateAmounts = ["3137", "7919", "1313", "77€", "€77"]

    static let everyFamilyCommand = everyCommand + [
        "/today", "/week", "/history", "/history 20", "/rules", "/budget", "/report 2026-11", "/export", "/export рік", "/undo",
    ]

    static func reveals(_ text: String) -> Bool {
        let words = text.lowercased(), digits = text.filter { !" \u{A0},.".contains($0) }
        return privateNotes.contains { words.contains($0) } || privateAmounts.contains { digits.contains($0) }
    }

    /// What reached anyone but `author`'s private chat, files included, that shows a private entry.
    static func leaks(_ lines: [ConsoleDelivery.Line], author: Sender) -> [String] {
        lines.filter { $0.chatID != author.id }
            .map { line in line.document.map { String(decoding: $0.data, as: UTF8.self) } ?? line.text }
            .filter(reveals)
    }

    @Test(arguments: Language.allCases)
    func aPrivateEntryShowsOnlyToItsAuthorInTheirPrivateChat(_ language: Language) throws {
        let olha = Sender(id: 41, firstName: "Оля", languageCode: language.rawValue)
        let taras = Sender(id: 42, firstName: "Тарас", languageCode: language.rawValue)
        let group: Int64 = -4_200
        func privately(_ text: String, _ sender: Sender) throws -> [ConsoleDelivery.Line] {
            try chat.send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text))
        }
        func everything() throws -> [ConsoleDelivery.Line] {
            while try chat.ledger.transaction({ try chat.handler.runExportStep() }) {}
            return try ConsoleDelivery(ledger: chat.ledger).deliver()
        }
        try chat.say("/start", from: olha)
        let invite = try chat.say("/invite", from: olha).joined()
        try chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: taras)
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: olha))
        for text in ["/budget 3500", "/budget health 3000", "кава 85", "продукти 400", "вітаміни 200", "+20001 зарплата"] {
            try chat.say(text, from: olha)
        }

        // Written privately: no family post, and the budgets it pushes over tell Тарас alone.
        var seen: [ConsoleDelivery.Line] = []
        for text in ["ліки 3137 #приватно", "парфуми 77 € #приватно", "+7919 премія #приватно"] { seen += try privately(text, taras) }
        #expect(seen.filter { $0.chatID != taras.id }.isEmpty, "\(seen)")
        #expect(seen.filter { $0.text.contains("🚨") }.count == 2, "\(seen)")
        // Written in the group: the group's confirmation shows no more than that it is private,
        // and a reply to it changes nothing there.
        let added = try chat.say("/add бинт 1313 #приватно", from: taras, inGroup: group)
        let confirmation = try #require(added.last { $0.chatID == group })
        seen += added
        seen += try chat.send(IncomingMessage(chat: ChatRef(id: group, kind: .group), sender: taras, text: "1414",
                                              replyToMessageID: confirmation.messageID, isReplyToBot: true))
        // Moving a private entry teaches the family no rule.
        let perfume = try #require(try entries(of: olha).first { $0.note == "парфуми" })
        seen += try chat.press("cat:\(perfume.id):gifts", from: taras)

        for command in Self.everyFamilyCommand where command != "/undo" {
            seen += try privately(command, olha)
            seen += try chat.say(command, from: olha, inGroup: group) + chat.say(command, from: taras, inGroup: group)
            seen += try everything()
        }
        chat.clock.set(Date(timeIntervalSince1970: 1_795_287_600))  // 21:00 in Kyiv: the digest
        seen += try chat.tick()
        chat.clock.set(Date(timeIntervalSince1970: 1_796_108_400))  // 1 December, 09:00: November's report
        seen += try chat.tick()
        seen += try chat.say("/report минулий", from: olha, inGroup: group) + chat.say("/undo", from: taras, inGroup: group)
        #expect(seen.contains { $0.chatID == group && $0.text.contains("🌙") }, "no digest")
        #expect(seen.contains { $0.document != nil && $0.chatID == olha.id }, "no export")
        #expect(Self.leaks(seen, author: taras).isEmpty, "\(Self.leaks(seen, author: taras))")

        // Тарас himself sees them, in his private chat only.
        let own = try privately("/report минулий", taras).map(\.text).joined() + privately("/history 20", taras).map(\.text).joined()
        #expect(own.contains("ліки") && own.contains("парфуми"), "\(own)")
    }

    /// Оля's household with Тарас in it, and its family group.
    func family(group: Int64) throws -> (olha: Sender, taras: Sender, group: Int64) {
        let olha = Sender.olha, taras = Sender.taras
        try chat.say("/start", from: olha)
        let invite = try chat.say("/invite", from: olha).joined()
        try chat.say("/start \(try #require(invite.firstMatch(of: /join_[A-Za-z0-9]{12}/)).output)", from: taras)
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: olha))
        return (olha, taras, group)
    }

    /// An entry its author edits into a private one leaves the family post and the lists
    /// others have open.
    @Test func anEntryEditedIntoAPrivateOneLeavesWhatOthersSee() throws {
        let (olha, taras, group) = try family(group: -4_300)
        try chat.say("кава 85", from: olha)  // Spending of hers: a total of the private entry alone would be its amount.
        let message = IncomingMessage(chat: ChatRef(id: taras.id, kind: .privateChat), sender: taras, text: "ліки 3137",
                                      updateID: 7_001, messageID: 7_001)
        #expect(try chat.send(message).texts(in: group).joined().contains("ліки"))
        #expect(try chat.say("/history", from: olha).joined().contains("ліки"))
        var edited = message
        edited.text = "ліки 3137 #приватно"
        edited.updateID = 7_002
        let redrawn = try chat.handle(.edited(edited))
        #expect(redrawn.contains { $0.chatID == group && $0.isEdit }, "\(redrawn)")
        #expect(Self.leaks(redrawn, author: taras).isEmpty, "\(redrawn)")
        #expect(Self.leaks(try chat.say("/report", from: olha, inGroup: group), author: taras).isEmpty)
    }

    /// Nor does it come back when its author writes again while that family post is open: a
    /// batched post is drawn again with every entry it holds (found by the conversation fuzz).
    @Test func anEntryEditedIntoAPrivateOneStaysOutOfTheOpenFamilyPost() throws {
        let (_, taras, group) = try family(group: -4_400)
        let message = IncomingMessage(chat: ChatRef(id: taras.id, kind: .privateChat), sender: taras, text: "ліки 3137",
                                      updateID: 7_001, messageID: 7_001)
        #expect(try chat.send(message).texts(in: group).joined().contains("ліки"))
        var edited = message
        edited.text = "ліки 3137 #приватно"
        edited.updateID = 7_002
        #expect(Self.leaks(try chat.handle(.edited(edited)), author: taras).isEmpty)
        let next = try chat.send(IncomingMessage(chat: ChatRef(id: taras.id, kind: .privateChat), sender: taras,
                                                 text: "таксі 120", updateID: 7_003, messageID: 7_003))
        #expect(next.texts(in: group).joined().contains("таксі"), "\(next)")
        #expect(Self.leaks(next, author: taras).isEmpty, "\(next)")
    }

    /// A confirmation too long for buttons (a summary of the first few) drawn again after the
    /// message's entries were made private shows none of them, as a short one would not.
    @Test func aSummaryConfirmationShowsNoEntryMadePrivateSince() throws {
        let (_, taras, group) = try family(group: -4_500)
        let lines = (1...21).map { "бинт \($0)" }  // One past the 20 a confirmation lists with buttons.
        let message = IncomingMessage(chat: ChatRef(id: group, kind: .group), sender: taras, text: lines.joined(separator: "\n"),
                                      updateID: 7_101, messageID: 7_101)
        #expect(try chat.send(message).texts(in: group).joined().contains("бинт"))
        var edited = message
        edited.text = lines.map { $0 + " #приватно" }.joined(separator: "\n")
        edited.updateID = 7_102
        let redrawn = try chat.handle(.edited(edited))
        #expect(redrawn.contains { $0.chatID == group && $0.isEdit }, "\(redrawn)")
        #expect(Self.leaks(redrawn, author: taras).isEmpty, "\(redrawn)")
    }
}
