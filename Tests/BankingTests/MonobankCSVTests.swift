import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

/// Monobank CSV files made here, one difficulty each.
@Suite struct MonobankCSVTests {
    static let header = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції"

    func read(_ text: String, name: String = "statement.csv") -> Result<Statement, StatementProblem> {
        StatementReader.read(Array(text.utf8), fileName: name)
    }

    func facts(_ text: String) throws -> [BankFact] { try read(text).get().facts }

    @Test func aBOMCRLFAndACyrillicIInTheHeaderReadTheSame() throws {
        let body = "\n31.10.2026 21:40:12,АТБ,5411,-284.89,-284.89,UAH,—,—,2.85,18718.5\n"
        let plain = try facts(Self.header + body)
        let windows = try facts("\u{FEFF}" + Self.header.replacing("Дата i час", with: "Дата і час")
                                + body.replacing("\n", with: "\r\n"))
        #expect(plain.count == 1)
        #expect(plain == windows)
        #expect(plain.first?.cashback == Money(minorUnits: 285, currency: .uah))
    }

    @Test func quotedFieldsHoldCommasDoubledQuotesAndLineBreaks() throws {
        let text = Self.header + "\n"
            + "05.10.2026 10:02:11,\"Від: ТОВ \"\"Ромашка\"\", зарплата\",4829,35000,35000,UAH,—,—,—,67290.77\n"
            + "04.10.2026 18:45:22,\"Епіцентр,\nКиїв\",5200,-1544.75,-1544.75,UAH,—,—,—,32290.77\n"
            + "04.10.2026 18:46:00,broken,5200\n"
        let statement = try read(text).get()
        #expect(statement.facts.map(\.description) == ["Від: ТОВ \"Ромашка\", зарплата", "Епіцентр,\nКиїв"])
        #expect(statement.unreadRows == [UnreadRow(line: 5, reason: .missingCells)], "the line count goes on past the break inside quotes")
    }

    @Test func anEmDashIsAnEmptyCell() throws {
        let fact = try #require(try facts(Self.header + "\n01.10.2026 09:15:20,Поповнення,—,100,100,UAH,—,—,—,—\n").first)
        #expect(fact.mcc == nil)
        #expect(fact.cashback == nil && fact.commission == nil && fact.balanceAfter == nil)
        #expect(fact.amount == Money(major: 100, currency: .uah))
    }

