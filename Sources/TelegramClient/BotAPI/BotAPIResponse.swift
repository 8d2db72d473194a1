import FoundationEssentials
import HTTP
import JSON

/// Turns an HTTP answer into a result or a `BotAPIError`. The status is looked at before the
/// body: behind a proxy a 502 carries an HTML page, not JSON.
enum BotAPIResponse {
    private struct Envelope<Result: Decodable>: Decodable {
        let ok: Bool
        let result: Result?
    }

    private struct Failure: Decodable {
        let ok: Bool
        let errorCode: Int?
        let description: String?
        let parameters: ResponseParameters?

        enum CodingKeys: String, CodingKey {
            case ok, description, parameters
            case errorCode = "error_code"
        }
    }

    /// `scan`, when given, reads the result by hand (`JSONReader`); when it cannot, or the
    /// answer is not `ok`, `JSONDecoder` reads the body as before.
    static func decode<Result: Decodable>(
        _ response: HTTPResponse, as: Result.Type, scan: ((inout JSONReader) -> Result?)? = nil
    ) throws -> Result {
        if response.status == 200, let scan, let result = scanned(response.body, scan) {
            return result
        }
        if response.status == 200,
            let envelope = try? JSONDecoder().decode(Envelope<Result>.self, from: response.body),
            envelope.ok, let result = envelope.result
        {
            return result
        }
        if let failure = try? JSONDecoder().decode(Failure.self, from: response.body), !failure.ok {
            throw BotAPIError(
                errorCode: failure.errorCode ?? response.status,
                description: failure.description ?? "no description",
                parameters: failure.parameters ?? ResponseParameters())
        }
        let what = response.status == 200 ? "an undecodable answer" : "a non-JSON body"
        throw BotAPIError(
            errorCode: response.status,
            description: "HTTP \(response.status) with \(what) (\(response.body.count) bytes)",
            parameters: ResponseParameters())
    }

    /// `{"ok":true,"result":…}`, other keys skipped; nil for anything else.
    static func scanned<Result>(_ body: Data, _ scan: (inout JSONReader) -> Result?) -> Result? {
        JSONReader.read(body) { reader in
            var ok = false
            var result: Result?
            let read = reader.object { reader, key in
                switch key {
                case "ok": ok = reader.bool() ?? false; return ok
                case "result": result = scan(&reader); return result != nil
                default: return reader.skipValue()
                }
            }
            return read && ok ? result : nil
        }
    }
}
