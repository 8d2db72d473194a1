@testable import Banking
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Testing

/// The bounds on what one statement file may cost: rows, records, fields, an XLSX part's
/// inflated size, its `<row>` elements, cells and nesting. Each hostile file is refused
/// whole, after reading at most what the bound allows. Built and read off the cooperative
/// pool (`offThePool`): seconds of a debug build's work there would stall the end-to-end tests.
@Suite struct StatementLimitsTests {
    func read(_ make: @escaping @Sendable () -> [UInt8], _ name: String) async throws -> (Result<Statement, StatementProblem>, Double) {
        try await offThePool {
            let bytes = make()
            let start = ContinuousClock.now
            let result = StatementReader.read(bytes, fileName: name)
            let elapsed = ContinuousClock.now - start
            return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }

    static let tooMany = StatementProblem.tooManyRows(limit: StatementReader.maximumRows)

    @Test func aStatementOfTheMaximumRowsReadsAndOneMoreIsRefused() async throws {
        let rows = StatementReader.maximumRows
        let (whole, _) = try await read({ StatementBenchmark.monobankCSV(rows: rows) }, "whole.csv")
        #expect(try whole.get().facts.count == rows)
        #expect(try await read({ StatementBenchmark.monobankCSV(rows: rows + 1) }, "over.csv").0 == .failure(Self.tooMany))
    }

    /// 300,000 short rows, 9 MB: refused at row 20,001.
    @Test func aHugeCSVIsRefusedAtTheCap() async throws {
        let row = Array("01.10.2026 12:00:00,Кава,5814,-85.00,-85.00,UAH,—,—,—,1.00\n".utf8)
        var bytes = StatementBenchmark.monobankCSV(rows: 0)
        for _ in 0..<300_000 { bytes += row }
        #expect(bytes.count > 9_000_000 && bytes.count < StatementReader.maximumFileBytes)
        let (result, seconds) = try await read({ [bytes] in bytes }, "huge.csv")
        #expect(result == .failure(Self.tooMany))
        print("300,000-row CSV refused in \(Int(seconds * 1e3)) ms (debug build)")
    }

    @Test func blankLinesAndSeparatorsAreBoundedToo() async throws {
        let header = Array(StatementBenchmark.monobankCSV(rows: 0))
        let blank = header + [UInt8](repeating: UInt8(ascii: "\n"), count: 2 * StatementReader.maximumRows + 1)
        #expect(try await read({ blank }, "blank.csv").0 == .failure(Self.tooMany))
        // One line of a million separators is 256 fields, not a million strings: a row with no date.
        let wide = header + Array("x".utf8) + [UInt8](repeating: UInt8(ascii: ","), count: 1_000_000)
        #expect(try await read({ wide }, "wide.csv").0 == .failure(.unreadable([UnreadRow(line: 2, reason: .date)])))
    }

    static func sheet(_ xml: String) -> [UInt8] {
        ZipWriter.archive([ZipPart(name: "xl/worksheets/sheet1.xml", bytes: Array(("<worksheet><sheetData>" + xml + "</sheetData></worksheet>").utf8))])
    }

    /// A ~60 KB file whose sheet inflates to 40 MB, under the old 50 MB cap.
    @Test func aSheetInflatingPastThirtyTwoMegabytesIsRefusedBeforeItUnpacks() async throws {
        let bomb = try await offThePool { Self.sheet(String(repeating: " ", count: 40 * 1024 * 1024)) }
        #expect(bomb.count < 100_000)
        let (result, seconds) = try await read({ bomb }, "bomb.xlsx")
        #expect(result == .failure(.tooLarge(limit: 32 * 1024 * 1024)))
        print("40 MB sheet refused in \(Int(seconds * 1e3)) ms")
    }

    @Test func aMillionEmptyRowsAreRefusedAtTwiceTheCap() async throws {
        let (result, seconds) = try await read({ Self.sheet(String(repeating: "<row/>", count: 1_000_000)) }, "empty.xlsx")
        #expect(result == .failure(Self.tooMany))
        print("a million empty rows refused in \(Int(seconds * 1e3)) ms")
    }

    @Test func aHundredThousandRowsWithCellsAreRefusedAtTheCap() async throws {
        let (result, seconds) = try await read({ Self.sheet(String(repeating: "<row><c><v>1</v></c></row>", count: 100_000)) }, "rows.xlsx")
        #expect(result == .failure(Self.tooMany))
        print("100,000 rows refused in \(Int(seconds * 1e3)) ms")
    }

    @Test func cellsPastTheirCapAreRefused() async throws {
        let (result, _) = try await read({ Self.sheet("<row>" + String(repeating: "<c t=\"str\"></c>", count: 1_000_001) + "</row>") }, "cells.xlsx")
        #expect(result == .failure(Self.tooMany))
    }

    @Test func fiveMillionNestedElementsAreNoLayout() async throws {
        let (result, seconds) = try await read({ Self.sheet(String(repeating: "<a>", count: 5_000_000)) }, "nested.xlsx")
        #expect(result == .failure(.damaged(.layout)))
        print("5,000,000 nested elements refused in \(Int(seconds * 1e3)) ms")
    }

    @Test func twoMillionSiblingElementsAreNoLayout() async throws {
        let (result, _) = try await read({ Self.sheet(String(repeating: "<a/>", count: 2_100_000)) }, "siblings.xlsx")
        #expect(result == .failure(.damaged(.layout)))
    }

    /// Read as it unpacks: a sheet refused at its row cap has inflated only as far as the
    /// cap, and a 1 MB tag is no layout however much of the part is left.
    @Test func aSheetRefusedAtItsCapInflatesNoFurther() async throws {
        let (produced, size, tag) = try await offThePool { () throws -> (Int, Int, StatementProblem?) in
            let bytes = Self.sheet(String(repeating: "<row><c><v>1</v></c></row>", count: 1_000_000))
            let archive = try ZipArchive(bytes)
            let part = try #require(try archive.reader(of: "xl/worksheets/sheet1.xml"))
            #expect(throws: Self.tooMany) { try SheetXML.rows(XMLScanner(part), shared: []) }
            let long = Self.sheet("<row r=\"" + String(repeating: "1", count: 2 << 20) + "\"/>")
            let longPart = try #require(try ZipArchive(long).reader(of: "xl/worksheets/sheet1.xml"))
            var problem: StatementProblem?
            do throws(StatementProblem) { _ = try SheetXML.rows(XMLScanner(longPart), shared: []) } catch { problem = error }
            return (part.produced, part.size, problem)
        }
        #expect(produced < size / 10, "\(produced) of \(size) bytes inflated")
        #expect(tag == .damaged(.layout))
    }
}
