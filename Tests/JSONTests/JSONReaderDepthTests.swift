import Foundation
import JSON
import Testing

/// A body nested deeper than its reader allows is refused in one pass, recursing no deeper
/// than that (Monobank's answers are checked so before a recursive decoder walks them);
/// brackets inside strings do not count.
@Suite struct JSONReaderDepthTests {
    func nested(_ depth: Int) -> Data {
        Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }

    @Test func deeperThanTheLimitIsRefusedAndTheLimitIsNot() {
        #expect(JSONReader.isWellFormed(nested(32), maxDepth: 32))
        #expect(!JSONReader.isWellFormed(nested(33), maxDepth: 32))
        #expect(!JSONReader.isWellFormed(nested(5_000_000), maxDepth: 32), "five million levels, no deep recursion")
    }

    /// Foundation's decoder refuses past 512 levels, but a statement of arrays 100 deep decodes
    /// as an empty statement, which would move the account's cursor past a window never read.
    @Test func aStatementOfNestedArraysIsNotAnEmptyOne() {
        #expect(!JSONReader.isWellFormed(nested(100), maxDepth: 32))
    }

    @Test func bracketsInStringsAndTheBanksOwnAnswersPass() {
        let description = String(repeating: "[{", count: 100)
        let statement = #"[{"id":"a","time":1795200000,"description":"\#(description)\" ]","amount":-100}]"#
        #expect(JSONReader.isWellFormed(Data(statement.utf8), maxDepth: 32))
        let info = #"{"name":"Оля","accounts":[{"id":"a","maskedPan":["537541******1234"]}],"jars":[{"id":"j"}]}"#
        #expect(JSONReader.isWellFormed(Data(info.utf8), maxDepth: 32))
    }
}
