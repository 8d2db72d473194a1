import FoundationEssentials

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

    static func decode<Result: Decodable>(_ response: HTTPResponse, as: Result.Type) throws -> Result {
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
}
