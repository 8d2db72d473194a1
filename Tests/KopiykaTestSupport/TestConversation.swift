import Conversation
import Foundation
import KopiykaCore
import Ledger
import Localization

/// A conversation handler on a real temp database with the real catalog and a clock the test
/// moves, plus shortcuts for "this person writes this text there".
public final class TestConversation {
    public let test: TestLedger
    public let catalog: Catalog
    public let clock: TestClock
    public let handler: ConversationHandler
    public var ledger: Ledger { test.ledger }
    private var nextUpdateID: Int64 = 1

    /// `claims` and `jobs`: who takes a message and what `tick` runs, `Features`' unless a test
    /// composes a feature of its own.
    public init(clock: TestClock = TestClock(), defaultLanguage: Language = .uk, botUsername: String? = nil,
                claims: [MessageClaim] = Features.claims, jobs: [JobSource] = Features.jobs) throws {
        self.clock = clock
        test = try TestLedger(clock: clock.wallClock)
        catalog = try Catalog.load()
        handler = ConversationHandler(
            ledger: test.ledger, catalog: catalog, clock: clock.wallClock,
            settings: ConversationSettings(timeZone: kyiv, defaultLanguage: defaultLanguage, botUsername: botUsername),
            claims: claims, jobs: jobs)
    }

    /// `sender` writes `text` in their private chat; returns what the bot said to that chat,
    /// as plain text, taken from the outbox.
    @discardableResult
    public func say(_ text: String, from sender: Sender = .olha) throws -> [String] {
        try send(IncomingMessage(chat: ChatRef(id: sender.id, kind: .privateChat), sender: sender, text: text))
            .filter { $0.chatID == sender.id }.map(\.text)
    }

    /// `sender` writes `text` in a group; returns everything the bot said anywhere.
    @discardableResult
    public func say(_ text: String, from sender: Sender, inGroup group: Int64, thread: Int64? = nil,
                    replyingToBot: Bool = false) throws -> [ConsoleDelivery.Line] {
        try send(IncomingMessage(chat: ChatRef(id: group, kind: .group, threadID: thread), sender: sender, text: text,
                                 isReplyToBot: replyingToBot))
    }

    /// Handles a message (numbering its update) and delivers the whole outbox.
    public func send(_ message: IncomingMessage) throws -> [ConsoleDelivery.Line] {
        var message = message
        message.updateID = message.updateID ?? nextUpdateID
        message.messageID = message.messageID ?? nextUpdateID
        nextUpdateID += 1
        return try handle(.message(message))
    }

    /// Applies any event and delivers the whole outbox.
    public func handle(_ event: ConversationEvent) throws -> [ConsoleDelivery.Line] {
        try handler.handle(event)
        return try ConsoleDelivery(ledger: ledger).deliver()
    }

    /// `sender` presses a button with `data` under message `messageID` of their private chat.
    public func press(_ data: String, from sender: Sender, messageID: Int64 = 1) throws -> [ConsoleDelivery.Line] {
        try handle(.callback(CallbackPress(queryID: "q\(nextUpdateID)", data: data, sender: sender,
                                           chat: ChatRef(id: sender.id, kind: .privateChat), messageID: messageID)))
    }

    /// Runs what the job source `name` has due at the clock's time, as the bot's scheduler
    /// would (each job in its own transaction), and delivers the whole outbox.
    public func runJobs(_ name: String) throws -> [ConsoleDelivery.Line] {
        for source in ConversationHandler.jobSources where source.name == name {
            for job in try handler.dueJobs(source) { try ledger.transaction { try job.perform() } }
        }
        return try ConsoleDelivery(ledger: ledger).deliver()
    }

    /// Runs the schedule at the clock's time: every job source but those stepped apart
    /// (`JobSource.inConsoleSchedule`), as the console does.
    public func tick() throws -> [ConsoleDelivery.Line] {
        try ledger.transaction { try handler.runSchedule() }
        return try ConsoleDelivery(ledger: ledger).deliver()
    }
}

extension Sender {
    public static let olha = Sender(id: 1001, firstName: "Оля", languageCode: "uk")
    public static let taras = Sender(id: 1002, firstName: "Тарас", languageCode: "uk")
    public static let dmitry = Sender(id: 2001, firstName: "Дмитрий", languageCode: "ru")
    public static let anna = Sender(id: 3001, firstName: "Anna", languageCode: "en-GB")
    public static let stranger = Sender(id: 9001, firstName: "Stranger", languageCode: "uk")
}

extension [ConsoleDelivery.Line] {
    /// What reached one chat, no-break spaces shown as spaces.
    public func texts(in chatID: Int64) -> [String] {
        filter { $0.chatID == chatID }.map { $0.text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }
}
