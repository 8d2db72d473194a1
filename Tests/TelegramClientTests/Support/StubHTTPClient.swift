import Foundation
import HTTP
import Synchronization

@testable import TelegramClient

/// Answers every request with the next canned response and remembers what was asked.
final class StubHTTPClient: HTTPClient {
    private let state: Mutex<(answers: [Result<HTTPResponse, any Error>], requests: [HTTPRequest])>

    init(_ answers: [Result<HTTPResponse, any Error>]) {
        state = Mutex((answers, []))
    }

    convenience init(status: Int, body: String) {
        self.init([.success(HTTPResponse(status: status, body: Data(body.utf8)))])
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer = state.withLock { state -> Result<HTTPResponse, any Error> in
            state.requests.append(request)
            return state.answers.isEmpty
                ? .success(HTTPResponse(status: 200, body: Data(#"{"ok":true,"result":true}"#.utf8)))
                : state.answers.removeFirst()
        }
        return try answer.get()
    }
}
