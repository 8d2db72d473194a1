/// What the bot keeps of a message it sent or edited: its id. Decoding only this, not the
/// whole `Message` Telegram echoes back, saves a few percent of the bot's CPU per reply.
public struct SentMessage: Sendable, Equatable, Decodable {
    public var messageID: Int

    public init(messageID: Int) { self.messageID = messageID }

    private enum CodingKeys: String, CodingKey { case messageID = "message_id" }
}
