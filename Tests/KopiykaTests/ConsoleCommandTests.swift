import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import SQLite
import Testing
@testable import kopiyka

/// The console as a newcomer runs it: the real binary, a real database file.
@Suite struct ConsoleCommandTests {
    let folder = TemporaryDirectory("console")
    var kopiyka: KopiykaProcess {
        KopiykaProcess(environment: ["DATABASE_PATH": folder.path("k.sqlite")], workingDirectory: folder.url)
    }

    @Test func storesTheEntryAndAnswersInUkrainian() throws {
        let outcome = try kopiyka.run(["console"], stdin: "кава 85 грн картка\n")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("✅ кава · 85\u{A0}₴ · Кафе · картка"))
        let ledger = try Ledger(path: folder.path("k.sqlite"))
        let member = try #require(try ledger.families.member(telegramUserID: ConsoleIdentity.userID(for: "Me")))
        #expect(try ledger.entries.count(householdID: member.householdID) == 1)
    }

    /// `>` replies as one replies on Telegram: to the confirmation, even after a correction's
    /// notice (before, the second `>` answered that notice and became a new entry of 12,11 ₴).
    @Test func aReplyAfterACorrectionStillCorrectsTheEntry() throws {
        let outcome = try kopiyka.run(["console"], stdin: "шаурма 120\n> 150\n> 12.11\n")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let ledger = try Ledger(path: folder.path("k.sqlite"))
        let member = try #require(try ledger.families.member(telegramUserID: ConsoleIdentity.userID(for: "Me")))
        let entries = try ledger.entries.recent(householdID: member.householdID, limit: 5)
        #expect(entries.count == 1, "\(outcome.stdout)")
        #expect(entries.first?.amount == Money(major: 150, currency: .uah))
        #expect(entries.first?.date.month == 11 && entries.first?.date.day == 12, "\(outcome.stdout)")
    }

    @Test func severalUsersAndLanguages() throws {
        let first = try kopiyka.run(["console", "--user", "Оля"], stdin: "таксі 120\n")
        let second = try kopiyka.run(["console", "--user", "John", "--lang", "en"], stdin: "taxi 120\n")
        #expect(first.stdout.contains("Таксі"))
        #expect(second.stdout.contains("Taxi"))
        #expect(second.stdout.contains("₴120"))
    }

    @Test func runWithoutATokenExplainsAndOpensTheConsole() throws {
        let outcome = try kopiyka.run(["run"], stdin: "кава 85\n")
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("BOT_TOKEN"))
        #expect(outcome.stdout.contains("85\u{A0}₴"))
    }

    @Test func aFileThatIsNotADatabaseGetsAClearMessage() throws {
        try Data(repeating: 7, count: 8192).write(to: URL(fileURLWithPath: folder.path("k.sqlite")))
        let outcome = try kopiyka.run(["console"], stdin: "кава 85\n")
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("is not a Kopiyka database"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
    }

    @Test func aDatabaseFromANewerKopiykaIsRefused() throws {
        _ = try Ledger(path: folder.path("k.sqlite"))
        let outcome0 = try kopiyka.run(["console"], stdin: "")
        #expect(outcome0.status == 0)
        try Connection(path: folder.path("k.sqlite")).execute("INSERT INTO schema_migrations VALUES (999, 'future', 'x')")
        let outcome = try kopiyka.run(["console"], stdin: "кава 85\n")
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("newer Kopiyka"))
    }

    @Test func badSettingsAreNamed() throws {
        let broken = KopiykaProcess(environment: ["BOT_TIMEZONE": "Mars/Olympus"], workingDirectory: folder.url)
        let outcome = try broken.run(["console"])
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("BOT_TIMEZONE"))
    }

    /// Issue 14: the database and an exported file are the running user's alone, whatever
    /// umask the shell passes on.
    @Test func theDatabaseAndExportsAreReadableByTheirOwnerOnly() throws {
        let previous = umask(0)
        let outcome = try kopiyka.run(["console"], stdin: "кава 85\n/export\n")
        umask(previous)
        #expect(outcome.stdout.contains("📎"), "\(outcome.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        let export = try #require(files.first { $0.hasSuffix(".csv") })
        for file in ["k.sqlite", export] {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: folder.path(file))[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "\(file): \(String(mode, radix: 8))")
        }
    }

    @Test func readsBotEnvFromTheWorkingDirectory() throws {
        try "DATABASE_PATH=./from-env-file.sqlite\nDEFAULT_LANGUAGE=en\n"
            .write(toFile: folder.path("bot.env"), atomically: true, encoding: .utf8)
        let plain = KopiykaProcess(environment: [:], workingDirectory: folder.url)
        let outcome = try plain.run(["console", "--user", "Env"], stdin: "taxi 100\n")
        #expect(outcome.stdout.contains("Taxi"))
        #expect(FileManager.default.fileExists(atPath: folder.path("from-env-file.sqlite")))
    }

    @Test func theTotalsCommandFindsAndMendsDisagreement() throws {
        _ = try kopiyka.run(["console"], stdin: "кава 85\n")
        #expect(try kopiyka.run(["totals"]).stdout.contains("match"))
        try Connection(path: folder.path("k.sqlite")).execute("UPDATE month_totals SET amount_minor = 1")
        let broken = try kopiyka.run(["totals"])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("--rebuild"))
        let mended = try kopiyka.run(["totals", "--rebuild"])
        #expect(mended.status == 0)
        #expect(mended.stdout.contains("match"))
    }
}
