import Conversation
import Foundation
import Ledger

/// `Scenario.Depth.conversation`: a `TestConversation`, its outbox delivered after every step
/// into per-chat transcripts (an edit replaces the message it targets, as on Telegram).
final class ConversationStage: ScenarioStage {
    let chat: TestConversation
    private var transcripts: [Int64: [ScenarioMessage]] = [:]
    private var deleted: [Int64: [Int64]] = [:]
    private var nextUpdateID: Int64 = 1
    private(set) var notices: [String] = []

    init() throws {
        chat = try TestConversation(botUsername: FakeBotAPI.defaultBotUsername)
    }

    func send(_ message: StageMessage) async throws {
        try apply(.message(incoming(message)))
    }

    /// The update with the file, then what the bot's fetcher does (`BotRunner.runStatementFetching`):
    /// its bytes stored for the job that reads them; then the schedule's jobs.
    func sendDocument(_ name: String, data: Data, _ message: StageMessage) async throws {
        let fileID = "doc-\(nextUpdateID)"
        var document = NonTextMessage(chat: ChatRef(id: message.chat, kind: .privateChat), sender: message.sender,
                                      kind: .document(caption: nil), updateID: nextUpdateID, messageID: message.messageID)
        nextUpdateID += 1
        document.file = ReceivedFile(fileID: fileID, name: name, size: Int64(data.count))
        try apply(.nonText(document))
        for file in try chat.ledger.statements.oldestImportOfEachHousehold(in: .fetching) where file.fileID == fileID {
            try chat.ledger.transaction { _ = try chat.ledger.statements.storeFetched(file.id, data: Array(data)) }
        }
        record(try chat.tick())
    }

    func edit(_ message: StageMessage) async throws {
        try apply(.edited(incoming(message)))
    }

    private func incoming(_ message: StageMessage) -> IncomingMessage {
        defer { nextUpdateID += 1 }
        return IncomingMessage(
            chat: ChatRef(id: message.chat, kind: message.chat > 0 ? .privateChat : .group), sender: message.sender,
            text: message.text, updateID: nextUpdateID, messageID: message.messageID, replyToMessageID: message.replyTo,
            isReplyToBot: message.replyTo != nil)
    }

    /// Handles `event`, notes the messages it deletes (the console's delivery skips them),
    /// and delivers the rest.
    private func apply(_ event: ConversationEvent) throws {
        try chat.handler.handle(event)
        for item in try chat.ledger.outbox.pending(limit: 10_000) {
            if case .delete(let messageID) = item.content { deleted[item.chatID, default: []].append(messageID) }
        }
        record(try ConsoleDelivery(ledger: chat.ledger).deliver())
    }

    func deletedMessages(in chat: Int64) -> [Int64] { deleted[chat] ?? [] }

    func addBot(to group: Int64, by sender: Sender) async throws {
        record(try chat.handle(.addedToGroup(ChatRef(id: group, kind: .group), by: sender)))
    }

    func press(data: String, under messageID: Int64, in chatID: Int64, from sender: Sender) async throws {
        let place = ChatRef(id: chatID, kind: chatID > 0 ? .privateChat : .group)
        record(try chat.handle(.callback(CallbackPress(
            queryID: "q\(notices.count)-\(messageID)", data: data, sender: sender, chat: place, messageID: messageID))))
    }

    func messages(in chatID: Int64) -> [ScenarioMessage] { transcripts[chatID] ?? [] }

    func database() throws -> Ledger { chat.ledger }

    func advanceClock(by seconds: TimeInterval) throws { chat.clock.advance(by: seconds) }

    func runSchedule() async throws { record(try chat.tick()) }

    func restart() async throws {
        throw Scenario.Unsupported(operation: "restarting the bot", depth: .conversation,
                                   reason: "the handler keeps nothing outside the ledger: there is nothing to restart")
    }

    func stop() async {}

    private func record(_ lines: [ConsoleDelivery.Line]) {
        for line in lines {
            let message = ScenarioMessage(id: line.messageID, text: line.text, buttons: line.buttons, document: line.document?.name,
                                          documentData: line.document?.data)
            switch line.kind {
            case .message, .document, .photo: transcripts[line.chatID, default: []].append(message)
            case .edit:
                if let index = transcripts[line.chatID]?.firstIndex(where: { $0.id == line.messageID }) {
                    transcripts[line.chatID]?[index] = message
                }
            case .notice: notices.append(line.text)
            }
        }
    }
}
