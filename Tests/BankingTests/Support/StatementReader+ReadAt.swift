import Banking
import FoundationEssentials

extension StatementReader {
    /// When these tests read a statement: 2026-12-07, after every row of the fixtures and
    /// generated files (`BankBounds` refuses rows more than three days after it).
    static let testNow = Date(timeIntervalSince1970: 1_796_601_600)

    /// `read(_:fileName:zone:now:)` at `testNow`, the Kyiv clock.
    static func read(_ bytes: [UInt8], fileName: String) -> Result<Statement, StatementProblem> {
        read(bytes, fileName: fileName, now: testNow)
    }
}
