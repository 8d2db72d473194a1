import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// Issue 14: a family's finances are not for every local user. The umask is process-wide, so
/// these tests set the most permissive one while they create files, and put it back.
@Suite(.serialized) struct FileModeTests {
    let folder = TemporaryDirectory("modes")

    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aNewDatabaseAndTheFilesBesideItAreTheOwnersOnlyWhateverTheUmask() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let path = folder.path("new.sqlite")
        let ledger = try Ledger(path: path)
        _ = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        for file in [path, path + "-wal", path + "-shm"] { #expect(try mode(file) == 0o600, "\(file)") }
    }

    @Test func aDatabaseOthersCouldReadIsMadePrivateWhenOpened() throws {
        let path = folder.path("old.sqlite")
        _ = try Ledger(path: path)
        for file in [path, path + "-wal"] {
            if !FileManager.default.fileExists(atPath: file) { _ = FileManager.default.createFile(atPath: file, contents: nil) }
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        }
        let ledger = try Ledger(path: path)
        _ = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        for file in [path, path + "-wal", path + "-shm"] { #expect(try mode(file) == 0o600, "\(file)") }
    }

    @Test func aPrivateFileReplacesOneOthersCouldRead() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let path = folder.path("export.csv")
        _ = FileManager.default.createFile(atPath: path, contents: Data("old, longer content".utf8), attributes: [.posixPermissions: 0o666])
        try PrivateFile.write(Data("date,amount\n".utf8), to: path)
        #expect(try mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "date,amount\n")
        try PrivateFile.write(Data(), to: folder.path("new.csv"))
        #expect(try mode(folder.path("new.csv")) == 0o600)
    }
}
