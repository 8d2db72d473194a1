import FoundationEssentials

/// One HTTP exchange as the bot's outside services need it (the Bot API, Monobank, the NBU):
/// a URL, a body, and how long to wait.
public struct HTTPRequest: Sendable {
    public enum Method: String, Sendable { case get = "GET", post = "POST" }

    public var method: Method
    public var url: String
    public var headers: [(name: String, value: String)]
    public var body: HTTPBody
    /// The whole exchange, connect included. A long poll needs its poll timeout plus a margin.
    public var timeout: Duration
    public var connectTimeout: Duration
    /// How long the exchange may go without a byte either way before it ends as timed out
    /// (whole seconds, at least one); nil: only `timeout` ends it. A hung download then ends
    /// long before a total sized for 20 MB over a slow link.
    public var stallTimeout: Duration?
    /// The most the answer's body may hold; past it the transfer is ended as it arrives and
    /// fails as `.tooLarge`, having held at most this many bytes. nil: no limit.
    public var maximumBodyBytes: Int?

    public init(
        method: Method = .post, url: String, headers: [(name: String, value: String)] = [],
        body: HTTPBody = .empty, timeout: Duration = .seconds(30), connectTimeout: Duration = .seconds(10),
        stallTimeout: Duration? = nil, maximumBodyBytes: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.maximumBodyBytes = maximumBodyBytes
    }
}

public enum HTTPBody: Sendable {
    case empty
    case json(Data)
    /// Sent with `curl_mime`, which computes a Content-Length: no chunked upload.
    case multipart([MultipartPart])
}

public struct MultipartPart: Sendable, Equatable {
    public var name: String
    public var fileName: String?
    public var contentType: String?
    public var data: Data

    public init(name: String, fileName: String? = nil, contentType: String? = nil, data: Data) {
        self.name = name
        self.fileName = fileName
        self.contentType = contentType
        self.data = data
    }

    public init(name: String, value: String) {
        self.init(name: name, data: Data(value.utf8))
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// The seam between a service's client and the wire; `CurlHTTPClient` is the real one.
public protocol HTTPClient: Sendable {
    func perform(_ request: HTTPRequest) async throws -> HTTPResponse
}
