import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

/// PrivatBank workbooks and ZIP archives made here, one difficulty each.
@Suite struct PrivatBankXLSXTests {
    typealias Cell = XLSXWriter.Cell

    func read(_ bytes: [UInt8]) -> Result<Statement, StatementProblem> {
        StatementReader.read(bytes, fileName: "statement.xlsx")
    }

    @Test func sharedStringsRichRunsEntitiesAndExcelDates() throws {
        // 46326.5 is 2026-10-31 12:00 in Excel's count of days from 1899-12-30.
        let row: [Cell] = [.number("46326.5"), .shared("<r><t>Кафе, </t></r><r><rPr/><t>бари</t></r><rPh><t>ignored</t></rPh>"),
                           .shared("<t>5168 **** **** 4321</t>"), .shared("<t>Tom &amp; Jerry&#8217;s &#x441;</t>"),
                           .inline("-1 234,56"), .shared("<t>грн</t>"), .number("1.23456E3"), .inline("грн")]
        let fact = try #require(try read(XLSXWriter.workbook([XLSXWriter.title, XLSXWriter.header, row])).get().facts.first)
        #expect(fact.bankCategory == "Кафе, бари")
        #expect(fact.description == "Tom & Jerry\u{2019}s с")
        #expect(fact.amount == Money(minorUnits: -123_456, currency: .uah))
        #expect(fact.operationAmount == Money(minorUnits: -123_456, currency: .uah), "unsigned in the file, signed like the card amount")
        #expect(fact.time == Date(timeIntervalSince1970: 1_793_440_800), "12:00 Kyiv winter time is 10:00 UTC")
    }

    @Test func storedPartsANamespacePrefixAndForeignCurrencyWords() throws {
        let rows: [[Cell]] = [XLSXWriter.title, XLSXWriter.header,
                              [.inline("25.10.2026 15:40"), .inline("Подорожі"), .inline("5168 **** **** 4321"), .inline("Booking.com"),
                               .number("-1850.4"), .inline("грн"), .number("42"), .inline("дол")],
                              [.inline("24.10.2026 15:40:00"), .inline("Подорожі"), .inline("5168 **** **** 4321"), .inline("Hotel"),
                               .number("-500"), .inline("грн"), .number("11.2"), .inline("євро")],
                              [.inline("23.10.2026 15:40:00"), .inline("Подорожі"), .inline("4149 **** **** 0001"), .inline("Refund"),
                               .number("20"), .inline("дол"), .number("20"), .inline("дол")]]
        let statement = try read(XLSXWriter.workbook(rows, deflate: false, prefix: "x:")).get()
        #expect(statement.facts.map(\.operationAmount) == [Money(minorUnits: -4_200, currency: .usd), Money(minorUnits: -1_120, currency: .eur),
                                                           Money(minorUnits: 2_000, currency: .usd)])
        #expect(statement.facts.last?.amount == Money(minorUnits: 2_000, currency: .usd))
        #expect(statement.accounts == ["5168 **** **** 4321", "4149 **** **** 0001"])
    }

    @Test func badRowsAreNamedByTheirSheetRow() throws {
        let rows: [[Cell]] = [XLSXWriter.title, XLSXWriter.header,
                              XLSXWriter.purchase("30.10.2026 19:12:00", "-1"),
                              XLSXWriter.purchase("30.13.2026 19:12:00", "-2"),
                              XLSXWriter.purchase("30.10.2026 19:12:00", "мало"),
                              [.inline("30.10.2026 19:12:00"), .inline(""), .inline(""), .inline(""), .number("-3"), .inline("крон")]]
        let statement = try read(XLSXWriter.workbook(rows)).get()
        #expect(statement.facts.count == 1)
        #expect(statement.unreadRows == [UnreadRow(line: 4, reason: .date), UnreadRow(line: 5, reason: .amount),
                                         UnreadRow(line: 6, reason: .currency)])
    }

    @Test func aWrongChecksumIsDamage() {
        let sheet = Array(XLSXWriter.parts([XLSXWriter.title, XLSXWriter.header, XLSXWriter.purchase("30.10.2026 19:12:00", "-1")]).sheet.utf8)
        for deflate in [true, false] {
            let zip = ZipWriter.archive([ZipPart(name: "xl/worksheets/sheet1.xml", bytes: sheet, deflate: deflate, crc: 0xDEAD_BEEF)])
            #expect(read(zip) == .failure(.damaged(.checksum)))
        }
    }

    @Test func aBombIsRefusedBeforeItUnpacks() {
        let zeros = [UInt8](repeating: 0x20, count: 60 * 1024 * 1024)
        let honest = ZipWriter.archive([ZipPart(name: "xl/worksheets/sheet1.xml", bytes: zeros)])
        #expect(honest.count < 200_000)
        #expect(read(honest) == .failure(.tooLarge(limit: 32 * 1024 * 1024)))
        // Lying about its size does not help: inflate stops one byte past the declared size.
        let lying = ZipWriter.archive([ZipPart(name: "xl/worksheets/sheet1.xml", bytes: zeros, declaredSize: 1_000)])
        #expect(read(lying) == .failure(.damaged(.checksum)))
    }

    @Test func aCutOffArchiveIsTruncated() {
        let whole = XLSXWriter.workbook([XLSXWriter.title, XLSXWriter.header, XLSXWriter.purchase("30.10.2026 19:12:00", "-1")])
        #expect(read(Array(whole.prefix(whole.count / 2))) == .failure(.damaged(.truncated)))
        #expect(read(Array(whole.prefix(whole.count - 1))) == .failure(.damaged(.truncated)))
    }

    @Test func aZipWithoutASheetIsNotAStatementAndBrokenXMLIsDamage() {
        let docx = ZipWriter.archive([ZipPart(name: "word/document.xml", bytes: Array("<w:document/>".utf8))])
        #expect(read(docx) == .failure(.notAStatement))
        let broken = ZipWriter.archive([ZipPart(name: "xl/worksheets/sheet1.xml", bytes: Array("<worksheet><sheetData><row r=\"1\"".utf8))])
        #expect(read(broken) == .failure(.damaged(.layout)))
        let other = XLSXWriter.workbook([[.inline("Name"), .inline("Phone")], [.inline("Оля"), .number("380501234567")]])
        #expect(read(other) == .failure(.notAStatement))
        #expect(read(XLSXWriter.workbook([XLSXWriter.title, XLSXWriter.header])) == .failure(.empty))
    }

    @Test func tenThousandRowsAddUpToTheKopiyka() async throws {
        let statement = try await offThePool { try StatementReader.read(Generated.privatbankXLSX(rows: 10_000), fileName: "s.xlsx").get() }
        #expect(statement.facts.count == 10_000)
        #expect(try statement.facts.map(\.amount.minorUnits).checkedSum() == Generated.monobankTotal(rows: 10_000))
    }
}

