import Banking
@testable import Conversation
import Foundation
import KopiykaTestSupport
import Testing

/// Issue 32, attack 4, in the member's words: rows dated or sized past what any operation has
/// are named as such in the summary, apart from rows that could not be read; a file of only
/// such rows says so instead of "damaged".
@Suite struct StatementBoundsChatTests {
    let base = StatementImportTests()
    var chat: TestConversation { base.chat }
    static let header = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,"
        + "Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції"

    func file(_ rows: [String]) -> Data { Data(([Self.header] + rows).joined(separator: "\n").utf8) }

    @Test func rowsPastTheBoundsAreNamedApartFromUnreadOnes() throws {
        try chat.say("/start")
        let summary = try base.importStatement(file([
            "31.12.9999 23:59:59,Вічність,5411,-85.00,-85.00,UAH,—,—,—,—",
            "20.11.2026 12:00:00,Максимум,5411,-92233720368547758.07,-85.00,UAH,—,—,—,—",
            "20.11.2026 12:00:00,Биті гроші,5411,мало,-85.00,UAH,—,—,—,—",
            "20.11.2026 12:00:00,АТБ,5411,-284.89,-284.89,UAH,—,—,—,—",
        ])).joined(separator: "\n")
        #expect(summary.contains("📄 Виписка Монобанку: 1 операція."), "\(summary)")
        #expect(summary.contains("⚠️ не вдалося прочитати 1 рядок: 4"), "\(summary)")
        #expect(summary.contains("⚠️ не враховано 2 рядки з неможливою датою чи сумою: 2, 3"), "\(summary)")
    }

    @Test func aFileOfOnlySuchRowsSaysWhatIsWrongWithIt() throws {
        try chat.say("/start")
        let answer = try base.importStatement(file(["31.12.9999 23:59:59,Вічність,5411,-85.00,-85.00,UAH,—,—,—,—"]))
        #expect(answer.last?.hasPrefix("📄 У виписці немає жодної операції з правдоподібною датою і сумою") == true, "\(answer)")
    }
}
