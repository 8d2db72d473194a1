@testable import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Localization
import Testing

/// Finding the bot's commands from inside the chat: a full `/help`, the nearest command for a
/// typo, and command words without the slash in a private chat.
@Suite struct DiscoverabilityTests {
    let chat = try! TestConversation()

    func say(_ text: String, from sender: Sender = .olha) throws -> String {
        try chat.say(text, from: sender).joined(separator: "\n").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    @Test(arguments: [Sender.olha, .dmitry, .anna])
    func helpListsEveryCommandByTask(sender: Sender) throws {
        try chat.say("/start", from: sender)
        let help = try say("/help", from: sender)
        for command in KnownCommand.allCases where command.section != nil {
            #expect(help.contains("\n/\(command.name) — "), "/\(command.name) missing in \(sender.firstName)'s help")
        }
        #expect(!help.contains("help.command") && !help.contains("help.section"), "a key with no text: \(help)")
        // How to write, the commands by section (bold titles, no blank lines: one screen), the words.
        let blocks = help.components(separatedBy: "\n\n")
        #expect(blocks.count == 3)
        let commands = try #require(blocks.dropFirst().first)
        let report = try #require(commands.range(of: "/report")), undo = try #require(commands.range(of: "/undo"))
        #expect(report.lowerBound < undo.lowerBound)
    }

    @Test func everyCommandHasItsTextsInEveryLanguage() throws {
        for language in Language.allCases {
            let keys = chat.catalog.keys(in: language)
            for command in KnownCommand.allCases where command.section != nil {
                #expect(keys.contains("help.command.\(command.name)"), "\(language) help.command.\(command.name)")
            }
            for command in KnownCommand.menu {
                #expect(keys.contains("command.description.\(command.name)"), "\(language) \(command.name)")
            }
            for section in KnownCommand.Section.allCases {
                #expect(keys.contains("help.section.\(section.rawValue)"), "\(language) \(section.rawValue)")
            }
        }
    }

    @Test(arguments: [
        ("/reprot", Sender.olha, "Такої команди немає. Може, /report?"), ("/bugdet", .olha, "Може, /budget?"),
        ("/отчет", .dmitry, "Такой команды нет. Может, /report?"), ("/звіт", .olha, "Може, /report?"),
        ("/hist", .anna, "There’s no such command. Did you mean /history?"), ("/bugdet@kopiyka_bot", .anna, "/budget?"),
        ("/biudzhte", .olha, "/budget?"), ("/Today", .olha, "ще немає"),
    ])
    func aMistypedCommandGetsTheNearestOne(text: String, sender: Sender, answer: String) throws {
        try chat.say("/start", from: sender)
        #expect(try say(text, from: sender).contains(answer))
    }

    @Test func nothingNearGetsTheHelpHint() throws {
        try chat.say("/start")
        #expect(try say("/xyz") == "Не знаю такої команди. Усе, що вмію: /help")
        #expect(try say("/qwertyuiopasdfghjklzxcvbnm") == "Не знаю такої команди. Усе, що вмію: /help")
    }

    @Test(arguments: [
        ("звіт", Sender.olha, "📊 Листопад 2026"), ("Звіт", .olha, "📊 Листопад 2026"), ("отчет", .dmitry, "📊 Ноябрь 2026"),
        ("отчёт", .dmitry, "📊 Ноябрь 2026"), ("Отче\u{0308}т", .dmitry, "📊 Ноябрь 2026"), ("ОТЧЁТ", .dmitry, "📊 Ноябрь 2026"),
        ("report", .anna, "📊 November 2026"), ("звіт жовтень", .olha, "📊 Жовтень 2026"),
        ("отчет прошлый", .dmitry, "📊 Октябрь 2026"), ("report last", .anna, "📊 October 2026"),
        ("допомога", .olha, "📊 Звіти"), ("помощь", .dmitry, "📊 Отчёты"), ("help", .anna, "📊 Reports"),
        ("бюджет", .olha, "Бюджетів ще немає"), ("бюджеты", .dmitry, "Бюджетов ещё нет"), ("budget", .anna, "No budgets yet"),
        ("сьогодні", .olha, "ще немає"), ("мова en", .olha, "Done: English it is."),
        ("курс", .olha, "/rate usd 41,5"),
    ])
    func aCommandWordWorksWithoutTheSlash(text: String, sender: Sender, answer: String) throws {
        try chat.say("/start", from: sender)
        #expect(try say(text, from: sender).contains(answer))
    }

    @Test(arguments: [
        ("бюджет на каву 85", "✅ бюджет на каву · 85 ₴ · Кафе"), ("звіт 2026", "✅ звіт · 2 026 ₴"),
        ("допомога на дитину", "Скільки?"), ("курс англійської 3000", "✅ курс англійської · 3 000 ₴"),
        ("звіт про поїздку", "Скільки?"), ("бюджет кафе 3000", "✅ бюджет кафе · 3 000 ₴"),
    ])
    func aMessageThatReadsAsAnEntryStaysOne(text: String, answer: String) throws {
        try chat.say("/start")
        #expect(try say(text).hasPrefix(answer))
    }

    @Test func wordsWithoutTheSlashAreNotCommandsInAGroup() throws {
        let group: Int64 = -100
        try chat.say("/start")
        _ = try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: .olha))
        for word in ["звіт", "допомога", "бюджет", "help"] {
            #expect(try chat.say(word, from: .olha, inGroup: group).isEmpty, "\(word)")
        }
    }

    @Test func theMenuIsTheRegistrysAndItsNamesRoute() throws {
        let ranks = KnownCommand.menu.compactMap(\.menuRank)
        #expect(ranks.count == KnownCommand.menu.count && Set(ranks).count == ranks.count, "two commands share a menu place")
        #expect(KnownCommand.menu.map(\.name).prefix(2) == ["report", "budget"], "the menu leads with what a family asks most")
        #expect(!KnownCommand.menu.contains { ["start", "leave"].contains($0.name) })
        for command in KnownCommand.allCases {
            #expect(KnownCommand.named(command.name) == command)
            for alias in command.aliases { #expect(KnownCommand.named(alias) == command) }
            for word in command.words { #expect(KnownCommand.word(word) == command, "\(word)") }
        }
        let words = KnownCommand.allCases.flatMap(\.words)
        #expect(Set(words).count == words.count, "a word names two commands")
        let names = KnownCommand.allCases.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count, "a name belongs to two commands")
    }

    /// The byte-by-byte lookup of a message's first word finds what `word` finds for the
    /// word as characters, in any case, with any apostrophe, ё or not, and hands every other
    /// scalar to `word` itself.
    @Test func aTextsFirstWordIsFoundAsWordFindsIt() {
        let words = KnownCommand.allCases.flatMap(\.words)
        for word in words {
            #expect(word.unicodeScalars.allSatisfy { KnownCommand.folded($0) == $0 }, "\(word) is not kept by folded")
        }
        let pieces = words + words.map { $0.uppercased() } + ["Отчёт", "ОТЧЁТ", "отчe\u{308}т", "здоров'я", "здоров`я", "ЗДОРОВ’Я",
            "кава", "İ", "É", "\u{301}", "😀", "1", ".", "/", "ґ", "Ґ", "Ѐ", "ѝ", "\u{482}", "\u{48A}"]
        let gaps = [" ", "\t", "\n", "\r\n", "\u{A0}", "\u{2003}", "\u{1C}", ""]
        var random = SplitMix64(seed: 18)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                (pieces.randomElement(using: &random) ?? "") + (gaps.randomElement(using: &random) ?? "")
            }.joined()
            #expect(KnownCommand.wordAtStart(of: text) == KnownCommand.word(String(text.prefix { !$0.isWhitespace })),
                    "\(text.unicodeScalars.map { $0.value })")
        }
    }

    @Test func editDistanceCountsASwapAsOneSlip() {
        func distance(_ a: String, _ b: String) -> Int { KnownCommand.editDistance(Array(a), Array(b)) }
        #expect(distance("reprot", "report") == 1)
        #expect(distance("bugdet", "budget") == 1)
        #expect(distance("", "rate") == 4)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("report", "report") == 0)
    }
}
