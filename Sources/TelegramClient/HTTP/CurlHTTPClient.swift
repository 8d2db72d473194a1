import CCurl
import FoundationEssentials

/// HTTP over libcurl: every request of this client on one dedicated thread, which runs them
/// concurrently through curl's multi interface (`CurlMultiLoop`). Callers suspend on a
/// continuation; the cooperative pool never blocks.
///
/// `maxConnections`: how many requests run at once (one is the 50 s long poll); more wait
/// inside curl rather than open yet another connection.
public final class CurlHTTPClient: HTTPClient {
    private let loop: CurlMultiLoop?

    public init(maxConnections: Int = 8) {
        CurlGlobal.initializeOnce()
        loop = CurlMultiLoop(maxConnections: maxConnections)
        if let loop {
            startThread(name: "kopiyka-curl", stackSize: 1 << 20) { loop.run() }
        }
    }

    deinit { loop?.close() }

    /// Stops the thread after the transfers under way; later requests fail at once.
    public func shutdown() { loop?.close() }

    /// Cancelling the calling task aborts the transfer at once.
    public func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let job = TransferJob(request: request, cancellation: cancellation, continuation: continuation)
                if loop?.submit(job) != true {
                    let reason = loop == nil ? "curl_multi_init failed" : "client shut down"
                    continuation.resume(
                        throwing: HTTPClientError(kind: .invalidRequest, curlCode: 0, curlMessage: reason, url: request.url))
                }
            }
        } onCancel: {
            cancellation.cancel()
            loop?.wake()
        }
    }
}

enum CurlGlobal {
    /// `curl_global_init` is not thread-safe and must run once per process: a static let is
    /// initialized exactly once, under a lock, by the Swift runtime.
    private static let initialized: Bool = kopiyka_curl_global_init_default() == CURLE_OK

    static func initializeOnce() { _ = initialized }
}
