import Banking
import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// `/export все` (the family archive's entries) and `/export рік` take every entry the parser
/// could have stored in them, including those dated ahead (the parser takes dates up to a year
/// ahead): they used to end at today, so a planned payment was in `/report` and missing from
/// "everything".
@Suite struct ExportRangeTests {
    let chat = try! TestConversation()

    func exported(_ argument: String) throws -> (name: String, rows: [Substring]) {
        try chat.say("/export \(argument)")
        while try chat.ledger.transaction({ try chat.handler.runExportStep() }) {}
        let file = try #require(try ConsoleDelivery(ledger: chat.ledger).deliver().compactMap(\.document).first)
        return (file.name, Array(String(decoding: file.data, as: UTF8.self).split(separator: "\r\n").dropFirst()))
    }

    @Test func everythingHoldsEntriesDatedAhead() throws {
        try chat.say("кава 85 01.01.2000")
        try chat.say("кава 86")  // 21 November 2026
        try chat.say("оренда 87 25.12.2026")
        try chat.say("страховка 88 21.11.2027")
        let archive = try #require(try chat.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                                 text: "/export все")).compactMap(\.document).first)
        let entries = try #require(try ZipFiles.read(Array(archive.data))["entries.csv"])
        let all = String(decoding: entries, as: UTF8.self).split(separator: "\r\n").dropFirst()
        #expect(all.count == 4, "\(all)")
        let year = try exported("рік")
        #expect(year.name == "kopiyka-2026.csv")
        #expect(year.rows.count == 2, "\(year.rows)")
    }
}
