@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Charts follow the reports' text as photos whose caption is the legend, and show only what
/// that text shows its reader.
@Suite struct ReportChartTests {
    let chat = try! TestConversation()
    let group: Int64 = -100_555

    func photos(_ lines: [ConsoleDelivery.Line]) -> [ConsoleDelivery.Line] { lines.filter { $0.kind == .photo } }

    func caption(_ line: ConsoleDelivery.Line?) -> String { (line?.text ?? "").replacingOccurrences(of: "\u{A0}", with: " ") }

    @Test func aMonthsReportIsFollowedByItsChart() throws {
        try chat.say("кава 85")
        try chat.say("таксі 120")
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/report"))
        #expect(lines.map(\.kind) == [.message, .photo])
        let photo = try #require(lines.last?.document)
        #expect(photo.name == "report-2026-11.png")
        let png = try DecodedPNG(photo.data)
        #expect(png.width == 800 && png.height >= 200)
        #expect(photo.data.count < 100_000)
        #expect(caption(lines.last) == "🟦 Таксі 120 ₴ · 59%\n🟧 Кафе 85 ₴ · 41%")
    }

    @Test func nothingToDrawSendsNoChart() throws {
        try chat.say("/start")
        #expect(photos(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                     text: "/report"))).isEmpty)
        try chat.say("зарплата 30000 дохід")
        #expect(photos(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                     text: "/report"))).isEmpty)
        try chat.say("/budget 40000")
        #expect(photos(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                     text: "/budget"))).isEmpty)
    }

    @Test func aYearsReportCarriesTwelveMonths() throws {
        try chat.say("кава 85")
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/report 2026"))
        #expect(lines.map(\.kind) == [.message, .photo])
        #expect(lines.last?.document?.name == "report-2026.png")
        #expect(caption(lines.last) == "🟧 витрати · 🟦 доходи · 2026")
        _ = try DecodedPNG(try #require(lines.last?.document).data)
    }

    @Test func theBudgetListIsFollowedByTheMonthSoFar() throws {
        try chat.say("/budget 40000")
        try chat.say("продукти 1200")
        let lines = try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha, text: "/budget"))
        #expect(lines.map(\.kind) == [.message, .photo])
        #expect(caption(lines.last) == "Усього за місяць\n🟦 витрачено · ⬜ рівномірний темп · 🟥 ліміт 40 000 ₴")
        _ = try DecodedPNG(try #require(lines.last?.document).data)
        // Setting a budget answers in words only.
        #expect(photos(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                     text: "/budget кафе 3000"))).isEmpty)
    }

    @Test func theGroupsChartLeavesOutPrivateLines() throws {
        try chat.say("кава 85")
        try chat.say("ліки 300 #приватно")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        let mine = caption(photos(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                                text: "/report"))).first)
        #expect(mine.contains("Здоров") && mine.contains("300 ₴"))
        let shared = caption(photos(try chat.say("/report", from: .olha, inGroup: group)).first)
        #expect(shared == "🟦 Кафе 85 ₴ · 22%")
    }

    @Test func theMonthlyPostCarriesItsChart() throws {
        try chat.say("кава 85")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        chat.clock.set(Date(timeIntervalSince1970: 1_796_108_400))  // 2026-12-01 09:00 in Kyiv
        let posted = try chat.tick().filter { $0.chatID == group }
        #expect(posted.map(\.kind) == [.message, .photo])
        #expect(caption(posted.last) == "🟦 Кафе 85 ₴ · 100%")
        #expect(posted.last?.document?.name == "report-2026-11.png")
    }
}
