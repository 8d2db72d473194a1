import SQLite

extension Schema {
    /// Accounts get a name, a kind, a currency, an opening balance and an archive flag; money
    /// moved between two of them is a transfer, kept apart from `entries` so that month totals,
    /// reports, budgets, the digest and family posts never see it.
    ///
    /// The built-in rows (`card`, `cash`, `monobank`, `privatbank`, made with every member since
    /// migration 1) keep NULL in `name`, `kind` and `currency`: their name is localized, their
    /// kind follows their key and their currency is the household's. `bank` and `bank_ref` (a
    /// masked card number or IBAN) wait for statements to be linked to accounts.
    static let accounts = Migration(version: 13, name: "account details, transfers, account prompts", sql: """
        ALTER TABLE accounts ADD COLUMN name TEXT;
        ALTER TABLE accounts ADD COLUMN kind TEXT CHECK (kind IN ('card', 'cash', 'credit', 'savings'));
        ALTER TABLE accounts ADD COLUMN currency TEXT CHECK (length(currency) = 3);
        ALTER TABLE accounts ADD COLUMN opening_minor INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE accounts ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE accounts ADD COLUMN bank TEXT;
        ALTER TABLE accounts ADD COLUMN bank_ref TEXT;
        -- An account's balance sums its entries by kind and currency from this index alone.
        CREATE INDEX entries_by_account ON entries (account_id, kind, currency, amount_minor);

        CREATE TABLE transfers (
            id INTEGER PRIMARY KEY,
            household_id INTEGER NOT NULL REFERENCES households (id),
            member_id INTEGER NOT NULL REFERENCES members (id),
            from_account_id INTEGER NOT NULL REFERENCES accounts (id),
            to_account_id INTEGER NOT NULL REFERENCES accounts (id),
            -- What left the first account and what reached the second: the same money, or
            -- both sides of an exchange at its rate.
            amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
            currency TEXT NOT NULL CHECK (length(currency) = 3),
            received_minor INTEGER NOT NULL CHECK (received_minor > 0),
            received_currency TEXT NOT NULL CHECK (length(received_currency) = 3),
            local_date TEXT NOT NULL,
            created_at TEXT NOT NULL,
            note TEXT NOT NULL,
            source_update_id INTEGER UNIQUE,
            source_chat_id INTEGER,
            source_message_id INTEGER,
            -- The message that confirmed it, for a reply to it and its buttons.
            confirmation_outbox_id INTEGER,
            -- One wallet may hold both sides of an exchange.
            CHECK (from_account_id <> to_account_id OR currency <> received_currency)
        );
        CREATE INDEX transfers_from ON transfers (from_account_id);
        CREATE INDEX transfers_to ON transfers (to_account_id);
        CREATE INDEX transfers_by_confirmation ON transfers (confirmation_outbox_id);

        -- A question the bot asked about an account (its name, its balance), answered by a
        -- reply to the message that asked it.
        CREATE TABLE account_prompts (
            outbox_id INTEGER PRIMARY KEY,
            member_id INTEGER NOT NULL REFERENCES members (id),
            action TEXT NOT NULL CHECK (action IN ('add', 'rename', 'balance')),
            account_id INTEGER REFERENCES accounts (id),
            asked_at_ms INTEGER NOT NULL,
            answered INTEGER NOT NULL DEFAULT 0
        );
        """)

    /// A question the member passed over with a new entry no longer takes plain messages.
    static let promptsPassedOver = Migration(version: 60, name: "account prompts passed over", sql: """
        ALTER TABLE account_prompts ADD COLUMN passed_over INTEGER NOT NULL DEFAULT 0;
        """)
}
