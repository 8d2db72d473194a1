import SQLite

extension Schema {
    /// Who may reach a household. An invitation can be revoked (by the owner in `/family`, or
    /// because the member who made it left), and a family group can be paused without losing
    /// its link: while the bot is out of it, or after someone outside the family put it back,
    /// nothing of the household goes there, and no other household can take it over.
    static let access = Migration(version: 9, name: "revoked invitations, paused family chats", sql: """
        ALTER TABLE invitations ADD COLUMN revoked INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX invitations_by_household ON invitations (household_id);
        CREATE INDEX invitations_by_creator ON invitations (created_by);
        ALTER TABLE households ADD COLUMN family_chat_paused INTEGER NOT NULL DEFAULT 0;
        """)
}
