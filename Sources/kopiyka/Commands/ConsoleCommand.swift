import Conversation
import Foundation
import KopiykaCore
import Localization

/// `kopiyka console [--user NAME] [--lang uk|ru|en]`: the bot without Telegram. Each line goes
/// through the same `ConversationHandler` a Telegram message does, against the same database.
struct ConsoleCommand {
    let user: String
    let language: Language?

    init(options: [String]) throws(ExitError) {
        let options = try Options(options, allowed: ["--user", "--lang"])
        user = options["--user"] ?? ConsoleCommand.defaultUser
        if let code = options["--lang"] {
            guard let language = Language(rawValue: code.lowercased()) else {
                throw ExitError("--lang takes uk, ru or en, not \(code)", status: 64)
            }
            self.language = language
        } else {
            language = nil
        }
    }

    static var defaultUser: String {
        let name = ProcessInfo.processInfo.environment["USER"] ?? ""
        return name.isEmpty || name == "root" ? "Me" : name.prefix(1).uppercased() + name.dropFirst()
    }

    func run() throws(ExitError) {
        let app = App(configuration: try loadConfiguration())
        let ledger = try app.openLedger()
        let catalog = try app.loadCatalog()
        let handler = ConversationHandler(
            ledger: ledger, catalog: catalog, clock: app.clock,
            settings: ConversationSettings(timeZone: app.configuration.timeZone,
                                           defaultLanguage: app.configuration.defaultLanguage))
        let sender = Sender(id: ConsoleIdentity.userID(for: user), firstName: user,
                            languageCode: (language ?? app.configuration.defaultLanguage).rawValue)
        let chat = ChatRef(id: sender.id, kind: .privateChat)
        do {
            if let language, let member = try ledger.member(telegramUserID: sender.id),
               member.language != language.rawValue {
                try ledger.setLanguage(language.rawValue, memberID: member.id)
            }
            let interactive = isatty(STDIN_FILENO) != 0
            // What others said to this person while they were away (a family member joined).
            for line in try ConsoleDelivery(ledger: ledger).deliver(to: [chat.id]) { print(line.text) }
            if interactive {
                let member = try ledger.member(telegramUserID: sender.id)
                let spoken = member.flatMap { Language(rawValue: $0.language) } ?? language ?? app.configuration.defaultLanguage
                print(catalog[spoken]("console.intro", ["path": .text(app.configuration.databasePath)]))
            }
            while true {
                // A terminal line-buffers stdout, so earlier lines are out before the prompt.
                if interactive { FileHandle.standardOutput.write(Data("› ".utf8)) }
                guard let line = readLine(strippingNewline: true) else { break }
                try handler.handle(IncomingMessage(chat: chat, sender: sender, text: line))
                for line in try ConsoleDelivery(ledger: ledger).deliver(to: [chat.id]) {
                    print(line.text)
                }
            }
        } catch {
            throw ExitError("the console stopped: \(error)")
        }
    }
}

/// Console people get stable negative ids: Telegram user ids are positive, so the two can
/// share a database without ever colliding.
enum ConsoleIdentity {
    static func userID(for name: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in name.lowercased().utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return -Int64(hash & 0x3FFF_FFFF_FFFF_FFFF) - 1
    }
}
