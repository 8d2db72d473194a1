/// A file a message carries (`document`): what the bot needs to fetch it with `getFile`.
public struct Document: Sendable, Equatable, Decodable {
    public var fileID: String
    public var fileName: String?
    public var mimeType: String?
    /// In bytes, when Telegram says.
    public var fileSize: Int64?

    public init(fileID: String, fileName: String? = nil, mimeType: String? = nil, fileSize: Int64? = nil) {
        self.fileID = fileID
        self.fileName = fileName
        self.mimeType = mimeType
        self.fileSize = fileSize
    }

    private enum CodingKeys: String, CodingKey {
        case fileID = "file_id", fileName = "file_name", mimeType = "mime_type", fileSize = "file_size"
    }
}

/// `getFile`'s answer: where the file can be downloaded from for the next hour.
public struct TelegramFile: Sendable, Equatable, Decodable {
    public var fileID: String
    public var fileSize: Int64?
    /// Relative to `<base>/file/bot<token>/`; nil when Telegram will not serve it (too large).
    public var filePath: String?

    private enum CodingKeys: String, CodingKey {
        case fileID = "file_id", fileSize = "file_size", filePath = "file_path"
    }
}
