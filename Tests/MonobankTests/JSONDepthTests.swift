import Foundation
@testable import Monobank
import Testing

/// A body nested deeper than any answer of the bank's is refused in one pass before a
/// recursive decoder walks it; brackets inside strings do not count.
@Suite struct JSONDepthTests {
    func nested(_ depth: Int) -> Data {
        Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }

    @Test func deeperThanTheLimitIsRefusedAndTheLimitIsNot() {
        #expect(!JSONDepth.exceeds(nested(JSONDepth.limit)))
        #expect(JSONDepth.exceeds(nested(JSONDepth.limit + 1)))
        #expect(JSONDepth.exceeds(nested(5_000_000)), "five million levels, no recursion")
    }

    /// Foundation's decoder refuses past 512 levels, but a statement of arrays 100 deep decodes
    /// as an empty statement, which would move the account's cursor past a window never read.
    @Test func aStatementOfNestedArraysIsNotAnEmptyOne() {
        #expect(JSONDepth.exceeds(nested(100)))
    }

    @Test func bracketsInStringsAndTheBanksOwnAnswersPass() {
        let description = String(repeating: "[{", count: 100)
        let statement = #"[{"id":"a","time":1795200000,"description":"\#(description)\" ]","amount":-100}]"#
        #expect(!JSONDepth.exceeds(Data(statement.utf8)))
        let info = #"{"name":"Оля","accounts":[{"id":"a","maskedPan":["537541******1234"]}],"jars":[{"id":"j"}]}"#
        #expect(!JSONDepth.exceeds(Data(info.utf8)))
    }
}
