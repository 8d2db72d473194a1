import Conversation
import Foundation
import Ledger
import KopiykaTestSupport
import Localization
import Testing

/// The second native speakers' review (docs/wording-review-2.md): the findings that need code.
@Suite struct WordingReview2Tests {
    let chat = try! TestConversation()

    func say(_ text: String, from sender: Sender = .olha) throws -> String {
        try chat.say(text, from: sender).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    /// HIGH: spending past income is said as such, never "kept -200 %".
    @Test(arguments: [(Sender.olha, "💡 Витрати перевищили дохід на 200%."), (.dmitry, "💡 Траты превысили доход на 200 %."),
                      (.anna, "💡 You spent 200% more than you earned.")])
    func spendingPastIncomeIsNotANegativeSavingsRate(_ sender: Sender, _ line: String) throws {
        try chat.say("/start", from: sender)
        try chat.say("+1000 зарплата", from: sender)
        try chat.say("продукти 3000", from: sender)
        let report = try say("/report", from: sender)
        #expect(report.contains(line), "\(report)")
        #expect(!report.contains("-200"), "\(report)")
    }

    /// M: the rate example in /balance and /savings fits the currency it asks a rate for.
    @Test(arguments: [(Sender.olha, "/rate eur 48"), (.anna, "/rate eur 48")])
    func theRateExampleFitsTheCurrency(_ sender: Sender, _ example: String) throws {
        try chat.say("/start", from: sender)
        try chat.say("/accounts add Stash cash EUR", from: sender)
        try chat.say("/accounts add Скарбничка EUR", from: sender)
        try chat.say("скарбничка 500", from: sender)
        try chat.say("кава 5 € stash", from: sender)
        let balance = try say("/balance", from: sender), savings = try say("/savings", from: sender)
        #expect(balance.contains(example) && !balance.contains("41,5") && !balance.contains("41.5"), "\(balance)")
        #expect(savings.contains(example) && !savings.contains("usd"), "\(savings)")
    }

    /// L26: a confirmation of several entries with the same note numbers its buttons.
    @Test func repeatedNotesAreNumberedNotRepeated() throws {
        try chat.say("/start")
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                  text: "кава 85\nкава 85\nкава 90"))
        let confirmation = try #require(lines.first { $0.chatID == Sender.olha.id && !$0.buttons.isEmpty })
        #expect(confirmation.buttons.joined().map(\.title) == ["🏷️ 1", "🗑️ 1", "🏷️ 2", "🗑️ 2", "🏷️ 3", "🗑️ 3"])
        #expect(confirmation.text.hasPrefix("1. "), "\(confirmation.text)")
        let distinct = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                     text: "кава 85\nтаксі 120"))
        #expect(distinct.first { !$0.buttons.isEmpty }?.buttons.joined().map(\.title) == ["🏷️ кава", "🗑️ кава", "🏷️ таксі", "🗑️ таксі"])
    }

    /// L24: /help fits one phone screen — 36 lines of about 40 characters — and the
    /// menu's descriptions carry the examples it leaves out.
    @Test(arguments: [Sender.olha, .dmitry, .anna])
    func helpFitsOnePhoneScreen(_ sender: Sender) throws {
        try chat.say("/start", from: sender)
        let help = try say("/help", from: sender)
        let screenLines = help.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { $0 + max(1, ($1.count + 39) / 40) }
        #expect(screenLines <= 36, "\(screenLines) lines on a phone: \(help)")
        #expect(!help.contains("(/"), "examples are the menu's: \(help)")
        #expect(KnownCommand.menu.contains { $0.name == "report" })
    }
}
