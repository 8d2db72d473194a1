/// What the rest of the bot implements to receive updates. The ledger commits the offset in
/// the same SQLite transaction as the update's effects, so a crash neither loses nor doubles
/// an entry.
public protocol UpdateHandler: Sendable {
    /// The offset to resume from (last handled update_id + 1), as stored durably; nil at first start.
    func storedOffset() async throws -> Int64?
    /// Apply the update's effects AND store `update.updateID + 1` as the new offset, atomically;
    /// or give the update up and store the offset past it. Called with each update in order;
    /// must be idempotent by update_id (at-least-once delivery). Also called for `.unknown`
    /// kinds, so their offset is stored too. A throw means nothing was stored: the poller
    /// hands the same update again after a pause, and again, until it returns.
    func handle(_ update: Update) async throws
}

/// A handler that can apply a whole `getUpdates` answer atomically: one transaction instead
/// of one per update when messages arrive in bursts.
public protocol BatchUpdateHandler: UpdateHandler {
    /// All of `batch`'s effects and the last one's offset, or nothing. When it returns false
    /// (it would rather not: one of them was interrupted before) or throws, the poller hands
    /// the updates one by one, so a poison update stays alone.
    func handle(batch: [Update]) async throws -> Bool
}
