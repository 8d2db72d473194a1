/// How the poller and sender wait. Tests scale time down so backoff paths run in milliseconds;
/// a sleep must throw `CancellationError` when its task is cancelled.
public struct Sleeper: Sendable {
    private let body: @Sendable (Duration) async throws -> Void

    public init(_ body: @escaping @Sendable (Duration) async throws -> Void) { self.body = body }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        if duration > .zero { try await body(duration) }
    }

    public static let continuous = Sleeper { try await Task.sleep(for: $0) }

    /// Sleeps `factor` × the asked duration: 0.001 turns a 60 s backoff into 60 ms.
    public static func scaled(by factor: Double) -> Sleeper {
        Sleeper { try await Task.sleep(for: $0 * factor) }
    }
}
