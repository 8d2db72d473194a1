import SQLite

/// The ledger's schema history. A shipped migration is never edited; a change is a new one.
///
/// Money is `amount_minor INTEGER` plus a `currency` code: there is no REAL column anywhere.
/// Categories and accounts are stable English keys; their names live in `Locales/`.
enum Schema {
    static let migrator = Migrator([
        Migration(version: 1, name: "households, members, accounts, categories, entries", sql: """
            CREATE TABLE households (
                id INTEGER PRIMARY KEY,
                base_currency TEXT NOT NULL CHECK (length(base_currency) = 3),
                time_zone TEXT NOT NULL,
                family_chat_id INTEGER UNIQUE,
                created_at TEXT NOT NULL
            );
            CREATE TABLE members (
                id INTEGER PRIMARY KEY,
                household_id INTEGER NOT NULL REFERENCES households (id),
                telegram_user_id INTEGER NOT NULL UNIQUE,
                name TEXT NOT NULL,
                language TEXT NOT NULL,
                role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
                default_account TEXT NOT NULL,
                joined_at TEXT NOT NULL
            );
            CREATE INDEX members_by_household ON members (household_id);
            CREATE TABLE accounts (
                id INTEGER PRIMARY KEY,
                member_id INTEGER NOT NULL REFERENCES members (id),
                key TEXT NOT NULL,
                UNIQUE (member_id, key)
            );
            CREATE TABLE categories (
                key TEXT PRIMARY KEY,
                kind TEXT NOT NULL CHECK (kind IN ('expense', 'income')),
                position INTEGER NOT NULL
            );
            CREATE TABLE entries (
                id INTEGER PRIMARY KEY,
                household_id INTEGER NOT NULL REFERENCES households (id),
                member_id INTEGER NOT NULL REFERENCES members (id),
                kind TEXT NOT NULL CHECK (kind IN ('expense', 'income')),
                amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
                currency TEXT NOT NULL CHECK (length(currency) = 3),
                category TEXT NOT NULL REFERENCES categories (key),
                account_id INTEGER NOT NULL REFERENCES accounts (id),
                local_date TEXT NOT NULL CHECK (local_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                created_at TEXT NOT NULL,
                note TEXT NOT NULL,
                original_text TEXT NOT NULL,
                is_private INTEGER NOT NULL DEFAULT 0,
                source_update_id INTEGER,
                source_chat_id INTEGER,
                source_message_id INTEGER,
                source_position INTEGER NOT NULL DEFAULT 0
            );
            -- A household's entries by day: reports, lists, exports (the rowid rides along, so
            -- ORDER BY local_date, id needs no sort).
            CREATE INDEX entries_by_household_date ON entries (household_id, local_date);
            CREATE INDEX entries_by_member_created ON entries (member_id, created_at);
            -- Belt and braces for at-least-once delivery: one update never yields an entry twice.
            CREATE UNIQUE INDEX entries_by_source_update
                ON entries (source_update_id, source_position) WHERE source_update_id IS NOT NULL;
            CREATE TABLE bot_state (
                key TEXT PRIMARY KEY,
                value INTEGER NOT NULL
            );
            """ + categorySeed),
        Migration(version: 2, name: "outbox and chat status", sql: """
            CREATE TABLE outbox (
                id INTEGER PRIMARY KEY,
                chat_id INTEGER NOT NULL,
                thread_id INTEGER,
                payload TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                not_before_ms INTEGER,
                sent_message_id INTEGER,
                -- Of a text split into several Telegram messages, how many are out already.
                pieces_sent INTEGER NOT NULL DEFAULT 0,
                failure TEXT,
                created_at TEXT NOT NULL
            );
            CREATE INDEX outbox_pending ON outbox (id) WHERE state = 'pending';
            CREATE TABLE chat_status (
                chat_id INTEGER PRIMARY KEY,
                blocked INTEGER NOT NULL DEFAULT 0
            );
            """),
        aggregates,
        families,
        corrections,
        totalsGuard,
        attempts,
        outboxPruning,
        access,
        familyHistory,
        questions,
        exportChunks,
        accounts,
        statements,
        monobank,
        officialRates,
        savings,
        statementLinks,
        factsByInstant,
        splitPrompts,
        recurring,
        quickPins,
        openHolds,
        outboxStateCheck,
        entryIDs,
        transferSources,
        statementProgress,
        statementRows,
        serviceKinds,
        backupOrigin,
        archives,
        budgetAlertAudience,
        writtenMessages,
        monobankLastRead,
        factsByMember,
        factsByImport,
        bankAccountChoices,
        promptsPassedOver,
        backupAlerts,
    ])

    /// The built-in categories, seeded once. New built-ins arrive as later migrations.
    static var categorySeed: String {
        CategoryKeyList.all.enumerated().map { index, item in
            // Keys are compile-time constants of ours, never user text.
            "INSERT INTO categories (key, kind, position) VALUES ('\(item.key)', '\(item.kind)', \(index));"
        }.joined(separator: "\n")
    }
}
