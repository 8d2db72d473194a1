import Banking
import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// The family's own archive, at the conversation's depth: `/export all` sends a ZIP of what
/// its reader may see, another Kopiyka takes it exactly once, and an owner's weekly archive
/// is sealed with a passphrase that opens it again and is never kept.
@Suite struct ArchiveTests {
    /// Оля's family with Тарас in it, both writing: shared and private entries, a transfer,
    /// a budget, a quick pin and a recurring payment (`tarasPrivate`: and Тарас's private
    /// entry, which no archive of Оля's holds).
    static func family(_ story: Scenario, tarasPrivate: Bool = true) async throws {
        try await story.say("/start", from: .olha)
        let invite = try await story.say("/invite", from: .olha).joined()
        let code = try #require(invite.range(of: #"join_[A-Za-z0-9]{12}"#, options: .regularExpression)).lowerBound
        try await story.say("/start \(String(invite[code...].prefix(17)))", from: .taras)
        try await story.say("продукти 1234,56", from: .olha)
        try await story.say("кава 85 #приватно", from: .olha)
        try await story.say("таксі 120 готівка", from: .taras)
        if tarasPrivate { try await story.say("ліки 3137 #приватно", from: .taras) }
        try await story.say("+30000 зарплата", from: .olha)
        try await story.say("зняв готівку 500", from: .olha)
        try await story.say("/budget кафе 2000", from: .olha)
        try await story.say("/quick add таксі 150 готівка", from: .olha)
        try await story.say("netflix 299 щомісяця", from: .olha)
    }

    /// The last file `sender` got, unpacked.
    static func lastArchive(_ story: Scenario, of sender: Sender) throws -> (name: String, data: Data, files: [String: [UInt8]]) {
        let file = try #require(story.documents(in: sender.id).last)
        return (file.name, file.data, try ZipFiles.read(Array(file.data)))
    }

