import Foundation

/// A scripted misbehaviour, consumed by the next request to its method.
public enum FakeFault: Sendable, Equatable {
    /// 429 with `parameters.retry_after`.
    case tooManyRequests(retryAfter: Int)
    /// 500 with a proxy-style HTML page.
    case serverErrorHTML
    /// Read the request, close the connection without answering.
    case dropConnection
    /// 409 "can't use getUpdates method while webhook is active".
    case webhookConflict
    /// 409 "terminated by other getUpdates request".
    case otherPollerConflict
    /// 401 as for a wrong token.
    case unauthorized
    /// Answer normally after this delay.
    case delay(Duration)
}

/// Every request the fake received, parameters as Telegram sees them (all strings; JSON
/// values other than strings as their JSON text).
public struct FakeRequest: Sendable {
    public let method: String
    public let parameters: [String: String]
    public let files: [String: FakeUploadedFile]
    public let tokenAccepted: Bool
}

public struct FakeUploadedFile: Sendable, Equatable {
    public let fileName: String
    public let contentType: String?
    public let data: Data
}

/// A message the bot sent (or edited, or uploaded), as stored by the fake.
public struct FakeSentMessage: Sendable, Equatable {
    public let chatID: Int64
    public let messageID: Int
    /// As sent, markup included.
    public var text: String
    public var parseMode: String?
    public var replyMarkup: String?
    public var messageThreadID: Int?
    public var replyToMessageID: Int?
    public var document: FakeUploadedFile?
    public var editCount = 0
}

extension FakeSentMessage {
    /// Its inline keyboard as sent, row by row: each button's text and `callback_data`.
    public var buttons: [[(text: String, data: String)]] {
        guard let markup = replyMarkup,
              let object = (try? JSONSerialization.jsonObject(with: Data(markup.utf8))) as? [String: Any],
              let rows = object["inline_keyboard"] as? [[[String: Any]]] else { return [] }
        return rows.map { row in row.map { ($0["text"] as? String ?? "", $0["callback_data"] as? String ?? "") } }
    }

    /// The `callback_data` of its button titled `title`.
    public func data(of title: String) -> String? {
        buttons.joined().first { $0.text == title }?.data
    }
}
