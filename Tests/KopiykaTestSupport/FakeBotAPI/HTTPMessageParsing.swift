import Foundation

/// One parsed HTTP/1.1 request. Only Content-Length bodies: curl sends one for JSON and for
/// `curl_mime` uploads alike.
struct ParsedHTTPRequest {
    var method: String
    var path: String
    var query: String
    var headers: [String: String]
    var body: Data

    var wantsClose: Bool { headers["connection"]?.lowercased() == "close" }
}

enum HTTPMessageParsing {
    private static let headEnd = Data("\r\n\r\n".utf8)

    /// Takes one complete request off the front of `buffer`, or returns nil if more bytes are
    /// needed. Throws on garbage, which closes the connection.
    static func takeRequest(from buffer: inout Data) throws -> ParsedHTTPRequest? {
        guard let end = buffer.range(of: headEnd) else { return nil }
        // The head is read as bytes: Foundation's string splitting and trimming were a sixth
        // of the fake's CPU in the throughput benchmark.
        let head = [UInt8](buffer[buffer.startIndex..<end.lowerBound])
        guard String(validating: head, as: UTF8.self) != nil else { throw ParseError() }
        var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }[...]
        guard let first = lines.popFirst() else { throw ParseError() }
        let requestLine = first.split(separator: UInt8(ascii: " "))
        guard requestLine.count == 3 else { throw ParseError() }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == 32 || $0 == 9 }
            let trimmed = value.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
            headers[String(decoding: line[..<colon], as: UTF8.self).lowercased()] = String(decoding: trimmed, as: UTF8.self)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        guard buffer.distance(from: end.upperBound, to: buffer.endIndex) >= length else { return nil }
        let bodyEnd = buffer.index(end.upperBound, offsetBy: length)
        let body = Data(buffer[end.upperBound..<bodyEnd])
        buffer.removeSubrange(..<bodyEnd)
        let target = String(decoding: requestLine[1], as: UTF8.self)
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return ParsedHTTPRequest(
            method: String(decoding: requestLine[0], as: UTF8.self), path: String(parts[0]),
            query: parts.count > 1 ? String(parts[1]) : "", headers: headers, body: body)
    }

    struct ParseError: Error {}

    static func response(status: Int, contentType: String, body: Data) -> Data {
        let reason = [200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
                      409: "Conflict", 429: "Too Many Requests", 500: "Internal Server Error"][status] ?? "Status"
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: keep-alive\r\n\r\n"
        return Data(head.utf8) + body
    }
}

/// Parameters as Telegram sees them: every value a string (JSON non-strings are kept as their
/// JSON text), files apart.
struct DecodedParameters {
    var values: [String: String] = [:]
    var files: [String: FakeUploadedFile] = [:]

    init(_ request: ParsedHTTPRequest) {
        merge(form: request.query)
        let contentType = request.headers["content-type"]?.lowercased() ?? ""
        if contentType.hasPrefix("application/json") {
            merge(json: request.body)
        } else if contentType.hasPrefix("application/x-www-form-urlencoded") {
            merge(form: String(decoding: request.body, as: UTF8.self))
        } else if contentType.hasPrefix("multipart/form-data"),
            let boundary = request.headers["content-type"]?.components(separatedBy: "boundary=").last
        {
            merge(multipart: request.body, boundary: boundary.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
    }

    private mutating func merge(form: String) {
        for pair in form.split(separator: "&") {
            let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            values[decode(keyValue[0])] = keyValue.count > 1 ? decode(keyValue[1]) : ""
        }
    }

    private mutating func merge(json: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return }
        for (key, value) in object {
            // Not `value is NSNull`: a cast to a class bridges a dictionary to an NSDictionary.
            if let string = value as? String {
                values[key] = string
            } else if case let text = FakeJSON.string(value), text != "null" {
                values[key] = text
            }
        }
    }

    private mutating func merge(multipart body: Data, boundary: String) {
        let delimiter = Data("--\(boundary)".utf8)
        var rest = body[...]
        while let start = rest.range(of: delimiter) {
            rest = rest[start.upperBound...]
            guard let next = rest.range(of: delimiter) else { break }
            var part = rest[rest.startIndex..<next.lowerBound]
            // Each part starts after the delimiter's CRLF and ends before the next one's CRLF.
            if part.starts(with: Data("\r\n".utf8)) { part = part.dropFirst(2) }
            if part.suffix(2) == Data("\r\n".utf8) { part = part.dropLast(2) }
            if let headEnd = part.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: part[part.startIndex..<headEnd.lowerBound], as: UTF8.self)
                addPart(head: head, data: Data(part[headEnd.upperBound...]))
            }
        }
    }

    private mutating func addPart(head: String, data: Data) {
        var name: String?
        var fileName: String?
        var contentType: String?
        for line in head.components(separatedBy: "\r\n") {
            let lower = line.lowercased()
            if lower.hasPrefix("content-disposition:") {
                name = Self.attribute("name", in: line)
                fileName = Self.attribute("filename", in: line)
            } else if lower.hasPrefix("content-type:") {
                contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
            }
        }
        guard let name else { return }
        if let fileName {
            files[name] = FakeUploadedFile(fileName: fileName, contentType: contentType, data: data)
        } else {
            values[name] = String(decoding: data, as: UTF8.self)
        }
    }

    private static func attribute(_ name: String, in line: String) -> String? {
        for piece in line.components(separatedBy: ";") {
            let trimmed = piece.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("\(name)=\"") {
                return String(trimmed.dropFirst(name.count + 2).dropLast())
            }
        }
        return nil
    }
}