    @Test func foreignCurrenciesKeepTheirOwnMinorUnits() throws {
        let header = Self.header.replacing("(UAH)", with: "(USD)")
        let text = header + "\n"
            + "20.10.2026 22:01:45,Google,5817,-10.4,-9.58,EUR,1.0856,—,—,120.5\n"
            + "19.10.2026 12:00:00,Tokyo Metro,4111,-10.05,-1500,JPY,0.0067,—,—,130.9\n"
            + "18.10.2026 12:00:00,Muscat,5812,-2.6,-1.001,OMR,0.385,—,—,141\n"
        let facts = try facts(text)
        #expect(facts.map(\.amount) == [Money(minorUnits: -1_040, currency: .usd), Money(minorUnits: -1_005, currency: .usd),
                                        Money(minorUnits: -260, currency: .usd)])
        #expect(facts.map(\.operationAmount) == [Money(minorUnits: -958, currency: .eur), Money(minorUnits: -1_500, currency: Currency(code: "JPY")!),
                                                 Money(minorUnits: -1_001, currency: Currency(code: "OMR")!)])
        #expect(facts.first?.balanceAfter == Money(minorUnits: 12_050, currency: .usd))
    }

    @Test func aCutOffFileKeepsItsWholeRowsAndNamesTheLastLine() throws {
        let whole = Self.header + "\n31.10.2026 21:40:12,АТБ,5411,-284.89,-284.89,UAH,—,—,2.85,18718.5\n"
        let midRow = try read(whole + "31.10.2026 01:58:17,АТБ,5411,-629").get()
        #expect(midRow.facts.count == 1)
        #expect(midRow.unreadRows == [UnreadRow(line: 3, reason: .missingCells)])
        let midQuote = try read(whole + "30.10.2026 05:31:27,\"Епіцентр, Ки").get()
        #expect(midQuote.unreadRows == [UnreadRow(line: 3, reason: .unclosedQuote)])
    }

    @Test func eachBadCellIsNamedWithItsLine() throws {
        let text = Self.header + "\n"
            + "32.10.2026 21:40:12,АТБ,5411,-284.89,-284.89,UAH,—,—,—,—\n"
            + "31.10.2026 21:40:12,АТБ,5411,\"-284,89\",-284.89,UAH,—,—,—,—\n"
            + "31.10.2026 21:40:12,АТБ,54AB,-284.89,-284.89,UAH,—,—,—,—\n"
            + "31.10.2026 21:40:12,АТБ,5411,-284.891,-284.89,UAH,—,—,—,—\n"
            + "\n"
            + "30.10.2026 21:40:12,АТБ,5411,-1.5,-1.5,UAH,—,—,—,—\n"
        let statement = try read(text).get()
        #expect(statement.facts.map(\.amount.minorUnits) == [-150])
        #expect(statement.unreadRows == [UnreadRow(line: 2, reason: .date), UnreadRow(line: 3, reason: .amount),
                                         UnreadRow(line: 4, reason: .mcc), UnreadRow(line: 5, reason: .amount)])
    }

    @Test func aHeaderAloneIsEmptyAndOnlyBadRowsAreUnreadable() {
        #expect(read(Self.header + "\r\n\r\n") == .failure(.empty))
        #expect(read(Self.header + "\nnot,a,row\n") == .failure(.unreadable([UnreadRow(line: 2, reason: .missingCells)])))
    }

    @Test func excelsSemicolonsAreReadToo() throws {
        let text = Self.header.replacing(",", with: ";") + "\n31.10.2026 21:40:12;АТБ, Київ;5411;-284.89;-284.89;UAH;—;—;—;—\n"
        #expect(try facts(text).map(\.description) == ["АТБ, Київ"])
    }

    @Test func excelsDecimalCommasGroupsAndQuotedAmountsReadExactly() throws {
        let text = Self.header.replacing(",", with: ";")
            + "\n31.10.2026 21:40:12;АТБ;5411;\"-1 234,56\";-1\u{A0}234,56;UAH;—;1,5;2,85;18\u{202F}718,5\n"
            + "31.10.2026 21:41:00;Сільпо;5411;-85;-85;UAH;—;—;—;—\n"
        let read = try facts(text)
        #expect(read.map(\.amount.minorUnits) == [-123_456, -8_500])
        #expect(read.first?.operationAmount?.minorUnits == -123_456)
        #expect(read.first?.commission?.minorUnits == 150 && read.first?.cashback?.minorUnits == 285)
        #expect(read.first?.balanceAfter?.minorUnits == 1_871_850)
        let commas = try self.read(Self.header + "\n31.10.2026 21:40:12,АТБ,5411,\"-284,89\",-284.89,UAH,—,—,—,—\n"
                                   + "31.10.2026 21:41:00,Сільпо,5411,-85,-85,UAH,—,—,—,—\n").get()
        #expect(commas.unreadRows == [UnreadRow(line: 2, reason: .amount)], "a comma file writes a dot: a comma there is no guess")
    }

    @Test func otherFilesGetTheirOwnAnswer() {
        #expect(read("%PDF-1.7\n...", name: "statement.pdf") == .failure(.notAStatement))
        #expect(read("Date,Amount\n2026-10-01,5\n") == .failure(.notAStatement))
        #expect(read("", name: "empty.csv") == .failure(.notAStatement))
        // Excel on Windows resaves in cp1251: "Дата" is C4 E0 F2 E0.
        #expect(StatementReader.read([0xC4, 0xE0, 0xF2, 0xE0, 0x2C, 0x31, 0x0A], fileName: "Report.CSV") == .failure(.damaged(.encoding)))
        #expect(read(Self.header, name: "old.xls") == .failure(.oldExcelFormat), "named .xls: whatever is inside, ask for XLSX")
        #expect(StatementReader.read([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0], fileName: "x") == .failure(.oldExcelFormat))
        let huge = [UInt8](repeating: 0x20, count: StatementReader.maximumFileBytes + 1)
        #expect(StatementReader.read(huge, fileName: "big.csv") == .failure(.tooLarge(limit: StatementReader.maximumFileBytes)))
    }

    @Test func tenThousandRowsAddUpToTheKopiyka() async throws {
        // A second of work in a debug build: off the pool the async tests share.
        let statement = try await offThePool { try StatementReader.read(Array(Generated.monobankCSV(rows: 10_000).utf8), fileName: "s.csv").get() }
        #expect(statement.facts.count == 10_000)
        #expect(statement.unreadRows.isEmpty)
        #expect(try statement.facts.map(\.amount.minorUnits).checkedSum() == Generated.monobankTotal(rows: 10_000))
    }
}