    static func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    @Test func exportAllSendsEverythingTheMemberMaySeeAsOneZip() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            let caption = try await story.say("/export all", from: .olha)
            #expect(caption.count == 1 && caption[0].hasPrefix("📦 Архів родини · 4 записи."), "the file is the answer: \(caption)")
            let archive = try Self.lastArchive(story, of: .olha)
            #expect(archive.name.hasPrefix("kopiyka-archive-") && archive.name.hasSuffix(".zip"))
            #expect(Set(archive.files.keys) == ["kopiyka.json", "entries.csv", "transfers.csv", "accounts.csv", "savings.csv",
                                                "budgets.csv", "recurring.csv", "rules.csv", "quick.csv", "categories.csv"])
            let entries = Self.text(archive.files["entries.csv"])
            #expect(entries.hasPrefix("\u{FEFF}Дата;Хто;"), "the /export columns, in Оля's dialect")
            #expect(entries.contains("1234,56;UAH") && entries.contains("кава") && entries.contains("таксі"), "\(entries)")
            #expect(!entries.contains("ліки") && !entries.contains("3137"), "Тарас's private entry is not Оля's to see")
            let manifest = Self.text(archive.files["kopiyka.json"])
            #expect(manifest.contains("\"format\":1") && !manifest.contains("3137") && !manifest.contains("ліки"))
            #expect(Self.text(archive.files["transfers.csv"]).contains("500"))
            #expect(Self.text(archive.files["budgets.csv"]).contains("2000"))
            #expect(Self.text(archive.files["recurring.csv"]).contains(#"Оля;записується сам;витрата;299,00;UAH;Підписки;;netflix;"щомісяця, 21 числа";"#),
                    "\(Self.text(archive.files["recurring.csv"]))")
            #expect(Self.text(archive.files["quick.csv"]).contains("150"))
            // Balances count only the rows the archive holds: 30 000 − 1 234,56 − 85 − 500 on Оля's card.
            #expect(Self.text(archive.files["accounts.csv"]).contains(";card;картка;;UAH;28180,44;"), "\(Self.text(archive.files["accounts.csv"]))")
            try Self.expectOpensElsewhere(archive.data)

            // Тарас sees his own private entry, and not Оля's.
            try await story.say("export все", from: .taras)
            let his = Self.text(try Self.lastArchive(story, of: .taras).files["entries.csv"])
            #expect(his.contains("ліки") && !his.contains("кава"), "\(his)")
            // From the family group, the file still goes to the member's private chat only.
            try await story.addBot(to: -500, by: .olha)
            let before = story.documents(in: Sender.olha.id).count
            #expect(try await story.say("/export all", from: .olha, inGroup: -500) == ["📦 Архів надіслано вам в особисті повідомлення."])
            #expect(story.documents(in: -500).isEmpty && story.documents(in: Sender.olha.id).count == before + 1)
        }
    }

    @Test func aStrangerAndAFormerMemberGetNothingOfTheFamily() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            try await story.say("/export all", from: .stranger)
            let strangers = try Self.lastArchive(story, of: .stranger)
            #expect(!Self.text(strangers.files["kopiyka.json"]).contains("продукти"))
            #expect(Self.text(strangers.files["entries.csv"]).split(separator: "\r\n").count == 1, "a header only")

            try await story.say("/leave", from: .taras)
            let taras = try #require(try story.database().families.member(telegramUserID: Sender.taras.id))
            try await story.press("leave:\(taras.id):yes", from: .taras)
            try await story.say("/export all", from: .taras)
            let former = Self.text(try Self.lastArchive(story, of: .taras).files["kopiyka.json"])
            #expect(!former.contains("продукти") && !former.contains("1234"), "Оля's family is no longer his to read")
        }
    }

    /// The second Kopiyka runs at `depth`: at `.botAPI` the file is served by the fake Bot API
    /// and downloaded by the bot's own fetcher through libcurl.
    @Test(arguments: [Scenario.Depth.conversation, .botAPI])
    func anArchiveRecreatesTheFamilyOnAnotherKopiykaExactlyOnce(depth: Scenario.Depth) async throws {
        var data = Data()
        var original: [String] = []
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story, tarasPrivate: false)
            try await story.say("/export all", from: .olha)
            data = try Self.lastArchive(story, of: .olha).data
            original = try await story.say("/report", from: .olha)
        }
        try await Scenario.play(at: depth) { story in
            try await story.say("/start", from: .taras)  // Here already, keeping his own books.
            let answer = try await story.sendDocument("kopiyka-archive.zip", data: data, from: .olha).joined(separator: "\n")
            #expect(answer.contains("✅ Архів перенесено:") && answer.contains("• 4 записи") && answer.contains("• 1 переказ"), "\(answer)")
            #expect(answer.contains("• 1 бюджет") && answer.contains("• 1 регулярний платіж") && answer.contains("• 1 швидкий запис"))
            #expect(answer.contains("Записи інших учасників (Тарас)"), "\(answer)")
            let report = try await story.say("/report", from: .olha)
            #expect(report == original, "the same month, to the kopiyka: \(report) \(original)")
            #expect(try await story.say("/history", from: .olha).joined().contains("кава"), "her private entry is hers again")

            let again = try await story.sendDocument("kopiyka-archive.zip", data: data, from: .olha).joined()
            #expect(again.contains("Усе з цього архіву вже тут"), "\(again)")
            #expect(try await story.say("/report", from: .olha) == original, "sending it twice adds nothing")
            let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
            #expect(try story.database().entries.count(householdID: olha.householdID) == 4)
            let former = try story.database().families.formerMembers(householdID: olha.householdID)
            #expect(former.map(\.name) == ["Тарас"] && former.allSatisfy { $0.telegramUserID < 0 },
                    "a stand-in, once however often it is sent: the archive's word attaches nothing to the real Тарас")
            let taras = try #require(try story.database().families.member(telegramUserID: Sender.taras.id))
            #expect(try taras.householdID != olha.householdID && story.database().entries.count(householdID: taras.householdID) == 0)
            #expect(try await story.say("/undo", from: .taras).joined().contains("таксі") == false)
        }
    }

    @Test func onlyAnOwnerBringsAnArchiveInAndABadOneIsRefusedKindly() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            try await story.say("/export all", from: .olha)
            let data = try Self.lastArchive(story, of: .olha).data
            #expect(try await story.sendDocument("a.zip", data: data, from: .taras).joined().contains("лише власник"))
            let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
            let before = try story.database().entries.count(householdID: olha.householdID)
            #expect(try await story.sendDocument("a.zip", data: data, from: .olha).joined().contains("Усе з цього архіву вже тут"),
                    "her family's own archive, sent back to it")
            #expect(try story.database().entries.count(householdID: olha.householdID) == before)

            try await story.say("/start", from: .stranger)
            func answer(_ name: String, _ files: [(String, [UInt8])]) async throws -> String {
                var writer = ZipWriter(year: 2026, month: 12, day: 7)
                for (file, bytes) in files { try writer.add(file, bytes) }
                return try await story.sendDocument(name, data: Data(writer.finish()), from: .stranger).joined()
            }
            #expect(try await answer("bomb.zip", [("kopiyka.json", [UInt8](repeating: 0x20, count: ZipFiles.maximumFileBytes + 1))])
                .contains("Архів завеликий"))
            #expect(try await answer("climb.zip", [("../kopiyka.json", Array("{}".utf8))]).contains("файл пошкоджено"))
            #expect(try await answer("photos.zip", [("photo.jpg", [1, 2, 3])]).contains("не архів Копійки"))
            #expect(try await answer("future.zip", [("kopiyka.json", Array(#"{"format":99}"#.utf8))]).contains("новішою версією"))
            let cut = try await story.sendDocument("cut.zip", data: data.prefix(data.count / 2), from: .stranger).joined()
            #expect(cut.contains("файл пошкоджено"))
            let stranger = try #require(try story.database().families.member(telegramUserID: Sender.stranger.id))
            #expect(try story.database().entries.count(householdID: stranger.householdID) == 0, "nothing changed")
            // A statement still reads as a statement.
            #expect(try await story.sendDocument("statement.csv", data: Data("a;b\n".utf8), from: .stranger).joined().contains("📄"))
        }
    }

    @Test func aHandoverStopsTheOldOwnersWeeklyArchiveAndSaysSo() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            try await story.say("/archive on", from: .olha)
            try await story.say("вишня-липень-2026", from: .olha)
            #expect(try await story.say("вишня-липень-2026", from: .olha).joined().contains("увімкнено"))
            try await story.runSchedule()
            #expect(story.documents(in: Sender.olha.id).count == 1)

            try await story.say("/family", from: .olha)
            try await story.press("👑 Зробити власником: Тарас", from: .olha)
            #expect(story.received(in: Sender.olha.id).last?.contains("родиною тепер керує Тарас") == true,
                    "\(story.received(in: Sender.olha.id).suffix(2))")
            #expect(story.received(in: Sender.taras.id).joined().contains("зі своїм паролем: /archive on"))
            #expect(try await story.say("/archive", from: .olha).joined().contains("лише власник"))
            try story.advanceClock(by: 7 * 86_400)
            try await story.runSchedule()
            #expect(story.documents(in: Sender.olha.id).count == 1, "no archive for an owner no more")
        }
    }

    @Test func aPassphraseSaidAfterAHandoverTurnsNoWeeklyArchiveOn() async throws {
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            try await story.say("/archive on", from: .olha)
            try await story.say("/family", from: .olha)
            try await story.press("👑 Зробити власником: Тарас", from: .olha)
            let answer = try await story.say("вишня-липень-2026", from: .olha).joined()
            #expect(answer.contains("лише власник"), "Оля is no owner now: \(answer)")
            #expect(story.deletedMessages(in: Sender.olha.id).contains(story.lastWrittenID), "a passphrase is never left in the chat")
            try await story.runSchedule()
            #expect(story.documents(in: Sender.olha.id).isEmpty)
        }
    }

    @Test func aWeeklyArchiveIsSealedWithAPassphraseThatIsNeverKept() async throws {
        let passphrase = "вишня-липень-2026"
        var sealed = Data()
        try await Scenario.play(at: .conversation) { story in
            try await Self.family(story)
            #expect(try await story.say("/archive", from: .olha).joined().contains("вимкнено"))
            #expect(try await story.say("/archive on", from: .taras).joined().contains("лише власник"))
            #expect(try await story.say("/archive on", from: .olha).joined().contains("Придумайте пароль"))
            let firstTry = story.lastWrittenID + 1
            #expect(try await story.say("коротко", from: .olha).joined().contains("закороткий"))
            #expect(try await story.say(passphrase, from: .olha).joined().contains("ще раз"))
            #expect(try await story.say("вишня-серпень-2026", from: .olha).joined().contains("Паролі не збігаються"))
            #expect(try await story.say(passphrase, from: .olha).joined().contains("ще раз"))
            let started = try await story.say(passphrase, from: .olha)
            #expect(started.joined().contains("увімкнено"), "\(started)")
            #expect(story.deletedMessages(in: Sender.olha.id) == Array(firstTry...story.lastWrittenID), "every try deleted")
            try await story.runSchedule()
            let first = try #require(story.documents(in: Sender.olha.id).last)
            #expect(first.name.hasSuffix(".kopiyka") && ArchiveSeal.isSealed(Array(first.data)))
            #expect(first.data.firstRange(of: Data("продукти".utf8)) == nil, "sealed, not readable")
            try await story.runSchedule()
            #expect(story.documents(in: Sender.olha.id).count == 1, "one a week")
            try story.advanceClock(by: 7 * 86_400)
            try await story.runSchedule()
            #expect(story.documents(in: Sender.olha.id).count == 2)
            sealed = try #require(story.documents(in: Sender.olha.id).last).data
            #expect(!story.received(in: Sender.olha.id).joined().contains(passphrase))
            let db = try story.database()
            let olha = try #require(try db.families.member(telegramUserID: Sender.olha.id))
            #expect(try db.archives.prompt(memberID: olha.id) == nil)
            #expect(try await story.say("/archive", from: .olha).joined().contains("увімкнено"))
            #expect(try await story.say("/archive off", from: .olha).joined().contains("вимкнено"))
            try story.advanceClock(by: 7 * 86_400)
            try await story.runSchedule()
            #expect(story.documents(in: Sender.olha.id).count == 2, "off means off")
        }
        try await Scenario.play(at: .conversation) { story in
            let asked = try await story.sendDocument("kopiyka-archive.kopiyka", data: sealed, from: .olha).joined()
            #expect(asked.contains("захищено паролем"), "\(asked)")
            #expect(try await story.say("не той пароль", from: .olha).joined().contains("не підходить"))
            let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
            #expect(try story.database().entries.count(householdID: olha.householdID) == 0, "a wrong passphrase changes nothing")
            try await story.say(passphrase, from: .olha)
            #expect(story.received(in: Sender.olha.id).joined().contains("✅ Архів перенесено:"))
            #expect(try story.database().entries.count(householdID: olha.householdID) == 4)
            #expect(story.deletedMessages(in: Sender.olha.id).count == 2, "both passphrases deleted")
            #expect(try await story.say("кава 40", from: .olha).joined().contains("кава"), "after it, a message is an entry again")

            // A question asked over the archive's: the archive is let go, and the answer is the new question's.
            try await story.sendDocument("kopiyka-archive.kopiyka", data: sealed, from: .olha)
            #expect(try await story.say("/archive on", from: .olha).joined().contains("Придумайте пароль"))
            try await story.runSchedule()
            #expect(try await story.say(passphrase, from: .olha).joined().contains("ще раз"), "not read as the archive's")
            #expect(try await story.say("/archive off", from: .olha).joined().contains("вимкнено"))

            // A passphrase that never comes: after 15 minutes the archive is let go.
            try await story.sendDocument("kopiyka-archive.kopiyka", data: sealed, from: .olha)
            try story.advanceClock(by: 16 * 60)
            try await story.runSchedule()
            #expect(story.received(in: Sender.olha.id).last?.contains("Пароль до архіву так і не надійшов") == true)
            #expect(try await story.say("кава 45", from: .olha).joined().contains("кава"))
        }
    }

    /// The passphrase is in no file of the database, WAL included, nor in anything the bot said.
    @Test func thePassphraseIsKeptNowhere() throws {
        let chat = try TestConversation()
        let passphrase = "сонях-горіх-8841"
        try chat.say("/start")
        try chat.say("кава 85")
        try chat.say("/archive on")
        var said = try chat.say(passphrase) + chat.say(passphrase)
        said += try chat.tick().map(\.text)
        #expect(said.joined().contains("увімкнено") && !said.joined().contains(passphrase), "\(said)")
        let folder = URL(fileURLWithPath: chat.test.path).deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("kopiyka.sqlite") }
        #expect(files.contains { $0.hasSuffix("-wal") })
        for name in files {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(bytes.firstRange(of: Data(passphrase.utf8)) == nil, "\(name) holds the passphrase")
        }
    }

    /// `python3 -m zipfile -t`: another ZIP reader agrees the archive is whole. Skipped only
    /// where there is no Python (the Swift reader above has read it already).
    static func expectOpensElsewhere(_ data: Data) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let folder = TemporaryDirectory("archive")
        let path = folder.path("a.zip")
        try data.write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "zipfile", "-t", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(said)")
    }
}
