import Banking
import Foundation
import KopiykaCore
import Testing

/// The shared Monobank sample read row by row against values taken from the file by another
/// reader (Python's csv, decimal and zoneinfo), so a parsing slip cannot agree with itself.
@Suite struct MonobankFixtureTests {
    /// (UTC seconds, card minor units, MCC, operation minor units, operation currency,
    /// cashback, commission, balance after), in the file's order.
    static let expected: [(Int64, Int64, Int, Int64, String, Int64?, Int64?, Int64?)] = [
        (1793483940, 11237, 4829, 11237, "UAH", nil, nil, 1883087),
        (1793475612, -28489, 5411, -28489, "UAH", 285, nil, 1871850),
        (1793404697, -62931, 5411, -62931, "UAH", 629, nil, 1900339),
        (1793331087, -232690, 5200, -232690, "UAH", nil, nil, 1963270),
        (1793263358, -193205, 5200, -193205, "UAH", nil, nil, 2195960),
        (1793250213, -26522, 5411, -26522, "UAH", 265, nil, 2389165),
        (1793226933, -314561, 5732, -314561, "UAH", nil, nil, 2415687),
        (1793179328, -35856, 5912, -35856, "UAH", nil, nil, 2730248),
        (1793125844, -31867, 7832, -31867, "UAH", nil, nil, 2766104),
        (1793105063, -43004, 5411, -43004, "UAH", 430, nil, 2797971),
        (1793060754, -28344, 4121, -28344, "UAH", nil, nil, 2840975),
        (1793017440, -27959, 7832, -27959, "UAH", nil, nil, 2869319),
        (1792954615, -28365, 4814, -28365, "UAH", nil, nil, 2897278),
        (1792877100, -34952, 5411, -34952, "UAH", 350, nil, 2925643),
        (1792810742, -29900, 5815, -29900, "UAH", nil, nil, 2960595),
        (1792767876, -372706, 5200, -372706, "UAH", nil, nil, 2990495),
        (1792701123, -62284, 4900, -62284, "UAH", nil, nil, 3363201),
        (1792663509, 129900, 5732, 129900, "UAH", nil, nil, 3425485),
        (1792662175, -135452, 5411, -135452, "UAH", 1355, nil, 3295585),
        (1792590373, -52756, 5411, -52756, "UAH", 528, nil, 3431037),
        (1792530964, -64794, 5812, -64794, "UAH", 648, nil, 3483793),
        (1792522905, -43109, 5817, -1040, "EUR", nil, nil, 3548587),
        (1792506920, -55344, 5812, -55344, "UAH", 553, nil, 3591696),
        (1792433925, -25046, 4814, -25046, "UAH", nil, nil, 3647040),
        (1792388574, -321064, 5732, -321064, "UAH", nil, nil, 3672086),
        (1792320658, -21496, 4814, -21496, "UAH", nil, nil, 3993150),
        (1792274261, -22039, 5411, -22039, "UAH", 220, nil, 4014646),
        (1792209968, -41197, 5812, -41197, "UAH", 412, nil, 4036685),
        (1792176564, -46000, 5812, -46000, "UAH", 460, nil, 4077882),
        (1792108677, -29900, 5815, -29900, "UAH", nil, nil, 4123882),
        (1792091079, -149495, 5541, -149495, "UAH", nil, nil, 4153782),
        (1792067755, -39197, 7832, -39197, "UAH", nil, nil, 4303277),
        (1791998367, -30296, 4121, -30296, "UAH", nil, nil, 4342474),
        (1791958503, -500000, 4829, -500000, "UAH", nil, nil, 4372770),
        (1791933286, -81971, 5912, -81971, "UAH", nil, nil, 4872770),
        (1791882514, -41129, 7832, -41129, "UAH", nil, nil, 4954741),
        (1791855576, -29245, 5411, -29245, "UAH", 292, nil, 4995870),
        (1791819000, -200000, 6011, -200000, "UAH", nil, 2000, 5025115),
        (1791792122, -46218, 5411, -46218, "UAH", 462, nil, 5227115),
        (1791758815, -46524, 5200, -46524, "UAH", nil, nil, 5273333),
        (1791685753, -117187, 4900, -117187, "UAH", nil, nil, 5319857),
        (1791660533, -366517, 5732, -366517, "UAH", nil, nil, 5437044),
        (1791593047, -21235, 4121, -21235, "UAH", nil, nil, 5803561),
        (1791526019, -354118, 5200, -354118, "UAH", nil, nil, 5824796),
        (1791456534, -25028, 4814, -25028, "UAH", nil, nil, 6178914),
        (1791428284, -143222, 5200, -143222, "UAH", nil, nil, 6203942),
        (1791369193, -20681, 4121, -20681, "UAH", nil, nil, 6347164),
        (1791335353, -32750, 5411, -32750, "UAH", 327, nil, 6367845),
        (1791317120, -174015, 5541, -174015, "UAH", nil, nil, 6400595),
        (1791306228, -39749, 5812, -39749, "UAH", 397, nil, 6574610),
        (1791261328, -39352, 5411, -39352, "UAH", 394, nil, 6614359),
        (1791197929, -75366, 4900, -75366, "UAH", nil, nil, 6653711),
        (1791183731, 3500000, 4829, 3500000, "UAH", nil, nil, 6729077),
        (1791128722, -154475, 5200, -154475, "UAH", nil, nil, 3229077),
        (1791090097, -42389, 5411, -42389, "UAH", 424, nil, 3383552),
        (1791074936, -10473, 4121, -10473, "UAH", nil, nil, 3425941),
        (1790999343, -73122, 5411, -73122, "UAH", 731, nil, 3436414),
        (1790965098, -531577, 5732, -531577, "UAH", nil, nil, 3509536),
        (1790937405, -12176, 5814, -12176, "UAH", 122, nil, 4041113),
        (1790865577, -23716, 4121, -23716, "UAH", nil, nil, 4053289),
        (1790835320, -22995, 4814, -22995, "UAH", nil, nil, 4077005),    ]

