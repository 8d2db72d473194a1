import CCurl
import FoundationEssentials

/// HTTP over libcurl: every request of this client on one dedicated thread, which runs them
/// concurrently through curl's multi interface (`CurlMultiLoop`). Callers suspend on a
/// continuation; the cooperative pool never blocks.
///
/// The thread is an executor too: an actor that runs on it (`serialExecutor`), or a task that
/// prefers it (`executor`), makes a request and is resumed with the answer without a hand-off
/// between threads. Whatever runs there holds up the transfers while it runs.
///
/// `maxConnections`: how many requests run at once (one is the 50 s long poll); more wait
/// inside curl rather than open yet another connection.
public final class CurlHTTPClient: HTTPClient {
    let loop: CurlMultiLoop
    private let loopAsTaskExecutor: LoopTaskExecutor

    /// `threadName`: what `top -H` shows for the thread (15 bytes at most).
    public init(maxConnections: Int = 8, threadName: String = "kopiyka-curl") {
        CurlGlobal.initializeOnce()
        loop = CurlMultiLoop(maxConnections: maxConnections, threadName: threadName)
        loopAsTaskExecutor = LoopTaskExecutor(loop)
    }

    deinit { loop.close() }

    /// The client's thread as the serial executor of an actor (its `unownedExecutor`). It keeps
    /// running Swift jobs after `shutdown()`.
    public var serialExecutor: any SerialExecutor { loop }

    /// The client's thread as the executor a task prefers (`Task(executorPreference:)`). An
    /// actor's job is given to `serialExecutor` instead: a task's job run isolated would
    /// leave that isolation, a job each time, at every nonisolated async call.
    public var executor: any TaskExecutor { loopAsTaskExecutor }

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
