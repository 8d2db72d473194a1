import FoundationEssentials
import KopiykaCore
import SQLite

/// What taking an archive did: rows taken by kind (`entries`, `transfers`, `accounts`,
/// `savings`, `budgets`, `rates`, `recurring`, `rules`, `quick`), rows that were there
/// already (from this archive or an earlier one of the same family), rows it could not take
/// by kind (a category or currency this Kopiyka does not know, a member who keeps their
/// books in another family here), and the other members it names, who are the family's
/// former members here until they are invited again.
public struct ArchiveTake: Equatable, Sendable {
    public var taken: [String: Int] = [:]
    public var already = 0
    public var refused: [String: Int] = [:]
    public var others: [String] = []

    public init() {}
}

extension ArchiveStore {
    /// Takes `book` into `member`'s household, as one transaction: the book's own member
    /// (or whoever has `member`'s Telegram id in it) becomes `member`, a member of this family
    /// stays themselves, every other is a stand-in former member bearing their name, and each
    /// row is taken once per origin. An empty household takes the
    /// book's currency and time zone too. Cost: one insert per row; the book is in memory.
    public func take(_ book: ArchiveBook, into member: Member) throws -> ArchiveTake {
        try db.refusingOverflow { try takeRows(book, into: member) }
    }

    private func takeRows(_ book: ArchiveBook, into member: Member) throws -> ArchiveTake {
        var take = ArchiveTake()
        let householdID = member.householdID
        // The household's own archive, sent back to it: every row is here already.
        guard try origin(of: householdID) != book.origin else {
            take.already = book.entries.count + book.transfers.count + book.recurring.count + book.quickPins.count
            return take
        }
        let now = Ledger.timestamp(clock.now())
        let hasHistory = try db.queryFirst("""
            SELECT EXISTS (SELECT 1 FROM entries WHERE household_id = ?1) OR EXISTS (SELECT 1 FROM transfers WHERE household_id = ?1)
            """, householdID) { $0.bool(0) } ?? true
        if !hasHistory, Currency(code: book.baseCurrency) != nil, ZoneRules(identifier: book.timeZone) != nil {
            try db.execute("UPDATE households SET base_currency = ?, time_zone = ? WHERE id = ?",
                           book.baseCurrency, book.timeZone, householdID)
        }
        let base = try db.queryFirst("SELECT base_currency FROM households WHERE id = ?", householdID) { $0.string(0) } ?? "UAH"
        let categories = try categoryKinds()

        // Members: the archive's reader is the importer; someone already in this family is
        // themselves. Anyone else is only the archive's word about a person, so their rows are
        // never attached to a person here (whoever sent the file could name anyone's Telegram
        // id): a stand-in under an id no Telegram user has, a former member of the family,
        // keeps their name on them.
        let families = FamilyStore(db: db, clock: clock)
        var members: [Int64: Int64] = [:]
        let own = book.members.first { $0.telegramUserID == member.telegramUserID }?.id ?? book.memberID
        members[own] = member.id
        for other in book.members where other.id != own {
            if let local = try families.member(telegramUserID: other.telegramUserID), local.householdID == householdID {
                members[other.id] = local.id
                continue
            }
            take.others.append(other.name)
            if let known = try db.queryFirst(
                "SELECT local_id FROM archive_rows WHERE household_id = ? AND origin = ? AND kind = 'member' AND origin_id = ?",
                householdID, book.origin, other.id, transform: { $0.optionalInt64(0) }), let known {
                members[other.id] = known
                continue
            }
            let standIn = try families.createHousehold(
                owner: Newcomer(telegramUserID: -Int64.random(in: (1 << 52)..<(1 << 62)), name: other.name, language: other.language),
                baseCurrency: Currency(code: book.baseCurrency) ?? .uah, timeZone: ZoneRules(identifier: book.timeZone) ?? .utc)
            members[other.id] = standIn.id
            try db.execute("INSERT INTO former_members (household_id, member_id) VALUES (?, ?)", householdID, standIn.id)
            try db.execute("INSERT INTO archive_rows (household_id, origin, kind, origin_id, local_id) VALUES (?, ?, 'member', ?, ?)",
                           arguments: [householdID, book.origin, other.id, standIn.id])
        }

        // Accounts: a member's account of the same key is that account.
        var accounts: [Int64: Int64] = [:]
        for account in book.accounts {
            guard let memberID = members[account.memberID] else { continue }
            if let id = try db.queryFirst("SELECT id FROM accounts WHERE member_id = ? AND key = ?", memberID, account.key,
                                          transform: { $0.int64(0) }) {
                accounts[account.id] = id
                continue
            }
            guard account.kind.map({ ["card", "cash", "credit", "savings"].contains($0) }) ?? true,
                  account.currency.map({ Currency(code: $0) != nil }) ?? true else {
                take.refused["accounts", default: 0] += 1
                continue
            }
            try db.execute("""
                INSERT INTO accounts (member_id, key, name, kind, currency, opening_minor, archived, archived_on)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [memberID, account.key, account.name, account.kind, account.currency, account.openingMinor,
                                 account.isArchived, account.archivedOn])
            accounts[account.id] = db.lastInsertRowID
            take.taken["accounts", default: 0] += 1
        }

        /// Whether the row `id` of `kind` is new to this household (and now remembered).
        func isNew(_ kind: String, _ id: Int64) throws -> Bool {
            let fresh = try db.execute("INSERT OR IGNORE INTO archive_rows (household_id, origin, kind, origin_id) VALUES (?, ?, ?, ?)",
                                       arguments: [householdID, book.origin, kind, id]) == 1
            if !fresh { take.already += 1 }
            return fresh
        }
        func valid(_ kind: String, _ currency: String, _ category: String, _ date: String) -> Bool {
            ["expense", "income"].contains(kind) && Currency(code: currency) != nil && categories[category] == kind
                && LocalDate(iso: date) != nil
        }

        var entryID = try EntryStore(db: db, clock: clock).nextEntryID()
        for entry in book.entries {
            guard let memberID = members[entry.memberID], let accountID = accounts[entry.accountID], entry.amountMinor > 0,
                  valid(entry.kind, entry.currency, entry.category, entry.date) else {
                take.refused["entries", default: 0] += 1
                continue
            }
            guard try isNew("entry", entry.id) else { continue }
            let baseMinor = book.baseCurrency == base ? entry.baseMinor : (entry.currency == base ? entry.amountMinor : nil)
            try db.execute("""
                INSERT INTO entries (id, household_id, member_id, kind, amount_minor, currency, category, account_id, local_date,
                    created_at, note, original_text, is_private, base_minor)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?)
                """, arguments: [entryID, householdID, memberID, entry.kind, entry.amountMinor, entry.currency, entry.category,
                                 accountID, entry.date, entry.createdAt, entry.note, entry.isPrivate, baseMinor])
            entryID += 1
            take.taken["entries", default: 0] += 1
        }

        for transfer in book.transfers {
            guard let memberID = members[transfer.memberID], let from = accounts[transfer.fromAccountID],
                  let to = accounts[transfer.toAccountID], transfer.amountMinor > 0, transfer.receivedMinor > 0,
                  Currency(code: transfer.currency) != nil, Currency(code: transfer.receivedCurrency) != nil,
                  LocalDate(iso: transfer.date) != nil, from != to || transfer.currency != transfer.receivedCurrency else {
                take.refused["transfers", default: 0] += 1
                continue
            }
            guard try isNew("transfer", transfer.id) else { continue }
            try db.execute("""
                INSERT INTO transfers (household_id, member_id, from_account_id, to_account_id, amount_minor, currency,
                    received_minor, received_currency, local_date, created_at, note)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [householdID, memberID, from, to, transfer.amountMinor, transfer.currency, transfer.receivedMinor,
                                 transfer.receivedCurrency, transfer.date, transfer.createdAt, transfer.note])
            take.taken["transfers", default: 0] += 1
        }

