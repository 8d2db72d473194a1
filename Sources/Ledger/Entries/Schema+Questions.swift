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
