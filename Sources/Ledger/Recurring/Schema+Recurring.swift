import SQLite

extension Schema {
    /// Payments that come back (`netflix 299 щомісяця`): the item, each of its occurrences
    /// the bot acted on, and the one-time notices about them.
    ///
    /// `next_date` is the item's cursor: the first occurrence not yet acted on (recorded for an
    /// automatic item, reminded on the day for a bill), moved in the transaction that acts, so
    /// a restart neither repeats nor skips one; the occurrence's primary key is a second guard.
    static let recurring = Migration(version: 21, name: "recurring items and their occurrences", sql: """
        CREATE TABLE recurring_items (
            id INTEGER PRIMARY KEY,
            household_id INTEGER NOT NULL REFERENCES households (id),
            member_id INTEGER NOT NULL REFERENCES members (id),
            mode TEXT NOT NULL CHECK (mode IN ('automatic', 'bill')),
            kind TEXT NOT NULL CHECK (kind IN ('expense', 'income')),
            amount_minor INTEGER CHECK (amount_minor IS NULL OR amount_minor > 0),
            currency TEXT NOT NULL CHECK (length(currency) = 3),
            category TEXT NOT NULL REFERENCES categories (key),
            account TEXT,
            note TEXT NOT NULL,
            is_private INTEGER NOT NULL DEFAULT 0,
            cadence TEXT NOT NULL,
            start_date TEXT NOT NULL,
            end_date TEXT,
            next_date TEXT,
            paused INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            deleted_at TEXT,
            CHECK (mode = 'bill' OR amount_minor IS NOT NULL)
        );
        CREATE INDEX recurring_by_household ON recurring_items (household_id) WHERE deleted_at IS NULL;
        -- What the scheduler asks every minute: active items whose cursor has come.
        CREATE INDEX recurring_by_next_date ON recurring_items (next_date)
            WHERE deleted_at IS NULL AND paused = 0 AND next_date IS NOT NULL;

        CREATE TABLE recurring_occurrences (
            item_id INTEGER NOT NULL REFERENCES recurring_items (id),
            due_date TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('reminded', 'recorded', 'skipped')),
            entry_id INTEGER REFERENCES entries (id) ON DELETE SET NULL,
            reminder_outbox_id INTEGER,
            PRIMARY KEY (item_id, due_date)
        ) WITHOUT ROWID;
        CREATE INDEX recurring_occurrences_by_reminder ON recurring_occurrences (reminder_outbox_id)
            WHERE reminder_outbox_id IS NOT NULL;
        CREATE INDEX recurring_occurrences_by_entry ON recurring_occurrences (entry_id) WHERE entry_id IS NOT NULL;
        -- A bill's payment deleted by its member: the bill waits to be paid again (a reply to its
        -- reminder pays it). An automatic occurrence stays done: deleting its entry is the answer.
        CREATE TRIGGER bill_payment_deleted BEFORE DELETE ON entries BEGIN
            UPDATE recurring_occurrences SET state = 'reminded', entry_id = NULL
            WHERE entry_id = OLD.id AND item_id IN (SELECT id FROM recurring_items WHERE mode = 'bill');
        END;

        -- A question the bot asked about an item (its new amount), answered by a reply.
        CREATE TABLE recurring_prompts (
            outbox_id INTEGER PRIMARY KEY,
            item_id INTEGER NOT NULL REFERENCES recurring_items (id),
            member_id INTEGER NOT NULL REFERENCES members (id)
        );

        -- Said once per household: an offer to make a repeated entry recurring, duplicated
        -- subscriptions.
        CREATE TABLE recurring_notices (
            household_id INTEGER NOT NULL REFERENCES households (id),
            key TEXT NOT NULL,
            noticed_at TEXT NOT NULL,
            PRIMARY KEY (household_id, key)
        ) WITHOUT ROWID;
        """)

    /// The service a subscription's note names (`ServiceKind`: music, video…), stored when the
    /// item is made ('' for none; NULL until `RecurringStore.fillServiceKinds` has read an
    /// older item's note), so the duplicates `/subscriptions`, `/report` and a new subscription
    /// point out are one indexed query, not every note of the household read each time.
    static let serviceKinds = Migration(version: 29, name: "recurring items by service kind", sql: """
        ALTER TABLE recurring_items ADD COLUMN service_kind TEXT;
        CREATE INDEX recurring_by_service_kind ON recurring_items (household_id, service_kind)
            WHERE deleted_at IS NULL AND category = 'subscriptions';
        """)
}
