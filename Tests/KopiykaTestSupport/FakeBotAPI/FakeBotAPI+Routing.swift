import Foundation

/// `/bot<token>/<method>` → token check → scripted fault → the method (names are
/// case-insensitive, as on Telegram).
extension FakeBotAPI {
    func route(_ request: ParsedHTTPRequest) -> ServerReply {
        if request.path.hasPrefix("/file/") { return serveFile(request.path) }
        let segments = request.path.split(separator: "/", maxSplits: 1)
        guard segments.count == 2, segments[0].hasPrefix("bot") else { return Self.error(404, "Not Found") }
        let requestToken = String(segments[0].dropFirst(3))
        let method = String(segments[1])
        let parameters = DecodedParameters(request)
        let accepted = requestToken == token
        let fault = withState { state -> FakeFault? in
            state.requests.append(
                FakeRequest(method: method, parameters: parameters.values, files: parameters.files, tokenAccepted: accepted))
            return accepted ? state.takeFault(for: method.lowercased()) : nil
        }
        guard accepted else { return Self.error(401, "Unauthorized") }
        if let fault {
            if case .delay(let duration) = fault {
                Thread.sleep(forTimeInterval: duration.seconds)
            } else {
                return Self.reply(for: fault)
            }
        }
        return dispatch(method.lowercased(), parameters)
    }

    private func dispatch(_ method: String, _ parameters: DecodedParameters) -> ServerReply {
        let values = parameters.values
        switch method {
        case "getme":
            return Self.ok(["id": 7_000_000_001, "is_bot": true, "first_name": "Kopiyka", "username": botUsername])
        case "getupdates": return getUpdates(values)
        case "deletewebhook":
            withState { $0.webhookURL = nil }
            return Self.ok(true)
        case "getwebhookinfo":
            let info = withState { state -> [String: Any] in
                ["url": state.webhookURL ?? "", "has_custom_certificate": false, "pending_update_count": state.pending.count]
            }
            return Self.ok(info)
        case "setmycommands":
            guard let commands = values["commands"] else { return Self.error(400, "Bad Request: parameter \"commands\" is required") }
            withState { $0.commands[values["language_code"] ?? ""] = commands }
            return Self.ok(true)
        case "sendmessage": return sendMessage(values)
        case "editmessagetext": return editMessageText(values)
        case "answercallbackquery":
            guard values["callback_query_id"] != nil else { return Self.error(400, "Bad Request: query is too old and response timeout expired or query ID is invalid") }
            return Self.ok(true)
        case "senddocument": return sendFile(parameters, field: "document")
        case "sendphoto": return sendFile(parameters, field: "photo")
        case "getfile": return getFile(values)
        case "deletemessage": return deleteMessage(values)
        default: return Self.error(404, "Not Found")
        }
    }

    static func reply(for fault: FakeFault) -> ServerReply {
        switch fault {
        case .tooManyRequests(let seconds):
            return error(429, "Too Many Requests: retry after \(seconds)", parameters: ["retry_after": seconds])
        case .serverErrorHTML:
            let page = "<html>\r\n<head><title>500 Internal Server Error</title></head>\r\n<body>nginx</body>\r\n</html>\r\n"
            return .respond(status: 500, contentType: "text/html", body: Data(page.utf8))
        case .dropConnection:
            return .dropConnection
        case .webhookConflict:
            return error(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first")
        case .otherPollerConflict:
            return error(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running")
        case .unauthorized:
            return error(401, "Unauthorized")
        case .delay:
            return error(500, "Internal Server Error")
        }
    }

    static func ok(_ result: Any) -> ServerReply {
        json(200, ["ok": true, "result": result])
    }

    static func error(_ code: Int, _ description: String, parameters: [String: Any]? = nil) -> ServerReply {
        var body: [String: Any] = ["ok": false, "error_code": code, "description": description]
        if let parameters { body["parameters"] = parameters }
        return json(code, body)
    }

    static func json(_ status: Int, _ object: Any) -> ServerReply {
        .respond(status: status, contentType: "application/json", body: FakeJSON.data(object))
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
