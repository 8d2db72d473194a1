import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

/// A big archive is taken by the archives job a slice a transaction, so other families'
/// updates are answered between slices (the bot's scheduler runs each job on its own), and
/// its sender hears once, at the end, what it all brought.
@Suite struct ArchiveSliceJobTests {
    @Test func aBigArchiveIsTakenAThousandRowsAJobAndAnsweredOnce() throws {
        let home = try TestConversation()
        _ = try home.say("/start", from: .olha)
        let olha = try #require(try home.ledger.families.member(telegramUserID: Sender.olha.id))
        try home.ledger.transaction {
            for index in 0..<2_500 {
                _ = try home.ledger.entries.add([NewEntry(
                    kind: .expense, amount: Money(minorUnits: 8_500, currency: .uah), category: "cafe", account: nil,
                    date: LocalDate(year: 2026, month: 11, day: 1 + index % 28)!, note: "кава", originalText: "")], by: olha)
            }
        }
        let export = try home.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                   text: "/export all"))
        let zip = try #require(export.compactMap(\.document).last).data

        let other = try TestConversation()
        _ = try other.say("/start", from: .stranger)
        var document = NonTextMessage(chat: ChatRef(id: Sender.stranger.id, kind: .privateChat), sender: .stranger,
                                      kind: .document(caption: nil), updateID: 100, messageID: 100)
        document.file = ReceivedFile(fileID: "archive", name: "kopiyka-archive.zip", size: Int64(zip.count))
        _ = try other.handle(.nonText(document))
        for file in try other.ledger.statements.oldestImportOfEachHousehold(in: .fetching) {
            try other.ledger.transaction { _ = try other.ledger.statements.storeFetched(file.id, data: Array(zip)) }
        }
        let stranger = try #require(try other.ledger.families.member(telegramUserID: Sender.stranger.id))
        var counts: [Int] = []
        var answers: [String] = []
        for _ in 0..<3 {
            answers += try other.runJobs("archives").texts(in: Sender.stranger.id)
            counts.append(try other.ledger.entries.count(householdID: stranger.householdID))
        }
        #expect(counts == [1_000, 2_000, 2_500], "a slice a job")
        #expect(answers.count == 1 && answers[0].contains("✅") && answers[0].contains("2 500 записів"), "\(answers)")
        #expect(try other.runJobs("archives").isEmpty, "done")
    }
}

/// What may happen while an archive is taken: a restart, a handover.
@Suite struct ArchiveSliceInterruptionTests {
    /// A ZIP of `/export all` from a household of Оля's with `count` entries.
    static func bigArchive(_ count: Int) throws -> [UInt8] {
        let home = try TestConversation()
        _ = try home.say("/start", from: .olha)
        let olha = try #require(try home.ledger.families.member(telegramUserID: Sender.olha.id))
        try home.ledger.transaction {
            for index in 0..<count {
                _ = try home.ledger.entries.add([NewEntry(
                    kind: .expense, amount: Money(minorUnits: 8_500, currency: .uah), category: "cafe", account: nil,
                    date: LocalDate(year: 2026, month: 11, day: 1 + index % 28)!, note: "кава", originalText: "")], by: olha)
            }
        }
        let export = try home.send(IncomingMessage(chat: ChatRef(id: Sender.olha.id, kind: .privateChat), sender: .olha,
                                                   text: "/export all"))
        return Array(try #require(export.compactMap(\.document).last).data)
    }

    /// `sender` sends `data` as the file `name`, and the bot's fetcher brings its bytes.
    static func send(_ data: [UInt8], named name: String, from sender: Sender, to chat: TestConversation) throws {
        var document = NonTextMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender,
                                      kind: .document(caption: nil), updateID: 100, messageID: 100)
        document.file = ReceivedFile(fileID: "archive", name: name, size: Int64(data.count))
        _ = try chat.handle(.nonText(document))
        for file in try chat.ledger.statements.oldestImportOfEachHousehold(in: .fetching) {
            try chat.ledger.transaction { _ = try chat.ledger.statements.storeFetched(file.id, data: data) }
        }
    }

    /// The bot restarted: the same database, a handler with nothing in memory.
    static func restart(_ chat: TestConversation) -> ConversationHandler {
        ConversationHandler(ledger: chat.ledger, catalog: chat.catalog, clock: chat.clock.wallClock, settings: chat.handler.settings)
    }

    static func runArchives(_ handler: ConversationHandler, _ chat: TestConversation) throws -> [ConsoleDelivery.Line] {
        for source in ConversationHandler.jobSources where source.name == "archives" {
            for job in try handler.dueJobs(source) { try chat.ledger.transaction { try job.perform() } }
        }
        return try ConsoleDelivery(ledger: chat.ledger).deliver()
    }

