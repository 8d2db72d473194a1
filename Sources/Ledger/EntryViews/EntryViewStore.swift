import KopiykaCore
import SQLite

/// A message that shows entries with their buttons, re-rendered whenever one of them changes.
public struct EntryView: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// The answer to the message that made the entries.
        case confirmation
        /// `/history`, `/today`, `/week`: numbered lines.
        case list
    }

    public let outboxID: Int64
    public let chatID: Int64
    public let kind: Kind
    /// A line above the entries (`🕘 Останні 5 записів:`), kept as it was first shown.
    public let header: String?
    public let entryIDs: [Int64]
}

/// The messages that show entries with their buttons, and which entries each shows in which
/// order (`ledger.entryViews`): a reply to one, an edit of the message that made its entries,
/// or a change through any of its buttons re-renders it.
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time, inside that owner's transactions. Every read is a seek by key or index; a view's
/// rows are the few entries one message shows.
public struct EntryViewStore {
    let db: Connection
}

extension EntryViewStore {
    /// Remembers that an outbox row shows these entries, in this order, under `header`.
    public func record(_ kind: EntryView.Kind, outboxID: Int64, entryIDs: [Int64], header: String? = nil) throws {
        try db.execute("INSERT OR IGNORE INTO entry_views (outbox_id, kind, header) VALUES (?, ?, ?)",
                       outboxID, kind.rawValue, header)
        try addEntries(entryIDs, toView: outboxID, from: 0)
    }

    /// Adds entries to a view (an edited message that now holds more entries).
    public func extend(_ view: EntryView, with entryIDs: [Int64]) throws {
        try addEntries(entryIDs, toView: view.outboxID, from: view.entryIDs.count)
    }

    private func addEntries(_ entryIDs: [Int64], toView outboxID: Int64, from start: Int) throws {
        for (offset, id) in entryIDs.enumerated() {
            try db.execute("INSERT OR IGNORE INTO entry_view_entries (outbox_id, entry_id, position) VALUES (?, ?, ?)",
                           outboxID, id, start + offset)
        }
    }

    /// Every message that shows one of these entries, oldest first.
    public func showing(_ entryIDs: [Int64]) throws -> [EntryView] {
        var outboxIDs: Set<Int64> = []
        for id in entryIDs {
            try db.query("SELECT outbox_id FROM entry_view_entries WHERE entry_id = ?", id) { outboxIDs.insert($0.int64(0)) }
        }
        return try outboxIDs.sorted().compactMap(view(outboxID:))
    }

    public func view(outboxID: Int64) throws -> EntryView? {
        guard let (kind, header, chatID) = try db.queryFirst("""
            SELECT v.kind, v.header, o.chat_id FROM entry_views v JOIN outbox o ON o.id = v.outbox_id WHERE v.outbox_id = ?
            """, outboxID, transform: { (EntryView.Kind(rawValue: $0.string(0)) ?? .confirmation, $0.optionalString(1), $0.int64(2)) })
        else { return nil }
        var ids: [Int64] = []
        try db.query("SELECT entry_id FROM entry_view_entries WHERE outbox_id = ? ORDER BY position", outboxID) {
            ids.append($0.int64(0))
        }
        return EntryView(outboxID: outboxID, chatID: chatID, kind: kind, header: header, entryIDs: ids)
    }

    /// The view a sent Telegram message is, for a reply to it; nil for another chat's message
    /// of the same id. (Its edits carry the same Telegram message id in later outbox rows: the
    /// view is the row that first sent it.)
    public func view(chatID: Int64, messageID: Int64) throws -> EntryView? {
        guard let outboxID = try db.queryFirst("""
            SELECT o.id FROM outbox o JOIN entry_views v ON v.outbox_id = o.id
            WHERE o.chat_id = ? AND o.sent_message_id = ? ORDER BY o.id DESC LIMIT 1
            """, chatID, messageID, transform: { $0.int64(0) })
        else { return nil }
        return try view(outboxID: outboxID)
    }
}

extension Ledger {
    /// The messages that show entries, re-rendered when one of their entries changes.
    public var entryViews: EntryViewStore { EntryViewStore(db: db) }
}
