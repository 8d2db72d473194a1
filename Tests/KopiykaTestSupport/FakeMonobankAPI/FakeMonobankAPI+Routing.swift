import Foundation
import Synchronization

extension FakeMonobankAPI {
    static let statementLimit = 500
    static let maxWindow: Int64 = 2_682_000

    static func route(_ request: ParsedHTTPRequest, shared: Shared, now: Date) -> ServerReply {
        let token = request.headers["x-token"]
        return shared.state.withLock { state -> ServerReply in
            let reply = answer(request, token: token, state: &state, now: now)
            let status = if case .respond(let status, _, _) = reply { status } else { 0 }
            state.requests.append(Request(path: request.path, token: token, status: status))
            return reply
        }
    }

    private static func answer(_ request: ParsedHTTPRequest, token: String?, state: inout State, now: Date) -> ServerReply {
        if state.edgeBlocked {
            let page = "<html><head><title>403 Forbidden</title></head><body><center>403 Forbidden</center></body></html>"
            return .respond(status: 403, contentType: "text/html", body: Data(page.utf8))
        }
        guard request.method == "GET" else { return error(405, "Method not allowed") }
        guard let token, let client = state.clients[token], !client.revoked else { return error(403, "Unknown 'X-Token'") }
        if let last = state.lastCall[token], now.timeIntervalSince(last) < 60 { return error(429, "Too many requests") }
        state.lastCall[token] = now
        if let unreadable = state.unreadable {
            return .respond(status: 200, contentType: unreadable.body.contentType, body: unreadable.body.data)
        }
        let segments = request.path.split(separator: "/").map(String.init)
        switch segments.first == "personal" ? Array(segments.dropFirst()) : [] {
        case ["client-info"]:
            return json(200, clientInfo(client))
        case let parts where parts.count == 4 && parts[0] == "statement":
            guard let from = Int64(parts[2]), let to = Int64(parts[3]), from <= to, to - from <= maxWindow else {
                return error(400, "Period must be no more than 31 days")
            }
            let account = parts[1] == "0" ? client.accounts.first?.id ?? "" : parts[1]
            let items = (client.statements[account] ?? []).filter { $0.inEveryWindow || (from <= $0.time && $0.time <= to) }
                .sorted { ($0.time, $0.id) > ($1.time, $1.id) }.prefix(statementLimit)
            return json(200, items.map { item($0, currencyCode: currency(of: account, in: client)) })
        default:
            return error(404, "Not found")
        }
    }

    private static func clientInfo(_ client: Client) -> [String: Any] {
        [
            "clientId": "3MSaMMtczs", "name": client.name, "webHookUrl": "", "permissions": "psfj",
            "accounts": client.accounts.map { account -> [String: Any] in
                ["id": account.id, "sendId": "", "currencyCode": account.currencyCode, "cashbackType": "UAH", "balance": 1_000_000,
                 "creditLimit": 0, "maskedPan": [account.maskedPan], "type": "black", "iban": "UA213223130000026007233566001"]
            },
            "jars": client.jars.map { jar -> [String: Any] in
                ["id": jar.id, "sendId": "jar", "title": jar.title, "description": "", "currencyCode": jar.currencyCode,
                 "balance": 500_000, "goal": 10_000_000]
            },
        ]
    }

    private static func currency(of account: String, in client: Client) -> Int {
        client.accounts.first { $0.id == account }?.currencyCode ?? client.jars.first { $0.id == account }?.currencyCode ?? 980
    }

    private static func item(_ item: Item, currencyCode: Int) -> [String: Any] {
        ["id": item.id, "time": item.time, "description": item.description, "mcc": item.mcc, "originalMcc": item.mcc,
         "hold": item.hold, "amount": item.amount, "operationAmount": item.amount, "currencyCode": currencyCode,
         "commissionRate": 0, "cashbackAmount": 0, "balance": 1_000_000]
    }

    private static func error(_ status: Int, _ description: String) -> ServerReply {
        json(status, ["errorDescription": description])
    }

    private static func json(_ status: Int, _ object: Any) -> ServerReply {
        .respond(status: status, contentType: "application/json", body: FakeJSON.data(object))
    }
}
