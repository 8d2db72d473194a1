/// Drives getUpdates forever, hands each update to the `UpdateHandler` in order, and follows
/// `PollerStateMachine` on failures.
///
/// An update the handler throws on is handed to it again after a growing pause, for as long
/// as it takes, and no later update is taken meanwhile: the offset never moves past an update
/// the handler has not taken. The handler decides when an update is given up (the bot's
/// `BotCore` gives one up after three attempts, and never for a full disk or a lock), so a
/// database that is full or locked for an hour loses nothing.
public struct LongPoller: Sendable {
    public struct Configuration: Sendable {
        /// Telegram clamps it to 0–50 s.
        public var pollTimeout: Int = 50
        public var limit: Int = 100
        /// Pause after an update's first failure, doubling after each further one up to
        /// `handlerRetryMaximum`. Why 30 s: a full disk or a backup's lock passes in minutes,
        /// and a family waits at most that long after it does.
        public var handlerRetryDelay: Duration = .seconds(1)
        public var handlerRetryMaximum: Duration = .seconds(30)
        public var backoff = PollerStateMachine.Backoff()

        public init() {}
    }

    public enum Exit: Sendable, Equatable {
        case cancelled
        /// Only a 401: the app prints the reason and exits non-zero.
        case fatal(reason: String)
    }

    private let api: BotAPI
    private let handler: any UpdateHandler
    private let log: TelegramLogger
    private let configuration: Configuration
    private let sleeper: Sleeper
    private let random: @Sendable () -> Double
    /// Where the tasks that hand over updates start (nil: the cooperative pool). The bot's
    /// poller passes its own thread: a task that started on the pool would wait for a free
    /// thread there before each batch.
    private let executor: (any TaskExecutor)?

    public init(
        api: BotAPI, handler: any UpdateHandler, logger: TelegramLogger = .silent,
        configuration: Configuration = Configuration(), sleeper: Sleeper = .continuous,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        executor: (any TaskExecutor)? = nil
    ) {
        self.executor = executor
        self.api = api
        self.handler = handler
        self.log = logger.redacting(token: api.token)
        self.configuration = configuration
        self.sleeper = sleeper
        self.random = random
    }

    /// Returns when the task is cancelled (after finishing the update in hand; an in-flight
    /// long poll is aborted within about a second) or on a 401.
    public func run() async -> Exit {
        var machine = PollerStateMachine(backoff: configuration.backoff, random: random)
        guard var offset = await loadOffset(&machine) else { return .cancelled }
        log.info("polling for updates from offset \(offset.map(String.init) ?? "none")")
        var action = PollerStateMachine.Action.poll
        while !Task.isCancelled {
            switch action {
            case .stop(let reason):
                log.error(reason)
                return .fatal(reason: reason)
            case .wait(let delay):
                do { try await sleeper.sleep(for: delay) } catch { return .cancelled }
                action = .poll
            case .deleteWebhook(let delay):
                do {
                    try await sleeper.sleep(for: delay)
                    try await api.deleteWebhook(dropPendingUpdates: false)
                    log.warning("a webhook was set for this bot; deleted it (pending updates kept) to poll instead")
                    action = machine.next(after: .webhookDeleted)
                } catch {
                    guard let event = event(for: error, during: "deleteWebhook") else { return .cancelled }
                    action = machine.next(after: event)
                }
            case .poll:
                let updates: [Update]
                do {
                    updates = try await api.getUpdates(
                        offset: offset, timeout: configuration.pollTimeout, limit: configuration.limit)
                } catch {
                    guard let event = event(for: error, during: "getUpdates") else { return .cancelled }
                    action = machine.next(after: event)
                    continue
                }
                action = machine.next(after: .pollSucceeded)
                let fresh = updates.sorted(by: { $0.updateID < $1.updateID })
                    .filter { offset == nil || $0.updateID >= offset! }  // already handled otherwise
                guard let last = fresh.last else { continue }
                if fresh.count > 1, let batching = handler as? any BatchUpdateHandler, await deliver(fresh, to: batching) {
                    offset = last.updateID + 1
                    if Task.isCancelled { return .cancelled }
                    continue
                }
                for update in fresh {
                    guard await deliver(update) else { return .cancelled }
                    offset = update.updateID + 1
                    if Task.isCancelled { return .cancelled }
                }
            }
        }
        return .cancelled
    }

    /// nil when cancelled. A failing store is retried with backoff: the database may be
    /// briefly locked, and without the offset every update would be handled again.
    private func loadOffset(_ machine: inout PollerStateMachine) async -> Int64?? {
        while !Task.isCancelled {
            do {
                return .some(try await handler.storedOffset())
            } catch {
                guard case .wait(let delay) = machine.next(after: .transientFailure) else { continue }
                log.error("cannot read the stored update offset (\(error)); retrying in \(delay)")
                do { try await sleeper.sleep(for: delay) } catch { return nil }
            }
        }
        return nil
    }

    /// One try at the whole batch; false sends the poller to handling them one by one.
    private func deliver(_ updates: [Update], to handler: any BatchUpdateHandler) async -> Bool {
        do {
            // Like `deliver`: a shutdown lets the batch in hand finish its transaction.
            return try await Task(executorPreference: executor) { try await handler.handle(batch: updates) }.value
        } catch {
            log.warning("a batch of \(updates.count) updates failed (\(error)); handling them one by one")
            return false
        }
    }

    /// False when cancelled before the update was taken: its offset must not move. Logs the
    /// first failure, then again after 4, 8, 16… tries, so an outage of an hour writes a few
    /// lines, not hundreds.
    private func deliver(_ update: Update) async -> Bool {
        if case .unknown(let fields) = update.kind {
            log.debug("update \(update.updateID) of an unhandled kind \(fields)")
        }
        var failures = 0
        var delay = configuration.handlerRetryDelay
        while true {
            do {
                // An unstructured task does not inherit cancellation: a shutdown lets the update
                // in hand finish its transaction instead of tearing it half-way.
                let handler = self.handler
                try await Task(executorPreference: executor) { try await handler.handle(update) }.value
                if failures >= 4 { log.warning("update \(update.updateID) taken after \(failures) failed tries") }
                return true
            } catch {
                failures += 1
                if failures == 1 {
                    log.warning("update \(update.updateID) failed (\(error)); trying again in \(delay)")
                } else if failures & (failures - 1) == 0, failures >= 4 {
                    log.error("update \(update.updateID) still fails after \(failures) tries (\(error)); "
                        + "later updates wait; trying again in \(delay)")
                }
            }
            do { try await sleeper.sleep(for: delay) } catch { return false }
            delay = min(delay * 2, configuration.handlerRetryMaximum)
        }
    }

    /// nil for cancellation. Logs each failure at the level it deserves.
    private func event(for error: any Error, during method: String) -> PollerStateMachine.Event? {
        switch BotAPIFailure(error) {
        case .cancelled:
            return nil
        case .unauthorized:
            return .unauthorized
        case .retryAfter(let seconds):
            log.warning("\(method): rate limited, retrying after \(seconds) s")
            return .rateLimited(retryAfter: seconds)
        case .conflict(webhookActive: true):
            log.warning("\(method): a webhook is active (409)")
            return .webhookActive
        case .conflict(webhookActive: false):
            log.error(
                "\(method): ANOTHER PROCESS IS POLLING WITH THIS BOT TOKEN (409 Conflict). "
                    + "Only one instance may run; stop the other one. Backing off.")
            return .otherPoller
        default:
            log.warning("\(method) failed: \(error); backing off")
            return .transientFailure
        }
    }
}
