public struct User: Sendable, Equatable, Decodable {
    public var id: Int64
    public var isBot: Bool?
    /// Required by the schema, yet missing from some documented samples.
    public var firstName: String?
    public var lastName: String?
    public var username: String?
    public var languageCode: String?

    public init(
        id: Int64, isBot: Bool? = false, firstName: String?, lastName: String? = nil,
        username: String? = nil, languageCode: String? = nil
    ) {
        self.id = id
        self.isBot = isBot
        self.firstName = firstName
        self.lastName = lastName
        self.username = username
        self.languageCode = languageCode
    }

    private enum CodingKeys: String, CodingKey {
        case id, username
        case isBot = "is_bot"
        case firstName = "first_name"
        case lastName = "last_name"
        case languageCode = "language_code"
    }
}
