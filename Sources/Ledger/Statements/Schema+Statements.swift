import SQLite

extension Schema {
    /// Statement files members send, from the moment they arrive to their summary, and the bank
    /// facts they hold. A file is fetched outside any update (`state` 'fetching' → 'fetched',
    /// with its bytes) and read by a job ('read', its bytes dropped); a fact is stored once per
    /// household by its identity, whatever file or feed brings it again.
    static let statements = Migration(version: 14, name: "statement imports and bank facts", sql: """
        CREATE TABLE statement_imports (
            id INTEGER PRIMARY KEY,
            household_id INTEGER NOT NULL REFERENCES households (id),
            member_id INTEGER NOT NULL REFERENCES members (id),
            chat_id INTEGER NOT NULL,
            file_id TEXT NOT NULL,
            file_name TEXT NOT NULL,
            progress_outbox_id INTEGER,
            state TEXT NOT NULL CHECK (state IN ('fetching', 'fetched', 'read', 'failed')),
            data BLOB,
            problem TEXT,
            created_at TEXT NOT NULL
        );
        CREATE INDEX statement_imports_by_state ON statement_imports (state, id);
        CREATE TABLE bank_facts (
            id INTEGER PRIMARY KEY,
            household_id INTEGER NOT NULL REFERENCES households (id),
            member_id INTEGER NOT NULL REFERENCES members (id),
            import_id INTEGER REFERENCES statement_imports (id),
            identity TEXT NOT NULL,
            bank TEXT NOT NULL,
            account TEXT NOT NULL,
            time INTEGER NOT NULL,
            amount_minor INTEGER NOT NULL,
            currency TEXT NOT NULL CHECK (length(currency) = 3),
            operation_minor INTEGER,
            operation_currency TEXT,
            mcc INTEGER,
            description TEXT NOT NULL,
            bank_category TEXT,
            balance_minor INTEGER,
            bank_id TEXT,
            is_hold INTEGER NOT NULL DEFAULT 0,
            entry_id INTEGER REFERENCES entries (id),
            state TEXT NOT NULL,
            created_at TEXT NOT NULL,
            UNIQUE (household_id, identity)
        );
        CREATE INDEX bank_facts_by_entry ON bank_facts (entry_id) WHERE entry_id IS NOT NULL;
        CREATE INDEX bank_facts_by_state ON bank_facts (household_id, state);
        """)
}

extension Schema {
    /// An entry a bank fact points at may be deleted (`/undo`, an edit, a button): the fact lets
    /// go of it instead of failing the delete. A fact the entry was made from is then the
    /// member's "not counted"; a fact linked to a typed entry is a purchase nothing counts any
    /// more, so it asks (`/review`). A restored entry comes back unlinked.
    static let statementLinks = Migration(version: 18, name: "bank facts let go of deleted entries", sql: """
        CREATE TRIGGER bank_facts_release_entry BEFORE DELETE ON entries
        BEGIN
            UPDATE bank_facts SET entry_id = NULL,
                state = CASE state WHEN 'recorded' THEN 'dismissed' WHEN 'linked' THEN 'ambiguous' ELSE state END
            WHERE entry_id = OLD.id;
        END;
        """)

    /// The same operation from a statement file (no bank id) and from the Monobank feed (its
    /// id) has two identities: it is found by the instant and the amount instead, by this index.
    static let factsByInstant = Migration(version: 19, name: "bank facts by instant", sql: """
        CREATE INDEX bank_facts_by_instant ON bank_facts (household_id, time, amount_minor);
        """)

    /// The question a `/review` row's ✂️ asks: its answer, by reply, divides the row's purchase.
    static let splitPrompts = Migration(version: 20, name: "statement split prompts", sql: """
        CREATE TABLE statement_split_prompts (
            outbox_id INTEGER PRIMARY KEY,
            fact_id INTEGER NOT NULL REFERENCES bank_facts (id),
            member_id INTEGER NOT NULL REFERENCES members (id)
        );
        """)
}

extension Schema {
    /// The Monobank feed reads an account back to its oldest open hold, so the settled row,
    /// which keeps the hold's id and time, is seen: found through this index.
    static let openHolds = Migration(version: 23, name: "open holds by account", sql: """
        CREATE INDEX bank_facts_open_holds ON bank_facts (member_id, account, time) WHERE is_hold = 1;
        """)
}

extension Schema {
    /// How far the job reading a large statement has come, and what its slices brought so far,
    /// kept in each slice's transaction: a restart goes on from the next slice, without doubles
    /// and with the whole file's summary.
    static let statementProgress = Migration(version: 27, name: "statement reading progress", sql: """
        CREATE TABLE statement_progress (
            import_id INTEGER PRIMARY KEY REFERENCES statement_imports (id),
            next_row INTEGER NOT NULL,
            rows INTEGER NOT NULL,
            recorded INTEGER NOT NULL,
            linked INTEGER NOT NULL,
            attention INTEGER NOT NULL,
            transfers INTEGER NOT NULL,
            known INTEGER NOT NULL
        );
        """)

    /// The rows each statement file cost to read, refused ones included, so that a member's
    /// rows of a day are capped (`StatementStore.rowsRead`).
    static let statementRows = Migration(version: 28, name: "statement import rows by member", sql: """
        ALTER TABLE statement_imports ADD COLUMN rows INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX statement_imports_by_member ON statement_imports (member_id, created_at);
        """)
}

extension Schema {
    /// A member's facts by account: the cards their statements name are their own accounts
    /// (`StatementStore.accountNames`), read on every intake.
    static let factsByMember = Migration(version: 53, name: "bank facts by member", sql: """
        CREATE INDEX bank_facts_by_member ON bank_facts (member_id, account);
        """)

    /// An import's facts: their entries reach the family in one post when it ends
    /// (`StatementStore.recordedEntryIDs`).
    static let factsByImport = Migration(version: 54, name: "bank facts by import", sql: """
        CREATE INDEX bank_facts_by_import ON bank_facts (import_id) WHERE import_id IS NOT NULL;
        """)
}

extension Schema {
    /// Which of a member's accounts each bank is (`account_key` NULL: asked, not answered).
    static let bankAccountChoices = Migration(version: 55, name: "bank account choices", sql: """
        CREATE TABLE bank_account_choices (
            member_id INTEGER NOT NULL REFERENCES members (id),
            bank TEXT NOT NULL,
            account_key TEXT,
            PRIMARY KEY (member_id, bank)
        ) WITHOUT ROWID;
        """)
}
