import Conversation
import FoundationEssentials
import Glibc
import KopiykaCore
import Ledger
import Localization

/// `kopiyka console [--user NAME] [--lang uk|ru|en]`: the bot without Telegram. Each line goes
/// through the same `ConversationHandler` a Telegram message does, against the same database.
/// Buttons show as numbered choices (type the number to press one); a line starting with `>`
/// replies to the last message that shows entries (a confirmation or a list), as a Telegram
/// reply to it would; a file the bot sends is saved in the current folder.
struct ConsoleCommand {
    let user: String
    let language: Language?

    init(options: [String]) throws(ExitError) {
        let options = try CommandLineInterface.arguments(options, of: "console", options: ["--user", "--lang"])
        user = options["--user"] ?? ConsoleCommand.defaultUser
        if let code = options["--lang"] {
            guard let language = Language(rawValue: code.lowercased()) else {
                throw CommandLineInterface.usageError("--lang takes uk, ru or en, not \(code)", of: "console")
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
        var session = ConsoleSession(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender)
        do {
            if let language, let member = try ledger.families.member(telegramUserID: sender.id), member.language != language.rawValue {
                try ledger.families.setLanguage(language.rawValue, memberID: member.id)
            }
            let interactive = isatty(STDIN_FILENO) != 0
            if interactive {
                let member = try ledger.families.member(telegramUserID: sender.id)
                let spoken = member.flatMap { Language(rawValue: $0.language) } ?? language ?? app.configuration.defaultLanguage
                print(catalog[spoken]("console.intro", ["path": .text(app.configuration.databasePath)]))
            }
            // What others said to this person while they were away (a family member joined).
            let showsEntries = { (id: Int64) in try ledger.entryViews.view(chatID: sender.id, messageID: id) != nil }
            try session.show(ConsoleDelivery(ledger: ledger).deliver(to: [sender.id]), showsEntries: showsEntries)
            while true {
                // A terminal line-buffers stdout, so earlier lines are out before the prompt.
                if interactive { writeUnbuffered("› ", to: STDOUT_FILENO) }
                guard let line = readLine(strippingNewline: true) else { break }
                try handler.handle(session.event(for: line))
                while try ledger.transaction({ try handler.runExportStep() }) {}
                try session.show(ConsoleDelivery(ledger: ledger).deliver(to: [sender.id]), showsEntries: showsEntries)
            }
        } catch {
            throw ExitError("the console stopped: \(error)")
        }
    }
}

/// What the console remembers between lines: the last message's buttons and id, and the
/// last message that shows entries, which `>` replies to.
struct ConsoleSession {
    let chat: ChatRef
    let sender: Sender
    private var lastMessageID: Int64?
    private var lastEntriesID: Int64?
    private var buttons: [OutboxButton] = []
    private var presses = 0

    init(chat: ChatRef, sender: Sender) {
        self.chat = chat
        self.sender = sender
    }

    /// A typed line as the event Telegram would deliver: a button press for a number that
    /// names one, a reply for `> text`, else a message.
    mutating func event(for line: String) -> ConversationEvent {
        let trimmed = line.trimmed
        if let number = Int(trimmed), number >= 1, number <= buttons.count, let messageID = lastMessageID {
            presses += 1
            return .callback(CallbackPress(queryID: "console-\(presses)", data: buttons[number - 1].data, sender: sender,
                                           chat: chat, messageID: messageID))
        }
        if trimmed.hasPrefix(">"), let messageID = lastEntriesID ?? lastMessageID {
            return .message(IncomingMessage(chat: chat, sender: sender, text: String(trimmed.dropFirst()),
                                            replyToMessageID: messageID, isReplyToBot: true))
        }
        return .message(IncomingMessage(chat: chat, sender: sender, text: line))
    }

    /// Prints delivered lines; buttons as `[1] 🏷 Категорія  [2] 🗑 Видалити`; files saved.
    /// `showsEntries` tells whether a message shows entries: a correction's notice after a
    /// confirmation does not, so a `>` after it still corrects the entry.
    mutating func show(_ lines: [ConsoleDelivery.Line], showsEntries: (Int64) throws -> Bool = { _ in false }) throws {
        for line in lines {
            if line.kind == .message, try showsEntries(line.messageID) { lastEntriesID = line.messageID }
            if let document = line.document {
                let path = FileManager.default.currentDirectoryPath + "/" + document.name
                try PrivateFile.write(document.data, to: path)
                print("📎 \(line.text) → \(path)")
                continue
            }
            switch line.kind {
            case .notice:
                print("💬 " + line.text)
                continue
            case .edit: print("✏️ " + line.text)
            case .message, .document, .photo: print(line.text)
            }
            let flat = line.buttons.flatMap { $0 }
            if !flat.isEmpty {
                print(flat.enumerated().map { "[\($0.offset + 1)] \($0.element.title)" }.joined(separator: "  "))
                buttons = flat
                lastMessageID = line.messageID
            } else if line.kind == .message {
                lastMessageID = line.messageID
                buttons = []
            } else if line.messageID == lastMessageID {
                buttons = []
            }
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
