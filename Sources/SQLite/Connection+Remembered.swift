import CSQLite

/// Names one remembered read: which read (`kind`, the caller's numbering) and its arguments.
/// Plain integers, so a lookup hashes and compares three words (an `AnyHashable` key cost
/// ~2,000 instructions a comparison).
public struct RememberedKey: Hashable, Sendable {
    public var kind: Int
    public var first: Int64
    public var second: Int64

    public init(kind: Int, _ first: Int64, _ second: Int64 = 0) {
        self.kind = kind
        self.first = first
        self.second = second
    }
}

/// What `Connection.remembered` holds: answers by key, the tables they were read from, and
/// which tables SQLite's update hook reports changes of.
struct RememberedReads {
    var answers: [RememberedKey: Any] = [:]
    /// A change to a row of any of these forgets every answer.
    var tables: Set<String> = []
    /// Whether SQLite reports a table's row changes to the update hook (not for WITHOUT ROWID
    /// tables), asked once per table.
    var hookSees: [String: Bool] = [:]
    /// `PRAGMA data_version` at the last transaction's start: it moves when another
    /// connection commits.
    var dataVersion: Int64?

    /// Why 256: a family's household, members, accounts and rules are a handful; this only
    /// bounds a bot with many families.
    static let limit = 256

    mutating func forget() {
        guard !answers.isEmpty || !tables.isEmpty else { return }
        answers.removeAll(keepingCapacity: true)
        tables.removeAll(keepingCapacity: true)
    }
}

extension Connection {
    /// `load`'s answer, remembered under `key` across transactions until a row of one of
    /// `tables` changes (SQLite's update hook says so), another connection commits (asked of
    /// `PRAGMA data_version` as each transaction begins), or a transaction or savepoint rolls
    /// back. `tables` must name every table `load` reads.
    ///
    /// `load` always runs outside a transaction (another process may write between two
    /// reads), and when one of `tables` is a WITHOUT ROWID table, whose changes SQLite does not
    /// report.
    ///
    /// For the reads every message repeats through features that do not hand each other what
    /// they read (the member, their household and accounts): a dictionary probe instead of a
    /// statement. Costs one `PRAGMA data_version` per transaction.
    public func remembered<T>(_ key: RememberedKey, reading tables: [String], _ load: () throws -> T) rethrows -> T {
        guard isInTransaction else { return try load() }
        // Unwrapped first: a missing `Any?` cast to an optional `T` would succeed, as nil.
        if let stored = rememberedReads.answers[key], let value = stored as? T { return value }
        let value = try load()
        guard tables.allSatisfy(updateHookSees) else { return value }
        if rememberedReads.answers.count >= RememberedReads.limit { rememberedReads.forget() }
        rememberedReads.answers[key] = value
        rememberedReads.tables.formUnion(tables)
        return value
    }

    /// Called where a transaction or savepoint rolls back, and where a script may have
    /// changed the schema.
    func forgetRemembered(schemaToo: Bool = false) {
        rememberedReads.forget()
        if schemaToo { rememberedReads.hookSees.removeAll() }
    }

    /// Called as each outermost transaction begins.
    func forgetRememberedIfAnotherConnectionCommitted() throws(SQLiteError) {
        let version = try queryFirst("PRAGMA data_version") { $0.int64(0) }
        guard version != rememberedReads.dataVersion else { return }
        rememberedReads.forget()
        rememberedReads.dataVersion = version
    }

    /// Installs the hooks through which SQLite reports each row this connection inserts,
    /// updates or deletes in a rowid table, triggers' and cascades' included, and each
    /// transaction it rolls back, its own after an error included (a caught SQLITE_FULL
    /// or IOERR may end the whole transaction with nothing thrown at `transaction`).
    func watchRowChanges() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_update_hook(db, { context, _, _, table, _ in
            guard let context, let table else { return }
            Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue().rowChanged(inTable: table)
        }, context)
        sqlite3_rollback_hook(db, { context in
            guard let context else { return }
            Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue().rememberedReads.forget()
        }, context)
    }

    func stopWatchingRowChanges() {
        sqlite3_update_hook(db, nil, nil)
        sqlite3_rollback_hook(db, nil, nil)
    }

    private func rowChanged(inTable table: UnsafePointer<CChar>) {
        guard !rememberedReads.tables.isEmpty, rememberedReads.tables.contains(String(cString: table)) else { return }
        rememberedReads.forget()
    }

    private func updateHookSees(_ table: String) -> Bool {
        if let known = rememberedReads.hookSees[table] { return known }
        let sees = (try? queryFirst("""
            SELECT type = 'table' AND wr = 0 FROM pragma_table_list WHERE schema = 'main' AND name = ?
            """, table) { $0.bool(0) }) ?? nil
        rememberedReads.hookSees[table] = sees ?? false
        return sees ?? false
    }
}
