extension Scenario {
    /// How deep a story runs. Every depth keeps its data in a fresh SQLite file and answers in
    /// the same words; what differs is how much of the bot is real, and what a story can
    /// still reach from outside.
    public enum Depth: String, CaseIterable, Sendable, CustomStringConvertible {
        /// `ConversationHandler` in process, each step's outbox read straight from the ledger.
        /// Milliseconds a step. The clock is the test's. Nothing of Telegram is real: no HTTP,
        /// no poller, no delivery, no HTML validation; and no process to `restart()` (throws).
        case conversation
        /// `BotRunner` in process through the real libcurl client against `FakeBotAPI` on
        /// loopback: the poller, the outbox delivery and Telegram's validation are real. The
        /// ledger's clock is the test's (`advanceClock`); pauses never wait on the real clock.
        case botAPI
        /// The built `kopiyka run` as a child process against `FakeBotAPI`. Costs a process
        /// start (about a second of a debug build) per scenario. Reads the real clock: it
        /// cannot move it or run the schedule on demand (both throw `Unsupported`). Needs the
        /// binary beside the test bundle: run it from KopiykaTests, which depends on the product.
        case binary

        public var description: String { rawValue }
    }

    /// A step this depth cannot play. Thrown, never skipped: a story that needs it must not
    /// run at that depth.
    public struct Unsupported: Error, CustomStringConvertible {
        public let operation: String
        public let depth: Depth
        public let reason: String

        public var description: String { "\(operation) is not possible at the \(depth) depth: \(reason)" }
    }

    /// The bot did not finish answering a step in time, or could not start.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
