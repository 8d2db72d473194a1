@testable import Conversation
import KopiykaTestSupport
import Ledger
import Localization
import Testing

/// A list of any length is shown a page at a time, the page computed from the list as it is
/// and the number a button carries; every page's keyboard is one Telegram takes.
@Suite struct ListPageTests {
    let l = try! Catalog.load()[.uk]

    @Test func aHundredThousandItemsAreTenThousandPagesEachWithinTelegramsLimits() throws {
        let total = 100_000, size = 10
        for requested in [0, 1, 4_999, 9_998, 9_999] {
            let page = ListPage(requested, total: total, size: size)
            #expect(page.count == 10_000 && page.index == requested)
            #expect(page.items == requested * size..<requested * size + size)
            let row = try #require(page.navigation(l) { "mono:p:\($0)" })
            let rows = page.items.map { [OutboxButton(title: "💳 *\($0) · UAH", data: "mono:f:\(Int64.max - Int64($0))")] } + [row]
            #expect(TelegramMarkupValidation.refusal(rows.map { $0.map { ($0.title, $0.data) } }) == nil)
        }
        let first = try #require(ListPage(0, total: total, size: size).navigation(l) { "p\($0)" })
        #expect(first.map(\.title) == ["1/10\u{A0}000", "▶️"] && first.map(\.data) == ["p0", "p1"])
        let middle = try #require(ListPage(4_999, total: total, size: size).navigation(l) { "p\($0)" })
        #expect(middle.map(\.title) == ["◀️", "5\u{A0}000/10\u{A0}000", "▶️"] && middle.map(\.data) == ["p4998", "p4999", "p5000"])
        let last = try #require(ListPage(9_999, total: total, size: size).navigation(l) { "p\($0)" })
        #expect(last.map(\.title) == ["◀️", "10\u{A0}000/10\u{A0}000"])
    }

    @Test func aStaleOrForgedPageLandsOnAPageThereIs() {
        #expect(ListPage(7, total: 25, size: 10) == ListPage(2, total: 25, size: 10), "the list shrank to three pages")
        #expect(ListPage(2, total: 25, size: 10).items == 20..<25)
        #expect(ListPage(-5, total: 25, size: 10).index == 0)
        #expect(ListPage(Int.max, total: 25, size: 10).index == 2)
        #expect(ListPage(3, total: 0, size: 10).items.isEmpty && ListPage(3, total: 0, size: 10).count == 1)
        #expect(ListPage(containing: 24, total: 25, size: 10).index == 2)
        #expect(ListPage(containing: 10, total: 25, size: 10).index == 1)
    }

    @Test func aListOfOnePageHasNoPageRow() {
        #expect(ListPage(0, total: 10, size: 10).navigation(l) { "p\($0)" } == nil)
        #expect(ListPage(0, total: 11, size: 10).navigation(l) { "p\($0)" }?.count == 2)
    }
}
