import Foundation
import KopiykaCore
import Ledger
import Localization
@testable import Reports
import Testing

@Suite struct CSVExportTests {
    @Test func fieldsAreQuotedAndFormulasDisarmed() {
        #expect(CSVExport.field("кава") == "кава")
        #expect(CSVExport.field("кава, з собою") == "\"кава, з собою\"")
        #expect(CSVExport.field("\"лапки\"") == "\"\"\"лапки\"\"\"")
        #expect(CSVExport.field("два\nрядки") == "\"два\nрядки\"")
        #expect(CSVExport.field("=1+1") == "'=1+1")
        #expect(CSVExport.field("+380501234567") == "'+380501234567")
        #expect(CSVExport.field("@cmd") == "'@cmd")
        #expect(CSVExport.field("-85.00") == "-85.00")
        #expect(CSVExport.field("-cmd") == "'-cmd")
    }

    @Test func theHeaderStartsWithAByteOrderMarkAndIsLocalized() throws {
        let header = CSVExport.header(try Catalog.load()[.en])
        #expect(Array(header.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: header.dropFirst(3), as: UTF8.self)
            == "Date,Member,Type,Amount,Currency,Category key,Category,Account,Note\r\n")
    }
}
