@testable import Banking
import Foundation
import KopiykaTestSupport
import Testing

/// The family archive's ZIP: what `Banking.ZipWriter` writes (not the fixtures' `ZipWriter`,
/// which can lie), `ZipFiles` and Python's `zipfile` read back byte for byte; what a
/// stranger's ZIP may ask for is bounded.
@Suite struct ZipWriterTests {
    static func zip(_ files: [(String, [UInt8])]) throws -> [UInt8] {
        var writer = Banking.ZipWriter(year: 2026, month: 12, day: 7, hour: 19, minute: 30)
        for (name, data) in files { try writer.add(name, data) }
        return writer.finish()
    }

    @Test func whatIsWrittenReadsBackWhetherDeflatedOrStored() throws {
        let text = Array(String(repeating: "2026-12-07;Оля;кава;85,50\r\n", count: 2_000).utf8)
        let noise = (0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let bytes = try Self.zip([("entries.csv", text), ("noise.bin", noise), ("empty.csv", []), ("теки/файл.csv", [1])])
        #expect(bytes.count < text.count / 10, "deflated: \(bytes.count) bytes for \(text.count)")
        let files = try ZipFiles.read(bytes)
        #expect(files == ["entries.csv": text, "noise.bin": noise, "empty.csv": [], "теки/файл.csv": [1]])
        #expect(try Self.zip([("a", text)]) == Self.zip([("a", text)]), "the same content makes the same bytes")

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let folder = TemporaryDirectory("zip")
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path("a.zip")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            print(sorted(z.namelist()), len(z.read('entries.csv')), z.getinfo('entries.csv').date_time)
            """, folder.path("a.zip")]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(said)")
        #expect(said.contains("['empty.csv', 'entries.csv', 'noise.bin', 'теки/файл.csv'] \(text.count) (2026, 12, 7, 19, 30, 0)"), "\(said)")
    }

    @Test func aZipThatAsksTooMuchIsRefusedBeforeItIsInflated() throws {
        let bomb = try Self.zip([("kopiyka.json", [UInt8](repeating: 0, count: ZipFiles.maximumFileBytes + 1))])
        #expect(bomb.count < 200_000)
        #expect(throws: ZipFiles.Refusal.tooLarge) { try ZipFiles.read(bomb) }
        let many = try Self.zip((0...ZipFiles.maximumFiles).map { ("f\($0)", [1]) })
        #expect(throws: ZipFiles.Refusal.tooLarge) { try ZipFiles.read(many) }
        let half = [UInt8](repeating: 0, count: ZipFiles.maximumTotalBytes / 2 + 1)
        #expect(throws: ZipFiles.Refusal.tooLarge) { try ZipFiles.read(try Self.zip([("a", half), ("b", half)])) }
        for name in ["../kopiyka.json", "/etc/passwd", "a/../../b", "C:\\x", "a\\..\\b", "./a", "a//b", ""] {
            #expect(throws: ZipFiles.Refusal.unsafeName, "\(name)") { try ZipFiles.read(try Self.zip([(name, [1])])) }
        }
        let whole = try Self.zip([("a", Array("hello".utf8))])
        #expect(throws: ZipFiles.Refusal.damaged) { try ZipFiles.read(Array(whole.prefix(whole.count - 5))) }
        var flipped = whole
        flipped[31] ^= 0xFF  // the stored bytes: their CRC no longer matches
        #expect(throws: ZipFiles.Refusal.damaged) { try ZipFiles.read(flipped) }
    }
}
