public struct CallbackQuery: Sendable, Equatable, Decodable {
    public var id: String
    public var from: User
    /// Missing for inline-mode buttons, and a bare "inaccessible message" for old ones: both
    /// decode as nil rather than failing the update.
    public var message: Message?
    public var data: String?

    public init(id: String, from: User, message: Message? = nil, data: String? = nil) {
        self.id = id
        self.from = from
        self.message = message
        self.data = data
    }

    private enum CodingKeys: String, CodingKey { case id, from, message, data }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        from = try c.decode(User.self, forKey: .from)
        message = try? c.decodeIfPresent(Message.self, forKey: .message)
        data = try c.decodeIfPresent(String.self, forKey: .data)
    }
}
