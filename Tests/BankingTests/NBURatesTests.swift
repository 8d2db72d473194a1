import Banking
import KopiykaCore
import Testing

/// The NBU's answer read into exact rates: decimals by their digits, fields leniently, junk refused.
@Suite struct NBURatesTests {
    func parse(_ json: String) throws -> [OfficialRate] { try NBURates.parse(Array(json.utf8)) }

    @Test func ratesAreTheirDecimalDigitsExactly() throws {
        let rates = try parse("""
            [{"r030":840,"txt":"Долар США","rate":41.2345,"cc":"USD","exchangedate":"20.11.2026"},
             {"r030":978,"txt":"Євро","rate":48.0001,"cc":"EUR","exchangedate":"20.11.2026"},
             {"r030":704,"txt":"Донг","rate":0.0016491,"cc":"VND","exchangedate":"20.11.2026"},
             {"r030":392,"txt":"Єна","rate":2.6615E-1,"cc":"JPY","exchangedate":"20.11.2026"},
             {"r030":959,"txt":"Золото","rate":172345.6789,"cc":"XAU","exchangedate":"20.11.2026"}]
            """)
        let november20 = LocalDate(year: 2026, month: 11, day: 20)
        #expect(rates == [
            OfficialRate(code: "USD", hryvniaMicros: 41_234_500, date: november20),
            OfficialRate(code: "EUR", hryvniaMicros: 48_000_100, date: november20),
            // 0.0016491 is 1649.1 millionths: rounded half up once, to 1649.
            OfficialRate(code: "VND", hryvniaMicros: 1_649, date: november20),
            OfficialRate(code: "JPY", hryvniaMicros: 266_150, date: november20),
            OfficialRate(code: "XAU", hryvniaMicros: 172_345_678_900, date: november20),
        ])
        // A half millionth rounds up; less than one rounds to nothing, and the item is skipped.
        #expect(try parse(#"[{"cc":"USD","rate":0.1234565}]"#).first?.hryvniaMicros == 123_457)
        #expect(try parse(#"[{"cc":"USD","rate":1e-7}]"#).isEmpty)
        #expect(try parse(#"[{"cc":"USD","rate":5e-7}]"#).first?.hryvniaMicros == 1)
    }

    @Test func fieldsAreReadLeniently() throws {
        let rates = try parse("""
            [ {"cc":" usd ","rate":"41,5","exchangedate":"2026-11-20","extra":{"nested":[1,2,null,true]}},
              {"txt":"no code","rate":1},
              {"cc":"EUR"},
              {"cc":"GBP","rate":-55.1},
              {"cc":"PLN","rate":1000000},
              {"cc":"CHF","rate":"n/a"},
              {"cc":"ДОЛ","rate":41},
              "not an object",
              {"cc":"CAD","rate":30.1,"exchangedate":"31.02.2026"} ]
            """)
        #expect(rates == [
            OfficialRate(code: "USD", hryvniaMicros: 41_500_000, date: LocalDate(year: 2026, month: 11, day: 20)),
            OfficialRate(code: "CAD", hryvniaMicros: 30_100_000, date: nil),
        ])
        #expect(try parse(" [ ] ").isEmpty)
        #expect(try parse(#"[{"cc":"U\u0053D","rate":1.5}]"#).first?.code == "USD")
    }

    @Test func junkIsRefused() {
        for junk in ["", "<html>502 Bad Gateway</html>", #"{"message":"error"}"#, "[{\"cc\":\"USD\",\"rate\":41.2}",
                     "[1,]", #"[{"cc":"USD" "rate":1}]"#, "[] []", String(repeating: "[", count: 40)] {
            #expect(throws: NBUAnswerError.self, "\(junk)") { try parse(junk) }
        }
        #expect(throws: NBUAnswerError.notAList) { try parse(#"{"message":"error"}"#) }
    }

    @Test func aDayIsAskedForByItsDigits() {
        #expect(NBURates.path(date: LocalDate(year: 2026, month: 1, day: 9)!)
            == "/NBUStatService/v1/statdirectory/exchange?json&date=20260109")
    }
}
