import Conversation
import Foundation
import Ledger

/// One way to tell an end-to-end story, played at the depth a test chooses (`Depth`): people
/// (`Sender.olha`, …) write in their private chats and in groups, add the bot to a group,
/// press buttons and reply to the bot; the story reads what each chat received. Each step
/// returns once the bot has answered it in full, so a story never sleeps.
///
/// Not thread-safe: one story drives it, one step at a time. Always `stop()` it (or use
/// `play`), or a deeper depth's bot runs on.
public final class Scenario {
    public let depth: Depth
    private let stage: any ScenarioStage
    private var nextMessageID: Int64 = 100_000

    public init(depth: Depth) async throws {
        self.depth = depth
        switch depth {
        case .conversation: stage = try ConversationStage()
        case .botAPI, .binary: stage = try await TelegramStage(depth: depth)
        }
    }

    /// Starts a scenario at `depth`, plays `story` on it and stops it, even when the story throws.
    public static func play(at depth: Depth, _ story: (Scenario) async throws -> Void) async throws {
        let scenario = try await Scenario(depth: depth)
        do {
            try await story(scenario)
        } catch {
            await scenario.stop()
            throw error
        }
        await scenario.stop()
    }

    public func stop() async { await stage.stop() }

    // MARK: Steps

    /// `sender` writes `text` in their private chat; returns the bot's new messages there.
    @discardableResult
    public func say(_ text: String, from sender: Sender) async throws -> [String] {
        try await send(text, from: sender, in: sender.id, replyingTo: nil)
    }

    /// `sender` writes `text` in `group` (a negative id); returns the bot's new messages there.
    @discardableResult
    public func say(_ text: String, from sender: Sender, inGroup group: Int64) async throws -> [String] {
        precondition(group < 0, "a group's id is negative")
        return try await send(text, from: sender, in: group, replyingTo: nil)
    }

    /// `sender` answers `message` of the bot's (in the chat it is in, their own by default)
    /// with `text`; returns the bot's new messages there.
    @discardableResult
    public func reply(_ text: String, to message: ScenarioMessage, from sender: Sender, in chat: Int64? = nil)
        async throws -> [String]
    {
        try await send(text, from: sender, in: chat ?? sender.id, replyingTo: message.id)
    }

    /// `sender` changes their message `messageID` in `chat` (their own by default) to `text`,
    /// as Telegram's edit does; returns the bot's new messages there.
    @discardableResult
    public func edit(_ messageID: Int64, to text: String, from sender: Sender, in chat: Int64? = nil) async throws -> [String] {
        let chat = chat ?? sender.id
        let message = StageMessage(chat: chat, sender: sender, text: text, messageID: messageID, replyTo: nil)
        return try await newTexts(in: chat) { try await stage.edit(message) }
    }

    /// `sender` adds the bot to `group`; returns what the group received.
    @discardableResult
    public func addBot(to group: Int64, by sender: Sender) async throws -> [String] {
        try await newTexts(in: group) { try await stage.addBot(to: group, by: sender) }
    }

    /// `sender` presses the button `label` (a title, data, or data's prefix: see
    /// `ScenarioMessage.button`) under the last message of `chat` (their own by default) that
    /// has buttons. Throws when no such button is there.
    @discardableResult
    public func press(_ label: String, from sender: Sender, in chat: Int64? = nil) async throws -> Pressed {
        let chat = chat ?? sender.id
        guard let message = messages(in: chat).last(where: { !$0.buttons.isEmpty }) else {
            throw Failure(description: "no message with buttons in chat \(chat) to press \(label) under")
        }
        guard let button = message.button(label) else {
            let titles = message.buttons.joined().map { "\($0.title) (\($0.data))" }
            throw Failure(description: "no single button \(label) under «\(message.text)»: \(titles)")
        }
        let notices = stage.notices.count
        let replies = try await newTexts(in: chat) {
            try await stage.press(data: button.data, under: message.id, in: chat, from: sender)
        }
        return Pressed(notice: stage.notices.dropFirst(notices).last, message: messages(in: chat).first { $0.id == message.id },
                       replies: replies)
    }

