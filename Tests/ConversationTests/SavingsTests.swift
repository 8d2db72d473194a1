import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Savings in chat: a savings account's name and an amount set what it is worth; `/savings`
/// shows each with its change and the family's total.
@Suite struct SavingsTests {
    let chat = try! TestConversation()

    func say(_ text: String, from sender: Sender = .olha) throws -> String {
        try chat.say(text, from: sender).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    func entries() throws -> Int {
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        return try chat.ledger.entries.count(householdID: member.householdID)
    }

    @Test func aSavingsAccountsNameAndAnAmountSetItsValueNotAnEntry() throws {
        try chat.say("/start")
        try chat.say("/accounts add Депозит")
        #expect(try say("депозит 52 000") == "🐷 Депозит: 52 000 ₴.")
        #expect(try say("Депозит 52 300") == "🐷 Депозит: 52 300 ₴ (+300 ₴).")
        #expect(try entries() == 0, "a value is not spending")
        try chat.say("поклав на депозит 1000")
        let savings = try say("/savings")
        #expect(savings.contains("• Депозит: 53 300 ₴"), "money moved in after the word adds: \(savings)")
        #expect(savings.contains("Разом: 53 300 ₴"), "\(savings)")
    }

    @Test func anythingMoreThanTheNameAndTheAmountStaysAnEntry() throws {
        try chat.say("/start")
        try chat.say("/accounts add Депозит")
        try chat.say("кава депозит 85")
        try chat.say("депозит 85 85")
        #expect(try entries() >= 1)
        #expect(try say("/savings").contains("Депозит") == true)
    }

    @Test func aCardsNameAndAnAmountIsStillAPurchase() throws {
        try chat.say("/start")
        try chat.say("картка 85")
        #expect(try entries() == 1)
    }

    @Test func aDollarStashTakesItsOwnCurrencyAndIsListedApartWithoutARate() throws {
        try chat.say("/start")
        try chat.say("/accounts add Скарбничка USD")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let stash = try #require(try chat.ledger.accounts.accounts(memberID: member.id).first { $0.name == "Скарбничка" })
        try #require(stash.kind == .savings && stash.currency == .usd)
        #expect(try say("скарбничка 500") == "🐷 Скарбничка: 500 $.")
        let savings = try say("/savings")
        #expect(savings.contains("• Скарбничка: 500 $"), "\(savings)")
        #expect(savings.contains("Без курсу"), "\(savings)")
        try chat.say("/rate usd 41,5")
        #expect(try say("/savings").contains("Разом: 20 750 ₴"))
    }

    /// By hand: Депозит 52 000 ₴, Скарбничка 500 $ at 41,5 = 20 750 ₴, a closed Вклад that held
    /// 10 000 ₴: the family holds 72 750 ₴, and the closed one is gone from the total.
    @Test func theFamilysTotalCountsOpenAccountsEachAtItsRate() throws {
        try chat.say("/start")
        try chat.say("/accounts add Депозит")
        try chat.say("/accounts add Скарбничка USD")
        try chat.say("/accounts add Вклад")
        try chat.say("депозит 52 000")
        try chat.say("скарбничка 500")
        try chat.say("вклад 10 000")
        try chat.say("/rate usd 41,5")
        #expect(try say("/savings").contains("Разом: 82 750 ₴"))
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let closed = try #require(try chat.ledger.accounts.accounts(memberID: member.id).first { $0.name == "Вклад" })
        try chat.ledger.accounts.archive(closed.id, on: chat.ledger.families.household(id: member.householdID).map {
            LocalDate(chat.clock.wallClock.now(), in: $0.timeZone)
        } ?? LocalDate(year: 2026, month: 11, day: 21)!)
        let savings = try say("/savings")
        #expect(savings.contains("Разом: 72 750 ₴") && !savings.contains("Вклад"), "\(savings)")
    }

    @Test func anotherCurrencyThanTheAccountsIsRefusedWithAHint() throws {
        try chat.say("/start")
        try chat.say("/accounts add Депозит")
        #expect(try say("депозит 500 $").contains("рахунок у UAH"))
        #expect(try say("/savings").contains("Депозит: суму ще не вказано"))
    }

    @Test func nothingSavedSaysHowToStartAndDrawsNothing() throws {
        try chat.say("/start")
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/savings"))
        #expect(lines.map(\.kind) == [.message])
        #expect(lines.first?.text.contains("Заощаджень ще немає") == true)
    }

    @Test func theSavingsComeWithTheYearsLine() throws {
        try chat.say("/start")
        try chat.say("/accounts add Депозит")
        try chat.say("депозит 50 000")
        let today = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/savings"))
        #expect(today.map(\.kind) == [.message], "one value is no line")
        chat.clock.advance(by: 40 * 86_400)
        try chat.say("депозит 52 000")
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/savings"))
        #expect(lines.map(\.kind) == [.message, .photo])
        let photo = try #require(lines.last?.document)
        let png = try DecodedPNG(photo.data)
        #expect(png.width == 800 && photo.data.count < 100_000)
        #expect(lines.last?.text.replacingOccurrences(of: "\u{A0}", with: " ") == "🟦 заощадження разом за рік: 50 000 ₴ → 52 000 ₴",
                "the line starts at the first value, not at zero")
    }

    @Test func growthStartsFromTheFirstValueNotFromZero() throws {
        try chat.say("/start")
        try chat.say("/accounts add Депозит")
        try chat.say("депозит 57 400")
        let savings = try say("/savings")
        #expect(savings.contains("• Депозит: 57 400 ₴\n"), "the day it was entered is no growth: \(savings)")
        #expect(!savings.contains("за місяць") && !savings.contains("від початку року"), "\(savings)")
        chat.clock.advance(by: 3 * 86_400)
        try chat.say("депозит 58 000")
        #expect(try say("/savings").contains("• Депозит: 58 000 ₴ · +600 ₴ за місяць · +600 ₴ від початку року"))
    }

    @Test func aDateInTheMessageIsTheValuesDay() throws {
        try chat.say("/start")
        try chat.say("/accounts add Депозит")
        #expect(try say("депозит 50000 вчора") == "🐷 Депозит на 20 листопада: 50 000 ₴.")
        let member = try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id))
        let deposit = try #require(try chat.ledger.accounts.accounts(memberID: member.id).first { $0.name == "Депозит" })
        let yesterday = LocalDate(chat.clock.now, in: kyiv).adding(days: -1)
        #expect(try chat.ledger.accounts.value(of: deposit, on: yesterday) == 5_000_000)
        #expect(try say("депозит 51000") == "🐷 Депозит: 51 000 ₴ (+1 000 ₴).")
    }

    @Test(arguments: [(Sender.olha, "• Депозит: 57 400 ₴"), (.dmitry, "• Депозит: 57 400 ₴"), (.anna, "• Savings: ₴57,400")])
    func balanceAndSavingsShowOneValueForAnAccountOnADay(_ sender: Sender, _ line: String) throws {
        try chat.say("/start", from: sender)
        let name = sender == .anna ? "Savings" : "Депозит"
        try chat.say("/accounts add \(name)", from: sender)
        try chat.say(sender == .anna ? "transfer 5000 to savings" : "переказ 5000 на депозит", from: sender)
        try chat.say("\(name.lowercased()) 57400", from: sender)
        let savings = try say("/savings", from: sender), balance = try say("/balance", from: sender)
        #expect(savings.contains(line), "\(savings)")
        #expect(balance.contains(line), "/balance agrees with /savings: \(balance)")
    }
}
