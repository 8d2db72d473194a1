import SQLite

extension Schema {
    /// The transfer a message made, for an edit of that message: as `entries_by_source_message`
    /// finds its entries, without a scan of every household's transfers.
    static let transferSources = Migration(version: 26, name: "transfers by source message", sql: """
        CREATE INDEX transfers_by_source_message ON transfers (source_chat_id, source_message_id);
        """)
}
