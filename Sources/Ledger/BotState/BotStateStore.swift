import KopiykaCore
import SQLite

/// What the bot itself must remember across restarts: the Telegram offset, and how many
/// times each update or job was attempted (`AttemptRule`'s counts).
///
/// A value over the ledger's connection (`ledger.botState`), not `Sendable`: used by the
/// ledger's one owner at a time, inside that owner's transactions.
public struct BotStateStore {
    let db: Connection
    let clock: WallClock
}

extension BotStateStore {
    /// The next Telegram `getUpdates` offset: the last handled update id + 1, or nil before
    /// the first update. Written in the same transaction as that update's effects.
    public func telegramOffset() throws -> Int64? {
        try db.queryFirst("SELECT value FROM bot_state WHERE key = 'telegram_offset'") { $0.int64(0) }
    }

    public func setTelegramOffset(_ offset: Int64) throws {
        try db.execute("""
            INSERT INTO bot_state (key, value) VALUES ('telegram_offset', ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, offset)
    }
}