extension Generated {
    /// The same purchases as `monobankCSV`, in PrivatBank's layout with shared strings.
    static func privatbankXLSX(rows: Int) -> [UInt8] {
        var sheet: [[XLSXWriter.Cell]] = [XLSXWriter.title, XLSXWriter.header]
        for i in (0..<rows).reversed() {
            let t = 1_790_000_000 + i * 60
            let date = LocalDate(daysSinceEpoch: t / 86_400), second = t % 86_400
            let stamp = "\(pad(date.day)).\(pad(date.month)).\(date.year) \(pad(second / 3_600)):\(pad(second / 60 % 60)):\(pad(second % 60))"
            sheet.append([.inline(stamp), .shared("<t>Кафе, бари, ресторани</t>"), .inline("5168 **** **** 4321"),
                          .shared("<t>Кава №\(i)</t>"), .number("-\(i + 1).\(pad(i % 100))"), .inline("грн")])
        }
        return XLSXWriter.workbook(sheet)
    }
}

/// Sheet rows no operation has, as text dates, Excel serials and numbers: unread, never a trap.
@Suite struct PrivatBankXLSXBoundsTests {
    typealias Cell = XLSXWriter.Cell

    @Test func aDateOrAnAmountPastTheBoundsIsAnUnreadRow() throws {
        let rows: [[Cell]] = [XLSXWriter.title, XLSXWriter.header,
                              XLSXWriter.purchase("31.12.9999 23:59:59", "-85"),
                              XLSXWriter.purchase("01.01.0001 00:00:00", "-85"),
                              XLSXWriter.purchase("01.01.1970 00:00:00", "-85"),
                              XLSXWriter.purchase("01.01.2200 00:00:00", "-85"),
                              [.number("2958465.99999"), .inline("Кафе"), .inline("5168 **** **** 4321"), .inline("Серійна 9999"),
                               .number("-85"), .inline("грн")],
                              XLSXWriter.purchase("30.10.2026 19:12:00", "-92233720368547758.07"),
                              XLSXWriter.purchase("30.10.2026 19:12:00", "-1E12"),
                              XLSXWriter.purchase("30.10.2026 19:12:00", "-284.89", description: "АТБ")]
        let statement = try StatementReader.read(XLSXWriter.workbook(rows), fileName: "s.xlsx").get()
        #expect(statement.unreadRows == (3...9).map { UnreadRow(line: $0, reason: .outOfRange) })
        #expect(statement.facts.map(\.description) == ["АТБ"])
    }
}
