@testable import EntryParsing
import KopiykaCore
import Testing

/// `Сільпо 1200: продукти 900, дім 300` is one purchase in parts: the parts are the entries,
/// never the total beside them.
@Suite struct SplitPurchaseTests {
    let parser = EntryParser()
    let today = LocalDate(year: 2026, month: 11, day: 21)!

    func parse(_ text: String) -> Result<[ParsedEntry], ParseFailure> { parser.parse(text, today: today) }

    func amounts(_ text: String) -> [Int64] {
        (try? parse(text).get().map(\.amount.minorUnits)) ?? []
    }

    @Test func thePartsAreTheEntriesAndAddUpToTheTotal() throws {
        let entries = try parse("Сільпо 1200: продукти 900, дім 300").get()
        #expect(entries.map(\.amount.minorUnits) == [90_000, 30_000])
        #expect(entries.map(\.category) == ["groceries", "home"])
        #expect(entries.map(\.note) == ["Сільпо · продукти", "Сільпо · дім"])
    }

    @Test func whatThePartsLeaveStaysInThePurchasesOwnCategory() throws {
        let entries = try parse("Сільпо 1200: дім 300").get()
        #expect(entries.map(\.amount.minorUnits) == [30_000, 90_000])
        #expect(entries.map(\.category) == ["home", "groceries"])
    }

    @Test func partsBeyondTheTotalAreRefusedNotCountedTwice() {
        #expect(parse("Сільпо 1200: продукти 900, дім 400") == .failure(.splitExceedsTotal))
        #expect(parse("кава 85: таксі 120") == .failure(.splitExceedsTotal))
    }

    @Test func aPartTakesThePurchasesDateAccountAndPrivacy() throws {
        let entries = try parse("вчора АТБ 500 готівка #приватно: побут 200").get()
        #expect(entries.allSatisfy { $0.date == today.adding(days: -1) && $0.account == "cash" && $0.isPrivate })
        #expect(entries.map(\.amount.minorUnits) == [20_000, 30_000])
    }

    @Test func aPartWithoutACategoryOfItsOwnTakesThePurchases() throws {
        let entries = try parse("обід 250: я 150, Оля 100").get()
        #expect(entries.map(\.category) == ["cafe", "cafe"])
    }

    @Test(arguments: [
        ("обід о 13:30 240", [24_000]), ("Покупки: хліб 30, молоко 40", [3_000, 4_000]), ("кава 85: смачна", [8_500]),
        ("Note: кава 85", [8_500]), ("о 9:05 кава 85, таксі 120", [8_500, 12_000]), (":", []), ("кава 85:", [8_500]),
    ])
    func aColonThatStartsNoSplitChangesNothing(text: String, expected: [Int64]) {
        #expect(amounts(text) == expected, "\(text)")
    }

    @Test func incomeSplitsAsExpensesDo() throws {
        let entries = try parse("зарплата +30000: премія 500").get()
        #expect(entries.map(\.amount.minorUnits) == [50_000, 2_950_000])
        #expect(entries.allSatisfy { $0.kind == .income })
    }

    @Test func largePartsAreCheckedAgainstTheTotalNotAddedBlindly() {
        #expect(parse("ремонт 90000: плитка 80000, фарба 80000") == .failure(.splitExceedsTotal))
        #expect(amounts("ремонт 900000000: плитка 800000000") == [80_000_000_000, 10_000_000_000])
    }

    @Test(arguments: [("кава 85 о 13:30", [8_500]), ("таксі 120 о 9:05", [12_000]), ("обід 240 о 13:30", [24_000])])
    func aTimeAfterTheAmountIsNoSplit(text: String, expected: [Int64]) {
        #expect(amounts(text) == expected, "\(text)")
    }

    @Test(arguments: ["Сільпо 1200: продукти 900\nкава 85", "Сільпо 1200: продукти 900; кава 85",
                      "кава 85\nСільпо 1200: продукти 900, дім 300"])
    func anEntryOnAnotherLineIsNeitherAPartNorCountedBesideTheTotal(text: String) throws {
        let entries = try parse(text).get()
        #expect(entries.reduce(0) { $0 + $1.amount.minorUnits } == 128_500, "\(entries.map(\.amount.minorUnits))")
        #expect(entries.contains { $0.amount.minorUnits == 8_500 && $0.note == "кава" })
    }
}
