import CCurl
import FoundationEssentials
import Synchronization

/// A request the caller awaits; `cancellation` is set from the async side when its task is
/// cancelled.
struct TransferJob: Sendable {
    let request: HTTPRequest
    let cancellation: CancellationFlag
    let continuation: CheckedContinuation<HTTPResponse, any Error>
}

/// Set from the async side when the awaiting task is cancelled; read by the transfer loop,
/// which then removes the transfer.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func cancel() { flag.store(true, ordering: .relaxed) }
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

private let writeBody: kopiyka_curl_write_fn = { pointer, size, count, userData in
    guard let pointer, let userData else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
    let length = size * count
    // Returning less than was given makes curl end the transfer (CURLE_WRITE_ERROR).
    if let limit = transfer.job.request.maximumBodyBytes, length > limit - transfer.body.count {
        transfer.bodyTooLarge = true
        return 0
    }
    pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
        transfer.body.append($0, count: length)
    }
    return length
}

/// One request on an easy handle of the multi loop, from its options to its answer. Owns the
/// C resources curl reads while the transfer runs (headers, MIME parts) and the body as it
/// arrives; confined to the loop's thread.
final class CurlTransfer {
    let handle: UnsafeMutableRawPointer
    let job: TransferJob
    fileprivate var body = Data()
    /// The body ran past `request.maximumBodyBytes` and the transfer was ended.
    fileprivate var bodyTooLarge = false
    private var headers: UnsafeMutablePointer<curl_slist>?
    private var mime: OpaquePointer?

    private var request: HTTPRequest { job.request }

    init(handle: UnsafeMutableRawPointer, job: TransferJob) {
        self.handle = handle
        self.job = job
    }

    deinit {
        curl_slist_free_all(headers)
        if let mime { curl_mime_free(mime) }
    }

    /// Sets every option from the request; an error when curl refuses the URL.
    func configure() -> HTTPClientError? {
        let this = Unmanaged.passUnretained(self).toOpaque()
        setLong(CURLOPT_NOSIGNAL, 1)  // no SIGALRM for DNS timeouts: we are multi-threaded
        setLong(CURLOPT_SSL_VERIFYPEER, 1)
        setLong(CURLOPT_SSL_VERIFYHOST, 2)
        setLong(CURLOPT_TIMEOUT_MS, request.timeout.milliseconds)
        setLong(CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeout.milliseconds)
        if let stall = request.stallTimeout {
            // Under a byte a second for that long: curl ends it with CURLE_OPERATION_TIMEDOUT.
            setLong(CURLOPT_LOW_SPEED_LIMIT, 1)
            setLong(CURLOPT_LOW_SPEED_TIME, max(1, (stall.milliseconds + 999) / 1000))
        }
        _ = kopiyka_curl_setopt_write_fn(handle, CURLOPT_WRITEFUNCTION, writeBody)
        _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_WRITEDATA, this)
        // curl would send `Expect: 100-continue` before big uploads and wait for an answer
        // that plain servers never give; a 1 s stall per document is not worth it.
        headers = curl_slist_append(headers, "Expect:")
        for header in request.headers {
            headers = curl_slist_append(headers, "\(header.name): \(header.value)")
        }

        switch request.body {
        case .empty:
            if request.method == .post {
                _ = kopiyka_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, 0)
                _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
        case .json(let data):
            headers = curl_slist_append(headers, "Content-Type: application/json")
            _ = kopiyka_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(data.count))
            if data.isEmpty {
                _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_COPYPOSTFIELDS, "")
            } else {
                // Copied: `data` need not outlive this call. Never a null pointer: curl would
                // then read the body from a callback.
                data.withUnsafeBytes { _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
            }
        case .multipart(let parts):
            mime = makeMime(parts)
            _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_MIMEPOST, UnsafeRawPointer(mime))
        }
        _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_HTTPHEADER, headers)

        let urlCode = request.url.withCString { kopiyka_curl_setopt_ptr(handle, CURLOPT_URL, $0) }
        return urlCode == CURLE_OK ? nil : error(for: urlCode)
    }

    /// The answer once curl reports the transfer done with `code`.
    func result(_ code: CURLcode) -> Result<HTTPResponse, any Error> {
        guard !bodyTooLarge else {
            return .failure(HTTPClientError(kind: .tooLarge, curlCode: Int32(bitPattern: code.rawValue),
                                            curlMessage: "answer past \(request.maximumBodyBytes ?? 0) bytes", url: request.url))
        }
        guard code == CURLE_OK else { return .failure(error(for: code)) }
        var status = 0
        _ = kopiyka_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, body: body))
    }

    private func setLong(_ option: CURLoption, _ value: Int) {
        _ = kopiyka_curl_setopt_long(handle, option, value)
    }

    /// `curl_mime_data` copies the bytes, so the parts need not outlive this call.
    private func makeMime(_ parts: [MultipartPart]) -> OpaquePointer? {
        guard let mime = curl_mime_init(handle) else { return nil }
        for part in parts {
            guard let mimePart = curl_mime_addpart(mime) else { continue }
            curl_mime_name(mimePart, part.name)
            let bytes = part.data.isEmpty ? [0] : [UInt8](part.data)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    _ = curl_mime_data(mimePart, $0.baseAddress, part.data.count)
                }
            }
            if let fileName = part.fileName { curl_mime_filename(mimePart, fileName) }
            if let contentType = part.contentType { curl_mime_type(mimePart, contentType) }
        }
        return mime
    }

    func error(for code: CURLcode) -> HTTPClientError {
        let message = String(cString: curl_easy_strerror(code))
        return HTTPClientError(
            kind: HTTPClientError.Kind(code), curlCode: Int32(bitPattern: code.rawValue),
            curlMessage: message, url: request.url)
    }
}

extension HTTPClientError.Kind {
    init(_ code: CURLcode) {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            self = .timedOut
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            self = .connectionFailed
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
            self = .connectionDropped
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CACERT_BADFILE:
            self = .tls
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL, CURLE_OUT_OF_MEMORY:
            self = .invalidRequest
        default:
            self = .other
        }
    }
}

extension Duration {
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
