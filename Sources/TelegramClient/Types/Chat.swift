public struct Chat: Sendable, Equatable, Decodable {
    public enum Kind: Sendable, Equatable, Decodable {
        case `private`, group, supergroup, channel
        case other(String)

        public init(from decoder: any Decoder) throws {
            self.init(name: try decoder.singleValueContainer().decode(String.self))
        }
    }

    /// Needs 52 bits: supergroups are `-100…` thirteen-digit numbers.
    public var id: Int64
    public var type: Kind
    public var title: String?
    public var username: String?
    public var firstName: String?
    public var lastName: String?

    public init(id: Int64, type: Kind, title: String? = nil) {
        self.id = id
        self.type = type
        self.title = title
    }

    public var isGroup: Bool { type == .group || type == .supergroup }

    private enum CodingKeys: String, CodingKey {
        case id, type, title, username
        case firstName = "first_name"
        case lastName = "last_name"
    }
}