        // A value said on a day holds every entry and transfer taken with it.
        let seen = try db.queryFirst("SELECT COALESCE((SELECT MAX(id) FROM entries), 0), COALESCE((SELECT MAX(id) FROM transfers), 0)") {
            ($0.int64(0), $0.int64(1))
        } ?? (0, 0)
        for value in book.savingsValues {
            guard let accountID = accounts[value.accountID], LocalDate(iso: value.date) != nil else {
                take.refused["savings", default: 0] += 1
                continue
            }
            let added = try db.execute("""
                INSERT OR IGNORE INTO savings_values (account_id, local_date, value_minor, updated_at, entries_seen, transfers_seen)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [accountID, value.date, value.valueMinor, now, seen.0, seen.1])
            if added == 1 { take.taken["savings", default: 0] += 1 } else { take.already += 1 }
        }

        for budget in book.budgets {
            guard budget.category.isEmpty || categories[budget.category] != nil, budget.limitMinor > 0 else {
                take.refused["budgets", default: 0] += 1
                continue
            }
            let added = try db.execute("INSERT OR IGNORE INTO budgets (household_id, category, limit_minor) VALUES (?, ?, ?)",
                                       arguments: [householdID, budget.category, budget.limitMinor])
            if added == 1 { take.taken["budgets", default: 0] += 1 } else { take.already += 1 }
        }
        for rate in book.rates where rate.currency != base {
            guard Currency(code: rate.currency) != nil, rate.basePerUnitMicros > 0, book.baseCurrency == base else {
                take.refused["rates", default: 0] += 1
                continue
            }
            let added = try db.execute("""
                INSERT OR IGNORE INTO exchange_rates (household_id, currency, base_per_unit_micros) VALUES (?, ?, ?)
                """, arguments: [householdID, rate.currency, rate.basePerUnitMicros])
            if added == 1 { take.taken["rates", default: 0] += 1 } else { take.already += 1 }
        }
        for rule in book.rules {
            guard categories[rule.category] != nil, !rule.stem.isEmpty else {
                take.refused["rules", default: 0] += 1
                continue
            }
            let added = try db.execute("INSERT OR IGNORE INTO category_rules (household_id, stem, category) VALUES (?, ?, ?)",
                                       arguments: [householdID, rule.stem, rule.category])
            if added == 1 { take.taken["rules", default: 0] += 1 } else { take.already += 1 }
        }

        for item in book.recurring {
            guard let memberID = members[item.memberID], ["automatic", "bill"].contains(item.mode),
                  valid(item.kind, item.currency, item.category, item.startDate),
                  item.mode == "bill" || (item.amountMinor ?? 0) > 0, (item.amountMinor ?? 1) > 0 else {
                take.refused["recurring", default: 0] += 1
                continue
            }
            guard try isNew("recurring", item.id) else { continue }
            try db.execute("""
                INSERT INTO recurring_items (household_id, member_id, mode, kind, amount_minor, currency, category, account, note,
                    is_private, cadence, start_date, end_date, next_date, paused, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [householdID, memberID, item.mode, item.kind, item.amountMinor, item.currency, item.category,
                                 item.account, item.note, item.isPrivate, item.cadence, item.startDate, item.endDate,
                                 item.nextDate, item.isPaused, now])
            take.taken["recurring", default: 0] += 1
        }

        for pin in book.quickPins {
            guard pin.amountMinor > 0, valid(pin.kind, pin.currency, pin.category, "2000-01-01") else {
                take.refused["quick", default: 0] += 1
                continue
            }
            guard try isNew("quick", pin.id) else { continue }
            try db.execute("""
                INSERT INTO quick_pins (member_id, kind, amount_minor, currency, category, account, note, is_private, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [member.id, pin.kind, pin.amountMinor, pin.currency, pin.category, pin.account, pin.note,
                                 pin.isPrivate, now])
            take.taken["quick", default: 0] += 1
        }
        return take
    }
}
