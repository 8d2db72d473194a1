import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Every kind of message the bot sends, rendered with notes and names written to break
/// HTML, and checked as Telegram would take it (see `OutgoingHTMLAudit`).
@Suite struct HostileTextTests {
    static let notes = [
        "fish & chips", "<b>кава</b>", "</i> обід", "&amp; таксі", "&lt;script&gt;", "\"лапки", "«ялинки» 'одинарні'",
        "a'b'c", "{name} {count, plural}", "'{'", "☕️🇺🇦👨‍👩‍👧", "\u{200F}عربي\u{200E} кава", "\u{202E}перевернуто",
        "e\u{301}\u{301}", "<", ">", "&", "&#", "&#x1F600;", "a</code>b", String(repeating: "<b>&", count: 1_000),
        // 4,000 characters; one word of 300 (a longer word is slow to parse: issue 10, item 4).
        String(repeating: "я", count: 300) + " " + String(String(repeating: "дуже довга нотатка ", count: 200).prefix(3_699)),
    ]
    static let names = [
        "<b>Оля</b>", "A & B", "&amp;", "'", "\"Тарас", "\u{202E}Марта", String(repeating: "&", count: 64), "👩‍👩‍👧‍👦", "</i>",
    ]

    @Test(arguments: notes.indices)
    func everyMessageIsValidTelegramHTML(sample: Int) throws {
        let note = Self.notes[sample]
        let audit = try OutgoingHTMLAudit()
        let olha = Sender(id: 1001, firstName: Self.names[sample % Self.names.count], languageCode: "uk")
        let taras = Sender(id: 1002, firstName: Self.names[(sample + 1) % Self.names.count], languageCode: "uk")
        let anna = Sender(id: 3001, firstName: Self.names[(sample + 2) % Self.names.count], languageCode: "en")
        let group: Int64 = -100_500
        let short = String(note.prefix(300))

        audit.step = "welcome"
        try audit.say("/start", from: olha)
        audit.step = "an entry and its buttons"
        // Some notes are no entry to the parser (`&amp;` ends in `;`, which separates entries).
        for confirmation in try audit.say("\(note) 85", from: olha).filter({ !$0.buttons.isEmpty }) {
            try pressEveryKindOfButton(under: confirmation, audit: audit, from: olha)
        }
        try audit.say("/undo", from: olha)
        audit.step = "hints"
        try audit.say(note, from: olha)
        try audit.say("/\(short)", from: olha)
        try audit.say("/lang \(short)", from: olha)
        audit.step = "family"
        let invite = try audit.say("/invite", from: olha).map(\.text).joined()
        let code = try #require(invite.range(of: #"join_[A-Za-z0-9]{12}"#, options: .regularExpression))
        try audit.say("/start \(invite[code])", from: taras)
        _ = try audit.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: olha))
        let several = try audit.say("київстар 200, \(short) 100, таксі 50", from: olha).last { !$0.buttons.isEmpty }
        try audit.say("\(short) 30", from: olha)
        try audit.say("/add \(short) 40", from: taras, in: group)
        try audit.say("/family", from: olha)
        try audit.say("/family", from: taras, in: group)
        audit.step = "corrections"
        if let several { try audit.say(note, from: olha, replyingTo: several.messageID) }
        if let single = try audit.say("\(short) 12", from: olha).last(where: { !$0.buttons.isEmpty }) {
            try audit.say("таксі", from: olha, replyingTo: single.messageID)
            try audit.say(short, from: olha, replyingTo: single.messageID)
            try audit.edit(single.messageID, to: "\(short) 13, \(short) 14", from: olha)
        }
        try audit.say("/rules", from: olha)
        audit.step = "lists"
        let many = try audit.say((1...300).map { "\(short.prefix(5)) \($0)" }.joined(separator: ", "), from: olha)
        if let summary = many.first(where: { $0.chatID == olha.id }) { try audit.say("видалити", from: olha, replyingTo: summary.messageID) }
        for index in 1...21 { try audit.say("\(note.prefix(4_000 - 10)) \(index)", from: olha) }
        for command in ["/history", "/today", "/week"] { try audit.say(command, from: olha) }
        if let list = try audit.say("/history 20", from: olha).last(where: { !$0.buttons.isEmpty }) {
            try pressEveryKindOfButton(under: list, audit: audit, from: olha)
        }
        audit.step = "reports and budgets"
        for command in ["/report", "/report 2026", "/report \(short)", "/budget кафе 100", "/budget 150", "/budget",
                        "/budget \(short) 100", "/rate usd 41,5", "/rate \(short)"] {
            try audit.say(command, from: olha)
        }
        try audit.say("\(short) 10 usd, кава 500", from: olha)
        try audit.say("/export", from: olha)
        audit.step = "digest and monthly report"
        audit.chat.clock.set(testNow.addingTimeInterval(11 * 3600))
        try audit.runJobs()
        audit.chat.clock.set(Date(timeIntervalSince1970: 1_796_112_000 + 8 * 3600))  // 1 Dec 2026, 10:00 in Kyiv
        try audit.runJobs()
        audit.step = "leaving"
        let question = try audit.say("/leave", from: taras).last { !$0.buttons.isEmpty }
        if let yes = question?.buttons.first?.first, let question { try audit.press(yes, under: question, from: taras) }
        audit.step = "in English"
        try audit.say("/start", from: anna)
        try audit.say("phone 300, \(short) 20", from: anna)
        try audit.say("/report", from: anna)
        try audit.say("/budget phone 100", from: anna)

        #expect(audit.problems.isEmpty, "sample \(sample): \(audit.problems.joined(separator: "\n"))")
        #expect(audit.rowsChecked > 60)
    }

    /// 🏷 then a category, 🗑 then ↩: each re-renders the message the buttons are under.
    func pressEveryKindOfButton(under line: ConsoleDelivery.Line, audit: OutgoingHTMLAudit, from sender: Sender) throws {
        guard let entryButtons = line.buttons.first, entryButtons.count == 2 else { return }
        let menu = try audit.press(entryButtons[0], under: line, from: sender).last { !$0.buttons.isEmpty }
        if let category = menu?.buttons.first?.first { try audit.press(category, under: line, from: sender) }
        let deleted = try audit.press(entryButtons[1], under: line, from: sender).last { $0.isEdit && !$0.buttons.isEmpty }
        if let restore = deleted?.buttons.first(where: { $0.count == 1 })?.first { try audit.press(restore, under: line, from: sender) }
    }
}
