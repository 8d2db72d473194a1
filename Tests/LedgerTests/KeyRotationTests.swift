import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing

/// `Ledger.rotateMonobankKey()`: every token sealed again under a new key in one transaction;
/// the old key then opens none of them, and a rotation cut short resumes.
@Suite struct KeyRotationTests {
    let folder = TemporaryDirectory("rotate")
    var path: String { folder.path("kopiyka.sqlite") }
    static let tokens = ["uA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvWxYz01234", "uZ9y8X7w6V5u4T3s2R1q0PoNmLkJiHgFeDcBa98765"]

    func ledgerWithTokens() throws -> Ledger {
        let ledger = try Ledger(path: path, clock: .fixed(testNow))
        let olha = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: kyiv)
        let taras = try ledger.families.addMember(Newcomer(telegramUserID: 2, name: "Тарас", language: "uk"), householdID: olha.householdID)
        for (member, token) in zip([olha, taras], Self.tokens) {
            #expect(try ledger.monobank.connect(memberID: member.id, chatID: member.telegramUserID, token: token, messageOutboxID: 1))
        }
        return ledger
    }

    func sealedValues() throws -> [[UInt8]] {
        var values: [[UInt8]] = []
        try Connection(path: path).query("SELECT sealed_token FROM monobank_links ORDER BY member_id") { values.append($0.blob(0)) }
        return values
    }

    @Test func everyTokenIsSealedAgainAndOnlyTheNewKeyOpensThem() throws {
        let ledger = try ledgerWithTokens()
        let oldKey = try Data(contentsOf: URL(fileURLWithPath: path + ".key"))
        let before = try sealedValues()

        let rotation = try ledger.rotateMonobankKey()
        #expect(rotation.resealed == 2 && rotation.unreadable == 0 && rotation.keyPath == path + ".key")
        let newKey = try Data(contentsOf: URL(fileURLWithPath: path + ".key"))
        #expect(newKey.count == 32 && newKey != oldKey)
        #expect(!FileManager.default.fileExists(atPath: path + ".key.next"))
        var status = stat()
        #expect(stat(path + ".key", &status) == 0 && status.st_mode & 0o777 == 0o600)
        let after = try sealedValues()
        #expect(after.count == 2 && zip(before, after).allSatisfy { $0 != $1 })
        #expect(try ledger.monobank.feedSources().map(\.token) == Self.tokens)
        #expect(try Ledger(path: path, clock: .fixed(testNow)).monobank.feedSources().map(\.token) == Self.tokens)

        // The old key, put back as a leaked copy would be, opens nothing now.
        try oldKey.write(to: URL(fileURLWithPath: path + ".key"))
        #expect(try Ledger(path: path, clock: .fixed(testNow)).monobank.feedSources().map(\.token) == [nil, nil])
    }

    @Test func aRotationKilledAfterItsCommitIsFinishedByTheNextRun() throws {
        let ledger = try ledgerWithTokens()
        _ = try ledger.rotateMonobankKey()
        // As if killed between the commit and the rename: the new key only under .next.
        let newKey = try Data(contentsOf: URL(fileURLWithPath: path + ".key"))
        try FileManager.default.moveItem(atPath: path + ".key", toPath: path + ".key.next")
        try Data((0..<32).map { UInt8($0) }).write(to: URL(fileURLWithPath: path + ".key"))

        let resumed = try Ledger(path: path, clock: .fixed(testNow))
        #expect(try resumed.rotateMonobankKey().resealed == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".key")) == newKey)
        #expect(try Ledger(path: path, clock: .fixed(testNow)).monobank.feedSources().map(\.token) == Self.tokens)
    }

    @Test func aRotationKilledBeforeItsCommitStartsOverAndLosesNoToken() throws {
        let ledger = try ledgerWithTokens()
        try Data(repeating: 7, count: 32).write(to: URL(fileURLWithPath: path + ".key.next"))  // written, nothing committed
        #expect(try ledger.rotateMonobankKey().resealed == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".key")) != Data(repeating: 7, count: 32))
        #expect(try Ledger(path: path, clock: .fixed(testNow)).monobank.feedSources().map(\.token) == Self.tokens)
    }
}
