import Conversation
import Foundation
import Ledger
import TelegramBot

/// `Scenario.Depth.botAPI` and `.binary`: a bot polling a `FakeBotAPI` over loopback, in
/// process or as the built binary. A step is answered in full when the bot has asked for the
/// updates after it (it has committed the update with its outbox rows) and the outbox holds
/// nothing left to deliver: both read from the fake and from the database file, polled every
/// 20 ms, never a fixed pause.
final class TelegramStage: ScenarioStage {
    private enum Bot {
        case inProcess(RunningBot)
        case process(RunningKopiyka)
    }

    let depth: Scenario.Depth
    let fake = FakeBotAPI()
    let clock = TestClock()
    private let folder = TemporaryDirectory("scenario")
    private var bot: Bot?
    private var reader: Ledger?
    private var databasePath: String { folder.path("kopiyka.sqlite") }

    init(depth: Scenario.Depth) async throws {
        self.depth = depth
        try fake.start()
        if depth == .binary && !FileManager.default.isExecutableFile(atPath: KopiykaProcess.binary.path) {
            fake.stop()
            throw Scenario.Failure(description: """
                no kopiyka binary at \(KopiykaProcess.binary.path): run the binary depth from KopiykaTests, \
                which depends on the product
                """)
        }
        try await start()
    }

    /// Starts the bot on the scenario's database and returns once it polls: the schema is in
    /// place and a SIGTERM is handled.
    private func start() async throws {
        let polls = fake.requests(method: "getUpdates").count
        if depth == .binary {
            bot = .process(try KopiykaProcess(environment: [
                "BOT_TOKEN": fake.token, "TELEGRAM_API_URL": fake.baseURL, "DATABASE_PATH": databasePath,
                "OUTBOX_PACING_DISABLED": "1", "LOG_LEVEL": "warning",
            ], workingDirectory: folder.url).start(["run"]))
        } else {
            bot = .inProcess(try RunningBot(fake: fake, databasePath: databasePath, clock: clock.wallClock))
        }
        try await settle("start-up") { fake.requests(method: "getUpdates").count > polls }
    }

    func restart() async throws {
        await stopBot()
        try await start()
    }

    func send(_ message: StageMessage) async throws {
        let update = fake.enqueueMessage(
            chatID: message.chat, text: message.text, fromID: message.sender.id, firstName: message.sender.firstName,
            messageID: Int(message.messageID), languageCode: message.sender.languageCode ?? "uk",
            replyingToBot: message.replyTo.map { Int($0) })
        try await settle(after: update, "«\(message.text.prefix(40))» from \(message.sender.firstName)")
    }

    /// The fake serves the file; the bot's fetcher downloads it on its own time, and the job
    /// that reads it runs on the scheduler's turn (run here at `.botAPI`, as `runSchedule`).
    func sendDocument(_ name: String, data: Data, _ message: StageMessage) async throws {
        let update = fake.enqueueDocument(chatID: message.chat, fileName: name, data: data, firstName: message.sender.firstName)
        try await settle(after: update, "the file \(name)")
        try await settle("fetching \(name)") { try database().statements.oldestImportOfEachHousehold(in: .fetching).isEmpty }
        if case .inProcess = bot { try await runSchedule() }
        try await settle("reading \(name)") {
            let db = try database()
            return try db.statements.imports(in: .fetched).isEmpty && db.archives.nextFetchedArchive() == nil
                && db.outbox.pending(limit: 1).isEmpty
        }
    }

    func edit(_ message: StageMessage) async throws {
        let update = fake.enqueueEdit(
            chatID: message.chat, messageID: Int(message.messageID), text: message.text, fromID: message.sender.id,
            firstName: message.sender.firstName, languageCode: message.sender.languageCode ?? "uk")
        try await settle(after: update, "the edit «\(message.text.prefix(40))» from \(message.sender.firstName)")
    }

    func deletedMessages(in chat: Int64) -> [Int64] {
        fake.deletedMessages.filter { $0.chatID == chat }.map { Int64($0.messageID) }
    }