    @Test func aBotThatReadsArchivesApartIsOfferedNoJobUntilTheReadingComes() throws {
        let chat = try TestConversation()
        chat.handler.settings.parsesArchivesApart = true
        _ = try chat.say("/start", from: .stranger)
        let stranger = try #require(try chat.ledger.families.member(telegramUserID: Sender.stranger.id))
        try Self.send(try Self.bigArchive(1_500), named: "kopiyka-archive.zip", from: .stranger, to: chat)
        let source = try #require(ConversationHandler.jobSources.first { $0.name == "archives" })
        #expect(try chat.handler.dueJobs(source).isEmpty, "no job to spin on while it waits to be read")

        let file = try #require(try chat.handler.archiveFileToParse())
        chat.handler.keep(ArchiveReading(file))
        #expect(try chat.handler.archiveFileToParse() == nil, "read once")
        var said: [String] = []
        for _ in 0..<2 { said += try chat.runJobs("archives").texts(in: Sender.stranger.id) }
        #expect(try chat.ledger.entries.count(householdID: stranger.householdID) == 1_500)
        #expect(said.contains { $0.contains("✅") }, "\(said)")
    }

    @Test func aSealedArchiveOpenedOnceIsNotAskedForAgainAfterARestart() throws {
        let passphrase = "вишня-липень-2026"
        let key = try #require(ArchiveSeal.derive(passphrase))
        let sealed = try #require(ArchiveSeal.seal(try Self.bigArchive(2_500), with: key))
        let chat = try TestConversation()
        _ = try chat.say("/start", from: .stranger)
        let stranger = try #require(try chat.ledger.families.member(telegramUserID: Sender.stranger.id))
        try Self.send(sealed, named: "kopiyka-archive.kopiyka", from: .stranger, to: chat)
        #expect(try chat.runJobs("archives").texts(in: Sender.stranger.id).joined().contains("захищено паролем"))
        _ = try chat.say(passphrase, from: .stranger)
        #expect(try chat.ledger.entries.count(householdID: stranger.householdID) == 1_000, "the first slice, with the passphrase")

        let restarted = Self.restart(chat)
        var said: [String] = []
        for _ in 0..<3 { said += try Self.runArchives(restarted, chat).texts(in: Sender.stranger.id) }
        #expect(!said.joined().contains("паролем"), "the passphrase opened it once: \(said)")
        #expect(try chat.ledger.entries.count(householdID: stranger.householdID) == 2_500)
        #expect(said.contains { $0.contains("✅") }, "\(said)")
    }

    /// Оля's family with Тарас in it.
    static func family() throws -> (TestConversation, olha: Member, taras: Member) {
        let chat = try TestConversation()
        _ = try chat.say("/start", from: .olha)
        let invite = try chat.say("/invite", from: .olha).joined()
        let code = try #require(invite.range(of: #"join_[A-Za-z0-9]{12}"#, options: .regularExpression))
        _ = try chat.say("/start \(invite[code])", from: .taras)
        return (chat, try #require(try chat.ledger.families.member(telegramUserID: Sender.olha.id)),
                try #require(try chat.ledger.families.member(telegramUserID: Sender.taras.id)))
    }

    /// What /family → 👑 does.
    static func handOver(_ chat: TestConversation, from old: Member, to new: Member) throws {
        try chat.ledger.transaction {
            try chat.ledger.families.setRole(.owner, memberID: new.id)
            try chat.ledger.families.setRole(.member, memberID: old.id)
        }
    }

    @Test func aHandoverBetweenSlicesLeavesNoHalfArchive() throws {
        let zip = try Self.bigArchive(2_500)
        let (chat, olha, taras) = try Self.family()
        #expect(taras.householdID == olha.householdID)
        try Self.send(zip, named: "kopiyka-archive.zip", from: .olha, to: chat)
        var said = try chat.runJobs("archives").texts(in: Sender.olha.id)
        #expect(try chat.ledger.entries.count(householdID: olha.householdID) == 1_000)

        try Self.handOver(chat, from: olha, to: taras)
        for _ in 0..<3 { said += try chat.runJobs("archives").texts(in: Sender.olha.id) }
        #expect(try chat.ledger.entries.count(householdID: olha.householdID) == 2_500, "the archive begun is taken whole")
        #expect(said.filter { $0.contains("✅") }.count == 1, "\(said)")
    }

    @Test func aPassphraseSaidAfterAHandoverOpensNoArchive() throws {
        let passphrase = "вишня-липень-2026"
        let key = try #require(ArchiveSeal.derive(passphrase))
        let sealed = try #require(ArchiveSeal.seal(try Self.bigArchive(10), with: key))
        let (chat, olha, taras) = try Self.family()
        try Self.send(sealed, named: "kopiyka-archive.kopiyka", from: .olha, to: chat)
        #expect(try chat.runJobs("archives").texts(in: Sender.olha.id).joined().contains("захищено паролем"))

        try Self.handOver(chat, from: olha, to: taras)
        let answer = try chat.say(passphrase, from: .olha).joined()
        #expect(answer.contains("лише власник"), "\(answer)")
        _ = try chat.runJobs("archives")
        #expect(try chat.ledger.entries.count(householdID: olha.householdID) == 0, "Тарас owns the family now")
    }
}
