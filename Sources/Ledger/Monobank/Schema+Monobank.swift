import SQLite

extension Schema {
    /// Members' Monobank connections, in tables of their own that no report, export or list
    /// reads. A link's token is sealed (`TokenSeal`), never stored as text; the link waits for
    /// a token after `/monobank` ('waiting'), is checked by client-info ('checking'), then
    /// feeds the accounts and jars its member follows ('connected'). Each account's `cursor`
    /// (Unix seconds) is where its stored facts reach; removing a link removes its accounts.
    static let monobank = Migration(version: 15, name: "monobank links and accounts", sql: """
        CREATE TABLE monobank_links (
            member_id INTEGER PRIMARY KEY REFERENCES members (id),
            chat_id INTEGER NOT NULL,
            sealed_token BLOB,
            state TEXT NOT NULL CHECK (state IN ('waiting', 'checking', 'connected')),
            message_outbox_id INTEGER,
            created_at TEXT NOT NULL
        );
        CREATE TABLE monobank_accounts (
            id INTEGER PRIMARY KEY,
            member_id INTEGER NOT NULL REFERENCES monobank_links (member_id) ON DELETE CASCADE,
            account_id TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('card', 'jar')),
            label TEXT NOT NULL,
            currency TEXT NOT NULL CHECK (length(currency) = 3),
            followed INTEGER NOT NULL DEFAULT 0,
            cursor INTEGER,
            UNIQUE (member_id, account_id)
        );
        """)
}

extension Schema {
    /// When each account was last read from the bank (Unix seconds), for `/monobank` to say.
    static let monobankLastRead = Migration(version: 52, name: "monobank accounts last read", sql: """
        ALTER TABLE monobank_accounts ADD COLUMN last_read INTEGER;
        """)
}
