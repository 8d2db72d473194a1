import Foundation

/// Files members send: `getFile` describes one, `/file/bot<token>/<path>` serves its bytes, as
/// Telegram does (refusing one past 20 MB at `getFile`, with Telegram's words).
extension FakeBotAPI {
    /// Queues a private message carrying `data` as a document named `fileName`; returns its
    /// update id. `served: false` makes `getFile` answer `invalid file_id`, as for an expired one;
    /// `hung: true` makes its downloads hang, without a byte, until `releaseDownloads()` (or `stop()`).
    @discardableResult
    public func enqueueDocument(chatID: Int64, fileName: String, data: Data, declaredSize: Int? = nil,
                                caption: String? = nil, firstName: String = "Olena", served: Bool = true,
                                hung: Bool = false) -> Int64 {
        let fileID = "doc-\(UUID().uuidString)"
        if served { withState { $0.files[fileID] = data } }
        if hung { withState { _ = $0.hungFiles.insert(fileID) } }
        var message: [String: Any] = [
            "message_id": Int.random(in: 1...1_000_000), "date": Self.now(),
            "chat": ["id": chatID, "type": "private"],
            "from": ["id": chatID, "is_bot": false, "first_name": firstName, "language_code": "uk"],
            "document": ["file_id": fileID, "file_unique_id": fileID, "file_name": fileName, "file_size": declaredSize ?? data.count],
        ]
        if let caption { message["caption"] = caption }
        return enqueue(updateJSON: String(decoding: try! JSONSerialization.data(withJSONObject: ["message": message]), as: UTF8.self))
    }

    /// How many times the bot downloaded a file.
    public var downloadCount: Int { withState { $0.downloads } }

    /// How many downloads hung (each ends when the bot gives up on it, or at `releaseDownloads()`).
    public var hungDownloadCount: Int { withState { $0.hungDownloads } }

    /// Downloads hung so far, and later ones, are served.
    public func releaseDownloads() {
        withState { $0.hungFiles = [] }
        condition.broadcast()
    }

    func getFile(_ values: [String: String]) -> ServerReply {
        guard let fileID = values["file_id"], let data = withState({ $0.files[fileID] }) else {
            return Self.error(400, "Bad Request: invalid file_id")
        }
        guard data.count <= 20 * 1024 * 1024 else { return Self.error(400, "Bad Request: file is too big") }
        return Self.ok(["file_id": fileID, "file_unique_id": fileID, "file_size": data.count, "file_path": "documents/\(fileID)"])
    }

    /// `/file/bot<token>/documents/<file id>`.
    func serveFile(_ path: String) -> ServerReply {
        let segments = path.split(separator: "/")
        guard segments.count == 4, segments[1] == "bot\(token)", let data = withState({ $0.files[String(segments[3])] }) else {
            return .respond(status: 404, contentType: "text/plain", body: Data("Not Found".utf8))
        }
        // A hung transfer: the connection's thread waits, and the bot reads nothing, until released.
        condition.lock()
        if state.hungFiles.contains(String(segments[3])) { state.hungDownloads += 1 }
        while state.hungFiles.contains(String(segments[3])) && !state.stopped { condition.wait() }
        let stopped = state.stopped
        condition.unlock()
        if stopped { return .dropConnection }
        withState { $0.downloads += 1 }
        return .respond(status: 200, contentType: "application/octet-stream", body: data)
    }
}
