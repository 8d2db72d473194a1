import FoundationEssentials
import HTTP

extension BotAPI {
    /// Why 20 MB: the most the Bot API lets a bot download.
    public static let downloadLimit: Int64 = 20 * 1024 * 1024

    public func getFile(fileID: String) async throws -> TelegramFile {
        try await call("getFile", ["file_id": fileID])
    }

    /// Why 120 s: 20 MB over a slow link.
    public static let downloadTimeout = Duration.seconds(120)
    /// Why 20 s: Telegram's file servers send as soon as they are asked; 20 s without a byte
    /// is a hung transfer, better tried again than waited out for the rest of `downloadTimeout`.
    public static let downloadStall = Duration.seconds(20)

    /// Downloads a file `getFile` described, within `timeout`, ending it as timed out after
    /// `stall` without a byte. Throws `BotAPIError.fileTooLarge` for one past
    /// `downloadLimit` (said by its size, or found by the bytes that came), and the HTTP
    /// status for a link that expired. The URL holds the token: it never reaches an error.
    public func download(_ file: TelegramFile, timeout: Duration = downloadTimeout,
                         stall: Duration = downloadStall) async throws -> Data {
        guard let path = file.filePath, (file.fileSize ?? 0) <= Self.downloadLimit else { throw BotAPIError.fileTooLarge }
        let request = HTTPRequest(method: .get, url: "\(baseURL)/file/bot\(token)/\(path)", timeout: timeout,
                                  stallTimeout: stall)
        let response = try await http.perform(request)
        guard response.status == 200 else { throw BotAPIError(errorCode: response.status, description: "Download failed: HTTP \(response.status)") }
        guard response.body.count <= Self.downloadLimit else { throw BotAPIError.fileTooLarge }
        return response.body
    }
}

extension BotAPIError {
    /// As Telegram says it for a file past 20 MB (`Bad Request: file is too big`).
    public static let fileTooLarge = BotAPIError(errorCode: 400, description: "Bad Request: file is too big")

    public var isFileTooLarge: Bool { description.lowercased().contains("file is too big") }
}
