import CCurl
import FoundationEssentials

/// HTTP over libcurl. `curl_easy_perform` blocks, so it runs on a small fixed set of dedicated
/// threads, each owning one easy handle for its whole life so that connections (and TLS
/// sessions) are kept alive between requests. Callers suspend on a continuation; the
/// cooperative pool never blocks.
///
/// Why 4 threads by default: one is held by the 50 s long poll, the rest serve sends. A fifth
/// concurrent request waits in the queue rather than opening yet another connection.
public final class CurlHTTPClient: HTTPClient {
    private let queue = TransferQueue()

    public init(threads: Int = 4) {
        CurlGlobal.initializeOnce()
        for index in 0..<max(1, threads) {
            let queue = self.queue
            startThread(name: "kopiyka-curl-\(index)", stackSize: 1 << 20) { CurlWorker(queue: queue).run() }
        }
    }

    deinit { queue.close() }

    /// Stops the worker threads after the queued transfers; later requests fail at once.
    public func shutdown() { queue.close() }

    /// Cancelling the calling task aborts the transfer within about a second (curl calls its
    /// progress callback at least once per second, even while a long poll idles).
    public func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let job = TransferJob(
                    request: request, cancellation: cancellation, continuation: continuation)
                if !queue.put(job) {
                    continuation.resume(
                        throwing: HTTPClientError(
                            kind: .invalidRequest, curlCode: 0, curlMessage: "client shut down",
                            url: request.url))
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}

enum CurlGlobal {
    /// `curl_global_init` is not thread-safe and must run once per process: a static let is
    /// initialized exactly once, under a lock, by the Swift runtime.
    private static let initialized: Bool = kopiyka_curl_global_init_default() == CURLE_OK

    static func initializeOnce() { _ = initialized }
}