    // MARK: What the chats hold

    /// Every message the bot sent to `chat`, as the chat shows it now.
    public func messages(in chat: Int64) -> [ScenarioMessage] { stage.messages(in: chat) }

    /// The texts of `messages(in:)`.
    public func received(in chat: Int64) -> [String] { messages(in: chat).map(\.text) }

    /// The id the last message a person wrote (`say`, `reply`) had: to `edit` it, or find it
    /// in `deletedMessages(in:)`.
    public var lastWrittenID: Int64 { nextMessageID }

    /// The ids of people's messages the bot deleted in `chat`, in order.
    public func deletedMessages(in chat: Int64) -> [Int64] { stage.deletedMessages(in: chat) }

    /// The ledger this scenario's bot writes to: a read-side connection at the deeper depths.
    public func database() throws -> Ledger { try stage.database() }

    // MARK: Time

    /// Moves the clock the bot reads. Throws `Unsupported` at `.binary`.
    public func advanceClock(by seconds: TimeInterval) throws { try stage.advanceClock(by: seconds) }

    /// Runs every job due at the clock's time (digest, monthly report, exports) and returns
    /// once what they queued is delivered. Throws `Unsupported` at `.binary`.
    public func runSchedule() async throws { try await stage.runSchedule() }

    /// Stops the bot as SIGTERM would and starts it again on the same database and fake;
    /// returns once it polls. Throws `Unsupported` at `.conversation`.
    public func restart() async throws { try await stage.restart() }

    /// `sender` sends the file `name` holding `data` in their private chat; returns once the bot
    /// has fetched it, read it and answered, with its new messages there. Only at
    /// `.conversation`, where the fetcher's part (the file's bytes stored) is played in process.
    @discardableResult
    public func sendDocument(_ name: String, data: Data, from sender: Sender) async throws -> [String] {
        nextMessageID += 1
        let message = StageMessage(chat: sender.id, sender: sender, text: "", messageID: nextMessageID, replyTo: nil)
        return try await newTexts(in: sender.id) { try await stage.sendDocument(name, data: data, message) }
    }

    /// The files the bot sent to `chat`, oldest first.
    public func documents(in chat: Int64) -> [(name: String, data: Data)] {
        messages(in: chat).compactMap { message in message.document.map { ($0, message.documentData ?? Data()) } }
    }

    private func send(_ text: String, from sender: Sender, in chat: Int64, replyingTo target: Int64?) async throws -> [String] {
        nextMessageID += 1
        let message = StageMessage(chat: chat, sender: sender, text: text, messageID: nextMessageID, replyTo: target)
        return try await newTexts(in: chat) { try await stage.send(message) }
    }

    private func newTexts(in chat: Int64, during step: () async throws -> Void) async throws -> [String] {
        let before = Set(messages(in: chat).map(\.id))
        try await step()
        return messages(in: chat).filter { !before.contains($0.id) }.map(\.text)
    }
}

/// A person's message as a stage sends it: in a private chat when `chat` > 0, else a group.
struct StageMessage {
    let chat: Int64
    let sender: Sender
    let text: String
    let messageID: Int64
    let replyTo: Int64?
}

/// One depth's way of playing a scenario's steps. Each step returns once the bot has answered
/// it in full.
protocol ScenarioStage: AnyObject {
    func send(_ message: StageMessage) async throws
    /// A document `name` with `data`, sent as `message` (its text unused).
    func sendDocument(_ name: String, data: Data, _ message: StageMessage) async throws
    func addBot(to group: Int64, by sender: Sender) async throws
    func press(data: String, under messageID: Int64, in chat: Int64, from sender: Sender) async throws
    /// `message.messageID` is the message edited.
    func edit(_ message: StageMessage) async throws
    func messages(in chat: Int64) -> [ScenarioMessage]
    func deletedMessages(in chat: Int64) -> [Int64]
    /// Every button answer's text so far, in order.
    var notices: [String] { get }
    func database() throws -> Ledger
    func advanceClock(by seconds: TimeInterval) throws
    func runSchedule() async throws
    func restart() async throws
    func stop() async
}
