import CCurl
import FoundationEssentials

/// One dedicated thread's loop: take a job, run it on this thread's easy handle, resume the
/// caller. `curl_easy_reset` between jobs clears options but keeps the connection cache.
struct CurlWorker {
    let queue: TransferQueue

    func run() {
        guard let handle = curl_easy_init() else {
            while let job = queue.take() { job.fail(HTTPClientError.setup("curl_easy_init failed", job)) }
            return
        }
        defer { curl_easy_cleanup(handle) }
        while let job = queue.take() {
            if job.cancellation.isCancelled {
                job.continuation.resume(throwing: CancellationError())
                continue
            }
            let result = CurlTransfer(handle: handle, job: job).perform()
            curl_easy_reset(handle)
            job.continuation.resume(with: result)
        }
    }
}

extension TransferJob {
    func fail(_ error: any Error) { continuation.resume(throwing: error) }
}

extension HTTPClientError {
    static func setup(_ message: String, _ job: TransferJob) -> HTTPClientError {
        HTTPClientError(kind: .invalidRequest, curlCode: 0, curlMessage: message, url: job.request.url)
    }
}
