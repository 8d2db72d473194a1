import SQLite

extension Schema {
    /// A message the bot asked about instead of guessing (two plausible amounts): kept until
    /// its writer presses a reading, so the button can record the entry from the original text.
    static let questions = Migration(version: 11, name: "amount questions", sql: """
        CREATE TABLE amount_questions (
            id INTEGER PRIMARY KEY,
            member_id INTEGER NOT NULL REFERENCES members (id),
            text TEXT NOT NULL,
            source_update_id INTEGER,
            source_chat_id INTEGER,
            source_message_id INTEGER,
            created_at TEXT NOT NULL
        );
        """)
}

extension Schema {
    /// When a message whose amount was asked about was written: its entries are made when a
    /// reading is pressed, maybe days later, and an edit of that message re-reads it as of the
    /// day it was written (`вчора` stays that day's yesterday), not the press's.
    static let writtenMessages = Migration(version: 51, name: "when asked messages were written", sql: """
        CREATE TABLE written_messages (
            chat_id INTEGER NOT NULL,
            message_id INTEGER NOT NULL,
            written_at TEXT NOT NULL,
            PRIMARY KEY (chat_id, message_id)
        ) WITHOUT ROWID;
        """)
}
