import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A big archive is taken by the archives job a slice a transaction, so other families'
/// updates are answered between slices (the bot's scheduler runs each job on its own), and
/// its sender hears once, at the end, what it all brought.
@Suite struct ArchiveSliceJobTests {
    @Test func aBigArchiveIsTakenAThousandRowsAJobAndAnsweredOnce() throws {
        let home = try TestConversation()
        _ = try home.say("/start", from: .olha)
        let olha = try #require(try home.ledger.families.member(telegramUserID: Sender.olha.id))
        try home.ledger.transaction {
            for index in 0..<2_500 {
                _ = try home.ledger.entries.add([NewEntry(
                    kind: .expense, amount: Money(minorUnits: 8_500, currency: .uah), category: "cafe", account: nil,
                    date: LocalDate(year: 2026, month: 11, day: 1 + index % 28)!, note: "кава", originalText: "")], by: olha)
            }
        }
        let export = try home.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                   text: "/export all"))
        let zip = try #require(export.compactMap(\.document).last).data

        let other = try TestConversation()
        _ = try other.say("/start", from: .stranger)
        var document = NonTextMessage(chat: ChatRef(id: Sender.stranger.id, kind: .privateChat), sender: .stranger,
                                      kind: .document(caption: nil), updateID: 100, messageID: 100)
        document.file = ReceivedFile(fileID: "archive", name: "kopiyka-archive.zip", size: Int64(zip.count))
        _ = try other.handle(.nonText(document))
        for file in try other.ledger.statements.oldestImportOfEachHousehold(in: .fetching) {
            try other.ledger.transaction { _ = try other.ledger.statements.storeFetched(file.id, data: Array(zip)) }
        }
        let stranger = try #require(try other.ledger.families.member(telegramUserID: Sender.stranger.id))
        var counts: [Int] = []
        var answers: [String] = []
        for _ in 0..<3 {
            answers += try other.runJobs("archives").texts(in: Sender.stranger.id)
            counts.append(try other.ledger.entries.count(householdID: stranger.householdID))
        }
        #expect(counts == [1_000, 2_000, 2_500], "a slice a job")
        #expect(answers.count == 1 && answers[0].contains("✅") && answers[0].contains("2 500 записів"), "\(answers)")
        #expect(try other.runJobs("archives").isEmpty, "done")
    }
}