    @Test func everyRowIsReadExactly() throws {
        let statement = try StatementReader.read(Fixtures.bytes(Fixtures.monobank), fileName: Fixtures.monobank).get()
        #expect(statement.bank == .monobank)
        #expect(statement.unreadRows.isEmpty)
        #expect(statement.facts.count == Self.expected.count)
        for (fact, row) in zip(statement.facts, Self.expected) {
            #expect(Int64(fact.time.timeIntervalSince1970) == row.0, "\(fact.description)")
            #expect(fact.amount == Money(minorUnits: row.1, currency: .uah), "\(fact.description)")
            #expect(fact.mcc == row.2)
            #expect(fact.operationAmount == Money(minorUnits: row.3, currency: try #require(Currency(code: row.4))))
            #expect(fact.cashback?.minorUnits == row.5)
            #expect(fact.commission?.minorUnits == row.6)
            #expect(fact.balanceAfter?.minorUnits == row.7)
        }
    }

    @Test func quotedDetailsKeepTheirCommasAndQuotes() throws {
        let facts = try StatementReader.read(Fixtures.bytes(Fixtures.monobank), fileName: "x.csv").get().facts
        #expect(facts.contains { $0.description == "Rozetka, повернення" && $0.amount.minorUnits == 129_900 })
        #expect(facts.contains { $0.description == "Від: ТОВ \"Ромашка\", зарплата за вересень" })
        #expect(facts.contains { $0.description == "Банкомат ПриватБанк, Хрещатик 22" && $0.commission == Money(major: 20, currency: .uah) })
    }

    @Test func timesAreKyivTimeOnBothSidesOfTheAutumnChange() throws {
        let facts = try StatementReader.read(Fixtures.bytes(Fixtures.monobank), fileName: "x.csv").get().facts
        // 01.10 09:15:20 is summer time (UTC+3); 31.10 23:59:00 is winter time (UTC+2).
        #expect(facts.last?.time == Date(timeIntervalSince1970: 1_790_835_320))
        #expect(facts.first?.time == Date(timeIntervalSince1970: 1_793_483_940))
    }

    /// Issue 32, attack 7: the statement re-saved by Excel with Ukrainian settings was refused
    /// as damaged (not UTF-8); read as Windows-1251 with decimal commas, it is the original.
    @Test func theStatementResavedByExcelInUkrainianReadsAsTheOriginal() throws {
        let original = try StatementReader.read(Fixtures.bytes(Fixtures.monobank), fileName: Fixtures.monobank).get()
        let resaved = try StatementReader.read(Fixtures.bytes(Fixtures.monobankExcel), fileName: Fixtures.monobankExcel).get()
        #expect(resaved.unreadRows.isEmpty, "\(resaved.unreadRows)")
        #expect(resaved.facts.count == original.facts.count)
        for (copy, fact) in zip(resaved.facts, original.facts) { #expect(copy == fact) }
    }
}
