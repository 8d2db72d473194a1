import Foundation
import Testing

@testable import HTTP
@testable import TelegramClient

private let token = "123456:SECRET-token_value"

@Suite struct BotAPIResponseTests {
    @Test func urlIsBaseBotTokenMethod() async throws {
        let stub = StubHTTPClient(status: 200, body: #"{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"K","username":"kopiyka_bot"}}"#)
        let api = BotAPI(token: token, baseURL: "http://127.0.0.1:9/", http: stub)
        let me = try await api.getMe()
        #expect(me.username == "kopiyka_bot")
        #expect(stub.requests.first?.url == "http://127.0.0.1:9/bot\(token)/getMe")
    }

    @Test func getUpdatesSendsAllowedUpdatesAndALongerHTTPTimeout() async throws {
        let stub = StubHTTPClient(status: 200, body: #"{"ok":true,"result":[]}"#)
        let api = BotAPI(token: token, baseURL: "http://x", http: stub)
        _ = try await api.getUpdates(offset: 42, timeout: 50)
        let request = try #require(stub.requests.first)
        #expect(request.timeout == .seconds(65))
        guard case .json(let body) = request.body else {
            Issue.record("not JSON")
            return
        }
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(object["offset"] as? Int == 42)
        #expect(object["timeout"] as? Int == 50)
        #expect(object["allowed_updates"] as? [String] == ["message", "edited_message", "callback_query", "my_chat_member"])
    }

    @Test func htmlErrorPageBecomesATransientBotAPIError() async throws {
        let stub = StubHTTPClient(status: 502, body: "<html><body>Bad Gateway</body></html>")
        let api = BotAPI(token: token, baseURL: "http://x", http: stub)
        await #expect(throws: BotAPIError.self) { try await api.getMe() }
        do {
            _ = try await api.getMe()
        } catch {
            #expect(BotAPIFailure(error) == .transient)
        }
    }

    @Test func failureFieldsAreDecoded() async throws {
        let stub = StubHTTPClient(status: 429, body: #"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 7","parameters":{"retry_after":7}}"#)
        let api = BotAPI(token: token, baseURL: "http://x", http: stub)
        do {
            _ = try await api.sendMessage(chatID: 1, text: "hi")
            Issue.record("no error")
        } catch let error as BotAPIError {
            #expect(error.errorCode == 429)
            #expect(error.retryAfter == 7)
            #expect(BotAPIFailure(error) == .retryAfter(seconds: 7))
        }
    }

    @Test(arguments: [
        (400, "Bad Request: group chat was upgraded to a supergroup chat", Int64(-100777), BotAPIFailure.chatMigrated(to: -100777)),
        (400, "Bad Request: message is not modified: specified new message content", nil, .notModified),
        (400, "Bad Request: query is too old and response timeout expired or query ID is invalid", nil, .queryTooOld),
        (403, "Forbidden: bot was blocked by the user", nil, .blocked),
        (403, "Forbidden: bot was kicked from the group chat", nil, .blocked),
        (403, "Forbidden: user is deactivated", nil, .blocked),
        (401, "Unauthorized", nil, .unauthorized),
        (409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first", nil, .conflict(webhookActive: true)),
        (409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running", nil, .conflict(webhookActive: false)),
        (500, "Internal Server Error", nil, .transient),
        (400, "Bad Request: chat not found", nil, .badRequest("Bad Request: chat not found")),
    ] as [(Int, String, Int64?, BotAPIFailure)])
    func classification(code: Int, description: String, migrateTo: Int64?, expected: BotAPIFailure) {
        let error = BotAPIError(
            errorCode: code, description: description, parameters: ResponseParameters(migrateToChatID: migrateTo))
        #expect(BotAPIFailure(error) == expected)
    }

    @Test func networkErrorsAreTransientAndCancellationIsNot() {
        let timeout = HTTPClientError(kind: .timedOut, curlCode: 28, curlMessage: "Timeout", url: "http://x/bot\(token)/getUpdates")
        #expect(BotAPIFailure(timeout) == .transient)
        #expect(BotAPIFailure(CancellationError()) == .cancelled)
        #expect(!timeout.description.contains(token))
        #expect(timeout.description.contains("/bot***/getUpdates"))
    }

    @Test func redaction() {
        #expect(TokenRedaction.redact("GET https://api.telegram.org/bot\(token)/getMe") == "GET https://api.telegram.org/bot***/getMe")
        #expect(TokenRedaction.redact("token \(token) here", token: token) == "token *** here")
        #expect(TokenRedaction.redact("/botany is fine") == "/botany is fine")
    }
}
