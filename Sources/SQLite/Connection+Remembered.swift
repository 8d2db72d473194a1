import CSQLite

extension Connection {
    /// `load`'s answer, remembered under `key` for the rest of the transaction until this
    /// connection next changes a row (any row: `sqlite3_total_changes64` moves), a savepoint
    /// or the transaction rolls back, or it ends. Outside a transaction `load` always runs:
    /// another process may write between two reads. Inside one, no other writer can.
    ///
    /// For reads an update repeats through features that do not hand each other what they
    /// read (a member's accounts, their household): a dictionary probe instead of a statement.
    public func remembered<Key: Hashable, T>(_ key: Key, _ load: () throws -> T) rethrows -> T {
        guard isInTransaction else { return try load() }
        let changes = sqlite3_total_changes64(db)
        if changes != rememberedAtChanges {
            forgetRemembered()
            rememberedAtChanges = changes
        }
        let key = AnyHashable(key)
        // Unwrapped first: a missing `Any?` cast to an optional `T` would succeed, as nil.
        if let stored = remembered[key], let value = stored as? T { return value }
        let value = try load()
        remembered[key] = value
        return value
    }

    /// Called where a transaction begins, ends or rolls back to a savepoint.
    func forgetRemembered() {
        if !remembered.isEmpty { remembered.removeAll(keepingCapacity: true) }
    }
}