/// Statements generated row by row, with a total computed without reading them back.
enum Generated {
    /// Row `i` spends `i + 1` hryvnias and `i % 100` kopiykas, a minute apart, newest first.
    static func monobankCSV(rows: Int) -> String {
        var text = MonobankCSVTests.header + "\n"
        let start = 1_790_000_000
        for i in (0..<rows).reversed() {
            let t = start + i * 60
            let (day, second) = ((t / 86_400), t % 86_400)
            let date = LocalDate(daysSinceEpoch: day)
            let stamp = "\(pad(date.day)).\(pad(date.month)).\(date.year) \(pad(second / 3_600)):\(pad(second / 60 % 60)):\(pad(second % 60))"
            let amount = "-\(i + 1).\(pad(i % 100))"
            text += "\(stamp),\"Кава, №\(i)\",5814,\(amount),\(amount),UAH,—,—,—,—\n"
        }
        return text
    }

    static func monobankTotal(rows: Int) -> Int64 {
        (0..<rows).reduce(0) { $0 - Int64(($1 + 1) * 100 + $1 % 100) }
    }

    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

/// Rows no operation has: read as unread rows, never a trap, never a fact.
@Suite struct MonobankCSVBoundsTests {
    func read(_ rows: [String]) throws -> Statement {
        try StatementReader.read(Array(([MonobankCSVTests.header] + rows).joined(separator: "\n").utf8), fileName: "s.csv").get()
    }

    @Test func aDateOrAnAmountPastTheBoundsIsAnUnreadRow() throws {
        let statement = try read([
            "31.12.9999 23:59:59,Вічність,5411,-85.00,-85.00,UAH,—,—,—,—",
            "01.01.0001 00:00:00,Нуль,5411,-85.00,-85.00,UAH,—,—,—,—",
            "01.01.1970 03:00:00,Епоха,5411,-85.00,-85.00,UAH,—,—,—,—",
            "01.01.2200 12:00:00,Майбутнє,5411,-85.00,-85.00,UAH,—,—,—,—",
            "11.12.2026 12:00:00,Завтра й ще три дні,5411,-85.00,-85.00,UAH,—,—,—,—",
            "31.10.2026 21:40:12,Максимум,5411,-92233720368547758.07,-85.00,UAH,—,—,—,—",
            "31.10.2026 21:40:12,Трильйон,5411,-1000000000000,-85.00,UAH,—,—,—,—",
            "31.10.2026 21:40:13,АТБ,5411,-284.89,-284.89,UAH,—,92233720368547758.07,92233720368547758.07,92233720368547758.07",
            "10.12.2026 09:00:00,Банк попереду,5411,-10.00,-10.00,UAH,—,—,—,—",
        ])
        #expect(statement.unreadRows == (2...8).map { UnreadRow(line: $0, reason: .outOfRange) })
        #expect(statement.facts.map(\.description) == ["АТБ", "Банк попереду"])
        let kept = try #require(statement.facts.first)
        #expect(kept.amount == Money(minorUnits: -28_489, currency: .uah))
        #expect(kept.cashback == nil && kept.commission == nil && kept.balanceAfter == nil, "figures past the bounds are dropped")
    }

    @Test func aFileOfOnlySuchRowsIsUnreadableForThatReason() {
        let text = MonobankCSVTests.header + "\n31.12.9999 23:59:59,Вічність,5411,-85.00,-85.00,UAH,—,—,—,—\n"
        #expect(StatementReader.read(Array(text.utf8), fileName: "s.csv") == .failure(.unreadable([UnreadRow(line: 2, reason: .outOfRange)])))
    }
}
