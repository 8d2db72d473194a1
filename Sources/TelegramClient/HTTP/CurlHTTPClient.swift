import CCurl
import FoundationEssentials

/// HTTP over libcurl: every request of this client on one dedicated thread, which runs them
/// concurrently through curl's multi interface (`CurlMultiLoop`). Callers suspend on a
/// continuation; the cooperative pool never blocks.
///
/// The thread is an executor too (`executor`): an actor that runs on it, or a task that
/// prefers it, makes a request and is resumed with the answer without a hand-off between
/// threads. Whatever runs there holds up the transfers while it runs.
///
/// `maxConnections`: how many requests run at once (one is the 50 s long poll); more wait
/// inside curl rather than open yet another connection.
public final class CurlHTTPClient: HTTPClient {
    let loop: CurlMultiLoop

    /// `threadName`: what `top -H` shows for the thread (15 bytes at most).
    public init(maxConnections: Int = 8, threadName: String = "kopiyka-curl") {
        CurlGlobal.initializeOnce()
        loop = CurlMultiLoop(maxConnections: maxConnections, threadName: threadName)
    }

    deinit { loop.close() }

    /// The client's thread, as a serial executor (for an actor's `unownedExecutor`) and as a
    /// task executor (`Task(executorPreference:)`). It keeps running Swift jobs after `shutdown()`.
    public var executor: any SerialExecutor & TaskExecutor { loop }

    /// Later requests fail at once; the thread stops after the transfers under way, until a
    /// Swift job comes for it. A client whose thread an actor runs on is better left to its
    /// deinit: after this, every job that finds the thread idle starts a new one.
    public func shutdown() { loop.close() }

    /// Cancelling the calling task aborts the transfer at once.
    public func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let job = TransferJob(request: request, cancellation: cancellation, continuation: continuation)
                if !loop.submit(job) {
                    continuation.resume(throwing: HTTPClientError(
                        kind: .invalidRequest, curlCode: 0, curlMessage: "client shut down", url: request.url))
                }
            }
        } onCancel: {
            cancellation.cancel()
            loop.wake()
        }
    }
}

enum CurlGlobal {
    /// `curl_global_init` is not thread-safe and must run once per process: a static let is
    /// initialized exactly once, under a lock, by the Swift runtime.
    private static let initialized: Bool = kopiyka_curl_global_init_default() == CURLE_OK

    static func initializeOnce() { _ = initialized }
}
