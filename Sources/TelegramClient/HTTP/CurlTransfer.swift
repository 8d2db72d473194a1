import CCurl
import FoundationEssentials

/// State the C callbacks reach through their `void *` argument.
private final class TransferContext {
    var body = Data()
    let cancellation: CancellationFlag

    init(cancellation: CancellationFlag) { self.cancellation = cancellation }
}

private let writeBody: kopiyka_curl_write_fn = { pointer, size, count, userData in
    guard let pointer, let userData else { return 0 }
    let context = Unmanaged<TransferContext>.fromOpaque(userData).takeUnretainedValue()
    let length = size * count
    pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
        context.body.append($0, count: length)
    }
    return length
}

/// Returning non-zero makes curl abort with CURLE_ABORTED_BY_CALLBACK.
private let checkCancellation: curl_xferinfo_callback = { userData, _, _, _, _ in
    guard let userData else { return 0 }
    let context = Unmanaged<TransferContext>.fromOpaque(userData).takeUnretainedValue()
    return context.cancellation.isCancelled ? 1 : 0
}

/// One blocking `curl_easy_perform` with every option set from an `HTTPRequest`.
struct CurlTransfer {
    let handle: UnsafeMutableRawPointer
    let job: TransferJob

    private var request: HTTPRequest { job.request }

    func perform() -> Result<HTTPResponse, any Error> {
        let context = TransferContext(cancellation: job.cancellation)
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        var headers: UnsafeMutablePointer<curl_slist>? = nil
        var mime: OpaquePointer? = nil
        defer {
            curl_slist_free_all(headers)
            if let mime { curl_mime_free(mime) }
        }

        setLong(CURLOPT_NOSIGNAL, 1)  // no SIGALRM for DNS timeouts: we are multi-threaded
        setLong(CURLOPT_SSL_VERIFYPEER, 1)
        setLong(CURLOPT_SSL_VERIFYHOST, 2)
        setLong(CURLOPT_TIMEOUT_MS, request.timeout.milliseconds)
        setLong(CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeout.milliseconds)
        setLong(CURLOPT_NOPROGRESS, 0)
        _ = kopiyka_curl_setopt_xferinfo_fn(handle, checkCancellation)
        _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_XFERINFODATA, contextPointer)
        _ = kopiyka_curl_setopt_write_fn(handle, CURLOPT_WRITEFUNCTION, writeBody)
        _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_WRITEDATA, contextPointer)
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
            // Never a null pointer: curl would then read the body from a callback.
            let bytes = data.isEmpty ? [0] : [UInt8](data)
            bytes.withUnsafeBytes {
                _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress)
            }
        case .multipart(let parts):
            mime = makeMime(parts)
            _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_MIMEPOST, UnsafeRawPointer(mime))
        }
        _ = kopiyka_curl_setopt_ptr(handle, CURLOPT_HTTPHEADER, headers)

        let urlCode = request.url.withCString { kopiyka_curl_setopt_ptr(handle, CURLOPT_URL, $0) }
        guard urlCode == CURLE_OK else { return .failure(error(for: urlCode)) }

        let code = withExtendedLifetime(context) { curl_easy_perform(handle) }
        guard code == CURLE_OK else {
            if code == CURLE_ABORTED_BY_CALLBACK { return .failure(CancellationError()) }
            return .failure(error(for: code))
        }
        var status = 0
        _ = kopiyka_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, body: context.body))
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

    private func error(for code: CURLcode) -> HTTPClientError {
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
