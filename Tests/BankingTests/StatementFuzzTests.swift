import Banking
import KopiykaCore
import KopiykaTestSupport
import Testing

/// Random damage to both samples and to a made workbook's XML, and random bytes: the reader
/// must answer every time, with a statement that holds facts or with a problem, and never crash.
/// Seeded: a failure names its seed and case.
@Suite struct StatementFuzzTests {
    static let seed: UInt64 = 0x6B6F_7069_796B_61

    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var out = bytes
        // Bytes that mean something to one of the readers.
        let meaningful: [UInt8] = Array("\",;\n\r<>/&#;.-—0123456789PK\u{00}".utf8) + [0xFF, 0xD0, 0x80]
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let at = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !out.isEmpty: out[at] = UInt8.random(in: 0...255, using: &random)
            case 1: out.insert(meaningful.randomElement(using: &random) ?? 0, at: at)
            case 2 where !out.isEmpty: out.removeSubrange(at..<min(out.count, at + Int.random(in: 1...64, using: &random)))
            case 3: out = Array(out.prefix(at))
            default: out.insert(contentsOf: out[at..<min(out.count, at + Int.random(in: 1...32, using: &random))], at: at)
            }
        }
        return out
    }

    static func check(_ bytes: [UInt8], name: String) -> Bool {
        switch StatementReader.read(bytes, fileName: name) {
        case .success(let statement): return !statement.facts.isEmpty
        case .failure(.unreadable(let rows)): return (1...5).contains(rows.count)
        case .failure: return true
        }
    }

    /// The cases of a seeded run that fail `check`, found off the cooperative pool (seconds of
    /// synchronous work there would stall the async tests running beside it).
    static func failures(_ count: Int, seed: UInt64, _ next: @escaping @Sendable (inout SplitMix64) -> (bytes: [UInt8], name: String))
        async throws -> [Int] {
        try await offThePool {
            var random = SplitMix64(seed: seed)
            var failed: [Int] = []
            for n in 0..<count {
                let (bytes, name) = next(&random)
                if !check(bytes, name: name) { failed.append(n) }
            }
            return failed
        }
    }

    @Test func damagedMonobankFiles() async throws {
        let file = try Fixtures.bytes(Fixtures.monobank)
        let failed = try await Self.failures(1_500, seed: Self.seed) { (Self.mutate(file, &$0), "m.csv") }
        #expect(failed.isEmpty, "seed \(Self.seed) cases \(failed.prefix(5))")
    }

    @Test func damagedPrivatBankArchives() async throws {
        let file = try Fixtures.bytes(Fixtures.privatbank)
        let failed = try await Self.failures(1_500, seed: Self.seed &+ 1) { (Self.mutate(file, &$0), "p.xlsx") }
        #expect(failed.isEmpty, "seed \(Self.seed &+ 1) cases \(failed.prefix(5))")
    }

    @Test func damagedSheetXMLInASoundArchive() async throws {
        let rows: [[XLSXWriter.Cell]] = [XLSXWriter.title, XLSXWriter.header]
            + (0..<12).map { XLSXWriter.purchase("\(10 + $0).10.2026 12:00:00", "-\($0 + 1).5") }
            + [[.number("46326.5"), .shared("<r><t>a &amp; b</t></r>"), .inline("5168"), .shared("<t>&#1234;</t>"),
                .inline("-1 234,56"), .inline("дол")]]
        let (sheet, shared) = XLSXWriter.parts(rows)
        let failed = try await Self.failures(600, seed: Self.seed &+ 2) { random in
            (ZipWriter.archive([
                ZipPart(name: "xl/worksheets/sheet1.xml", bytes: Self.mutate(Array(sheet.utf8), &random)),
                ZipPart(name: "xl/sharedStrings.xml", bytes: Self.mutate(Array(shared.utf8), &random)),
            ]), "p.xlsx")
        }
        #expect(failed.isEmpty, "seed \(Self.seed &+ 2) cases \(failed.prefix(5))")
    }

    @Test func randomBytes() async throws {
        let prefixes: [[UInt8]] = [[], [0x50, 0x4B, 0x03, 0x04], [0xEF, 0xBB, 0xBF], Array(MonobankCSVTests.header.utf8) + [0x0A]]
        let failed = try await Self.failures(1_000, seed: Self.seed &+ 3) { random in
            let body = (0..<Int.random(in: 0...400, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            return ((prefixes.randomElement(using: &random) ?? []) + body, ["r.csv", "r.xlsx", "r"].randomElement(using: &random) ?? "r")
        }
        #expect(failed.isEmpty, "seed \(Self.seed &+ 3) cases \(failed.prefix(5))")
    }
}
