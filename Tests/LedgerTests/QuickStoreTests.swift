import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// The frequent-entry read and the pins under `/quick`, on a real file: what counts, in what
/// order, over which days, for whom; and what a pin keeps.
@Suite struct QuickStoreTests {
    let test = try! TestLedger()
    var ledger: Ledger { test.ledger }

    /// 2026-09-23 … 2026-11-21: the 60 days up to the tests' today, today among them.
    static let window = LocalDate(iso: "2026-09-23")!...LocalDate(iso: "2026-11-21")!

    func entry(_ note: String, _ hryvnias: Int64, _ category: CategoryKey, on day: String, by member: Member,
               account: AccountKey? = nil, isPrivate: Bool = false) throws {
        _ = try ledger.entries.add([NewEntry(kind: category.kind, amount: Money(major: hryvnias, currency: .uah), category: category,
                                             account: account, date: LocalDate(iso: day)!, note: note, originalText: "",
                                             isPrivate: isPrivate)], by: member)
    }

    /// Оля and Тарас, and a household next door that drinks more coffee than both.
    func family() throws -> (olha: Member, taras: Member) {
        let olha = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let taras = try ledger.families.addMember(Newcomer(telegramUserID: 2, name: "Тарас", language: "uk"), householdID: olha.householdID)
        let neighbour = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 3, name: "Сусід", language: "uk"), timeZone: kyiv)
        for day in ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"] { try entry("кава", 85, "cafe", on: day, by: neighbour) }
        // кава 85 Кафе: three in the window, by both; one moved to Продукти is another group.
        try entry("кава", 85, "cafe", on: "2026-11-21", by: olha)
        try entry("кава", 85, "cafe", on: "2026-11-20", by: olha)
        try entry("кава", 85, "cafe", on: "2026-11-19", by: taras)
        try entry("кава", 85, "groceries", on: "2026-11-18", by: olha)
        // таксі 120: the window's first day counts, the day before it does not: two.
        try entry("таксі", 120, "taxi", on: "2026-09-23", by: olha)
        try entry("таксі", 120, "taxi", on: "2026-10-01", by: olha)
        try entry("таксі", 120, "taxi", on: "2026-09-22", by: olha)
        try entry("таксі", 150, "taxi", on: "2026-10-02", by: olha)  // once: no one's usual
        // сільпо 450: three the day before the window and earlier, one in it: one.
        for day in ["2026-09-22", "2026-09-21", "2026-09-20", "2026-11-01"] { try entry("сільпо", 450, "groceries", on: day, by: olha) }
        // обід 250: two, recorded after таксі's, so first of the two-use groups.
        try entry("обід", 250, "cafe", on: "2026-11-10", by: taras)
        try entry("обід", 250, "cafe", on: "2026-11-12", by: olha)
        // No note, no usual; and a day past today is not within the last 60.
        try entry("", 100, "other", on: "2026-11-11", by: olha)
        try entry("", 100, "other", on: "2026-11-12", by: olha)
        try entry("квитки", 900, "travel", on: "2026-12-01", by: olha)
        try entry("квитки", 900, "travel", on: "2026-12-02", by: olha)
        // Тарас's private ліки: three, recorded last.
        for day in ["2026-11-05", "2026-11-06", "2026-11-07"] { try entry("ліки", 300, "health", on: day, by: taras, isPrivate: true) }
        return (olha, taras)
    }

    func frequent(_ member: Member, _ viewer: Viewer, limit: Int = 8) throws -> [String] {
        try ledger.quick.frequent(householdID: member.householdID, dates: Self.window, shownTo: viewer, limit: limit)
            .map { "\($0.note) \($0.amount.majorPart) \($0.category) ×\($0.uses)" }
    }

    @Test func theMostUsedComeFirstThenTheLatestWithinTheWindow() throws {
        let (olha, taras) = try family()
        let shared = ["кава 85 cafe ×3", "обід 250 cafe ×2", "таксі 120 taxi ×2"]
        #expect(try frequent(olha, .member(olha.id)) == shared)
        #expect(try frequent(olha, .group) == shared)
        #expect(try frequent(olha, .member(olha.id), limit: 2) == Array(shared.prefix(2)))
        // Тарас sees his own private ліки (three, the latest of the three-use groups).
        #expect(try frequent(taras, .member(taras.id)) == ["ліки 300 health ×3"] + shared)
    }

    @Test func anotherMembersPrivateEntriesAreNobodyElsesUsual() throws {
        let (olha, taras) = try family()
        let seen = try ledger.quick.frequent(householdID: olha.householdID, dates: Self.window, shownTo: .member(olha.id), limit: 100)
        #expect(!seen.contains { $0.note == "ліки" || $0.isPrivate })
        let his = try ledger.quick.frequent(householdID: taras.householdID, dates: Self.window, shownTo: .member(taras.id), limit: 100)
        let private_ = try #require(his.first { $0.note == "ліки" })
        #expect(private_.isPrivate)
        #expect(try ledger.entries.entry(id: private_.entryID)?.memberID == taras.id)
    }

    @Test func theButtonsEntryIsTheGroupsLatest() throws {
        let (olha, _) = try family()
        let coffee = try #require(try ledger.quick.frequent(householdID: olha.householdID, dates: Self.window, shownTo: .group, limit: 1).first)
        let latest = try ledger.entries.list(householdID: olha.householdID, dates: Self.window)
            .filter { $0.note == "кава" && $0.category == "cafe" }.map(\.id).max()
        #expect(coffee.entryID == latest)
    }

    @Test func theUsualAccountIsTheMembersMostUsedWithTheNoteWithinTheWindow() throws {
        let (olha, taras) = try family()
        for day in ["2026-09-01", "2026-09-02", "2026-09-03"] { try entry("таксі", 120, "taxi", on: day, by: olha, account: .cash) }
        try entry("таксі", 120, "taxi", on: "2026-11-02", by: olha, account: .cash)
        try entry("таксі", 90, "taxi", on: "2026-11-03", by: olha, account: .monobank)
        try entry("таксі", 90, "taxi", on: "2026-11-04", by: olha, account: .monobank)
        // In the window: card 3 (09-23, 10-01, 10-02 from `family`), monobank 2, cash 1 (with the
        // three before the window, 4).
        #expect(try ledger.quick.usualAccount(memberID: olha.id, householdID: olha.householdID, note: "таксі", dates: Self.window) == .card)
        // A tie, 3 and 3: the account of the latest entry.
        try entry("таксі", 90, "taxi", on: "2026-10-05", by: olha, account: .monobank)
        #expect(try ledger.quick.usualAccount(memberID: olha.id, householdID: olha.householdID, note: "таксі", dates: Self.window) == .monobank)
        #expect(try ledger.quick.usualAccount(memberID: olha.id, householdID: olha.householdID, note: "обід", dates: Self.window) == .card)
        #expect(try ledger.quick.usualAccount(memberID: taras.id, householdID: olha.householdID, note: "таксі", dates: Self.window) == nil)
    }

    @Test func theReadsSeekTheWindowAndScanNothing() throws {
        let (olha, _) = try family()
        let before = ledger.fullScanSteps
        _ = try ledger.quick.frequent(householdID: olha.householdID, dates: Self.window, shownTo: .member(olha.id), limit: 8)
        _ = try ledger.quick.usualAccount(memberID: olha.id, householdID: olha.householdID, note: "кава", dates: Self.window)
        _ = try ledger.quick.pins(memberID: olha.id)
        let scanning = ledger.fullScanSteps.filter { before[$0.key] != $0.value }
        #expect(scanning.isEmpty, "\(scanning)")
    }

    @Test func pinsAreAMembersOwnAndGoWhenRemoved() throws {
        let (olha, taras) = try family()
        let coffee = QuickPin(kind: .expense, amount: Money(major: 85, currency: .uah), category: "cafe", account: .card,
                              note: "кава", isPrivate: false)
        let taxi = QuickPin(kind: .expense, amount: Money(minorUnits: 12_050, currency: .uah), category: "taxi", account: nil,
                            note: "таксі", isPrivate: true)
        let stored = try ledger.quick.add(coffee, memberID: olha.id)
        _ = try ledger.quick.add(taxi, memberID: olha.id)
        #expect(try ledger.quick.pins(memberID: olha.id).map(\.note) == ["кава", "таксі"])
        #expect(try ledger.quick.pins(memberID: olha.id).last?.account == nil)
        #expect(try ledger.quick.pins(memberID: olha.id).last?.amount.minorUnits == 12_050)
        #expect(try ledger.quick.pins(memberID: olha.id).last?.isPrivate == true)
        #expect(try ledger.quick.pin(id: stored.id) == stored)
        #expect(try ledger.quick.pins(memberID: taras.id).isEmpty)
        #expect(try !ledger.quick.remove(id: stored.id, memberID: taras.id), "only its member lets it go")
        #expect(try ledger.quick.remove(id: stored.id, memberID: olha.id))
        #expect(try ledger.quick.pin(id: stored.id) == nil)
        #expect(try ledger.quick.pins(memberID: olha.id).map(\.note) == ["таксі"])
    }
}
