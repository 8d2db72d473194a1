import EntryParsing
import KopiykaCore
import Testing

/// A speaker who takes an amount back (`ні, не двісті, а двісті сорок`) is recorded at the
/// amount said last, once (examples of our own, in uk, ru and en).
@Suite struct SelfCorrectionTests {
    @Test(arguments: [
        ("заплатила за світло двісті, ні, не двісті, а двісті сорок гривень", "240"),
        ("Таксі сто. Ні, не сто, сто двадцять.", "120"),
        ("за ремонт отдал пятьсот, нет, не пятьсот, а шестьсот", "600"),
        ("купив не 300, а 350 за шини", "350"),
        ("обід 280, ой, 320", "320"),
        ("lunch 15 usd, sorry, 18 usd", "18"),
        ("за шини віддав вісім тисяч ні стоп сім тисяч девʼятсот", "7900"), ("такси четыреста стоп триста пятьдесят", "350"),
        ("parking 14 dollars no stop 12 dollars", "12"),
    ])
    func recordsTheAmountSaidLast(_ text: String, _ amount: String) throws {
        let entries = try EntryParser().parse(text, today: LocalDate(year: 2026, month: 12, day: 7)!).get()
        #expect(entries.map(\.amount.decimalString) == [Money(decimal: amount, currency: entries[0].amount.currency)!.decimalString], "\(text)")
    }

    @Test(arguments: ["кава 85 не солодка", "таксі 120, не Bolt, а Uklon"])
    func leavesOtherNegations(_ text: String) {
        #expect((try? EntryParser().parse(text, today: LocalDate(year: 2026, month: 12, day: 7)!).get())?.count == 1, "\(text)")
    }
}