    func addBot(to group: Int64, by sender: Sender) async throws {
        let update = fake.enqueueBotMembership(
            chatID: group, status: "member", byID: sender.id, firstName: sender.firstName,
            languageCode: sender.languageCode ?? "uk")
        try await settle(after: update, "adding the bot to \(group)")
    }

    func press(data: String, under messageID: Int64, in chat: Int64, from sender: Sender) async throws {
        let update = fake.enqueueCallbackQuery(
            chatID: chat, messageID: Int(messageID), data: data, fromID: sender.id, firstName: sender.firstName,
            languageCode: sender.languageCode)
        try await settle(after: update, "pressing \(data)")
    }

    func messages(in chat: Int64) -> [ScenarioMessage] {
        fake.sentMessages(chatID: chat).map { sent in
            ScenarioMessage(id: Int64(sent.messageID), text: sent.parseMode?.lowercased() == "html" ? sent.text.plainTextFromHTML : sent.text,
                            buttons: Self.buttons(sent.replyMarkup), document: sent.document?.fileName,
                            documentData: sent.document?.data)
        }
    }

    var notices: [String] { fake.requests(method: "answerCallbackQuery").compactMap { $0.parameters["text"] } }

    func database() throws -> Ledger {
        if let reader { return reader }
        let opened = try Ledger(path: databasePath)
        reader = opened
        return opened
    }

    func advanceClock(by seconds: TimeInterval) throws {
        guard depth == .botAPI else { throw unsupported("moving the clock") }
        clock.advance(by: seconds)
    }

    func runSchedule() async throws {
        guard case .inProcess(let running) = bot else { throw unsupported("running the schedule") }
        for source in ConversationHandler.jobSources { _ = try await running.core.runJobs(source) }
        try await settle(after: nil, "the schedule")
    }

    func stop() async {
        await stopBot()
        fake.stop()
    }

    /// As SIGTERM stops it: the update in hand is finished, nothing is lost.
    private func stopBot() async {
        switch bot {
        case .inProcess(let running): await running.stop()
        case .process(let running):
            running.signal(SIGTERM)
            if await running.termination(within: .seconds(10)) == nil {
                running.signal(SIGKILL)
                _ = await running.termination(within: .seconds(5))
            }
        case nil: break
        }
        bot = nil
    }

    private func unsupported(_ operation: String) -> Scenario.Unsupported {
        Scenario.Unsupported(operation: operation, depth: depth, reason: "the binary reads the real clock and runs its own schedule")
    }

    /// Waits until the bot took `update` (if any) and delivered everything it queued.
    private func settle(after update: Int64?, _ step: String) async throws {
        try await settle(step) {
            if let update, fake.confirmedOffset <= update { return false }
            return try database().outbox.pending(limit: 1).isEmpty
        }
    }

    private func settle(_ step: String, until condition: () throws -> Bool) async throws {
        if try await eventually(condition) { return }
        var detail = ""
        switch bot {
        case .process(let running): detail = running.isRunning ? running.stderr : "it ended (\(running.termination.map(String.init(describing:)) ?? "?")): \(running.stderr)"
        case .inProcess(let running): detail = running.logs.suffix(5).joined(separator: "\n")
        case nil: break
        }
        throw Scenario.Failure(description: "the bot did not finish \(step) within 30 s at the \(depth) depth. \(detail)")
    }

    /// `inline_keyboard` of a reply markup as Telegram got it.
    private static func buttons(_ markup: String?) -> [[OutboxButton]] {
        guard let markup, let object = try? JSONSerialization.jsonObject(with: Data(markup.utf8)) as? [String: Any],
              let rows = object["inline_keyboard"] as? [[[String: Any]]] else { return [] }
        return rows.map { row in
            row.compactMap { button in
                (button["text"] as? String).flatMap { title in (button["callback_data"] as? String).map { OutboxButton(title: title, data: $0) } }
            }
        }
    }
}
