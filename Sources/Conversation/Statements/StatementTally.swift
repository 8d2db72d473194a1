import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// What one statement brought, for its summary.
struct StatementTally: Equatable {
    /// Rows read, held ones that a settled row replaced included.
    var rows = 0
    /// Purchases and income no typed entry was: recorded as entries now.
    var recorded = 0
    /// Purchases that were exactly one typed entry: linked to it.
    var linked = 0
    /// Rows the member decides on (`/review`): several typed entries could be one (counted
    /// by those entries meanwhile), or a transfer to an account we do not see (counted
    /// nowhere until the member says what it was).
    var attention = 0
    /// Moves between the member's own accounts and ATM cash: neither spent nor earned.
    var transfers = 0
    /// Rows stored before (an overlapping file, the same file again).
    var known = 0
    /// Of those, holds now settled that the member hears of.
    var settled: [SettledHold] = []
}

extension StatementsFeature {
    /// Takes a bank's facts into the household's books, whatever brought them (a statement
    /// file, later the Monobank feed): each purchase or income is linked to the one typed entry
    /// that is it, or recorded as a new entry when none is, or queued for the member when
    /// several could be; transfers and cash are kept apart; a hold a settled row replaced, and a
    /// row of 0 (a card check: no entry can be 0), are left out, and a stored hold takes its
    /// settled row's numbers (`settle`). Facts stored before are skipped otherwise, so the same
    /// rows twice add nothing. `roles`: the facts' roles among a whole file they are a slice of
    /// (`FactRoles.classify`); nil: among themselves. Call it inside a transaction; returns the
    /// ids of the entries it made, for a caller that tells the family of them.
    func take(_ facts: [BankFact], roles: [FactRole]? = nil, member: Member,
              importID: Int64?) throws -> (tally: StatementTally, recorded: [Int64]) {
        let household = try household(of: member)
        let zone = household.timeZone
        let roles = roles ?? FactRoles.classify(facts)
        var tally = StatementTally(rows: facts.count)
        var recorded: [Int64] = []
        var counted: [(fact: BankFact, kind: EntryKind)] = []
        let own = try ownAccounts(member, besides: facts)
        for (fact, role) in zip(facts, roles) {
            if !fact.isHold, fact.bankID != nil, let held = try ledger.statements.heldFact(identity: fact.identity, householdID: household.id) {
                tally.known += 1
                if let settled = try settle(fact, held: held, household: household) { tally.settled.append(settled) }
                continue
            }
            if !fact.isHold, fact.bankID == nil, let held = try feedHold(settledBy: fact, among: facts, member: member) {
                // The feed's hold, settled in a statement file for another amount: one purchase.
                tally.known += 1
                if let settled = try settle(fact, held: held, household: household) { tally.settled.append(settled) }
                continue
            }
            if try ledger.statements.contains(identity: fact.identity, householdID: household.id)
                || ledger.statements.containsSameOperation(fact, householdID: household.id) {
                tally.known += 1
                continue
            }
            switch role {
            case .spending: counted.append((fact, .expense))
            case .income: counted.append((fact, .income))
            case .replacedHold, .noMoney: continue
            case .cash where fact.amount.minorUnits < 0:
                tally.transfers += 1
                try withdrawCash(fact, member: member, household: household)
                _ = try ledger.statements.insert(fact, householdID: household.id, memberID: member.id, importID: importID,
                                                 state: .transfer, entryID: nil)
            case .cash, .ownTransfer:
                tally.transfers += 1
                _ = try ledger.statements.insert(fact, householdID: household.id, memberID: member.id, importID: importID,
                                                 state: .transfer, entryID: nil)
            case .unpairedTransfer where own.isOwnMove(fact.description):
                tally.transfers += 1
                _ = try ledger.statements.insert(fact, householdID: household.id, memberID: member.id, importID: importID,
                                                 state: .transfer, entryID: nil)
            case .unpairedTransfer:
                // Money to someone we do not see, or from them: nothing counts it until the
                // member says what it was (`/review`); the month's figures say it waits.
                tally.attention += 1
                _ = try ledger.statements.insert(fact, householdID: household.id, memberID: member.id, importID: importID,
                                                 state: .ambiguous, entryID: nil)
            }
        }
        // A bank whose rows count for the first time: which of the member's accounts is it?
        for bank in Set(zip(facts, roles).filter { $0.1 == .spending || $0.1 == .income }.map(\.0.bank)) {
            try askBankAccount(bank, member: member)
        }
        guard let first = counted.map({ LocalDate($0.fact.time, in: zone) }).min(),
              let last = counted.map({ LocalDate($0.fact.time, in: zone) }).max() else { return (tally, recorded) }
        let typed = try ledger.statements.candidates(householdID: household.id, dates: first.adding(days: -Self.nearMiss)...last.adding(days: Self.nearMiss))
            .map { TypedEntry(id: $0.entryID, amount: $0.amount, date: $0.date, kind: $0.kind == .income ? .income : .expense) }
        let matches = EntryMatching.match(counted.map(\.fact), with: typed, zone: zone)
        // A purchase typed with the wrong date (a week out at most) is a near miss: asked
        // about, never recorded beside it.
        let near = EntryMatching.match(counted.map(\.fact), with: typed, zone: zone, days: Self.nearMiss)
        for ((fact, kind), (match, wide)) in zip(counted, zip(matches, near)) {
            switch match == .new && wide != .new ? .ambiguous([]) : match {
            case .matches(let entryID):
                tally.linked += 1
                _ = try ledger.statements.insert(fact, householdID: household.id, memberID: member.id, importID: importID,
                                                 state: .linked, entryID: entryID)
                try takeBanksAccount(fact, entryID: entryID)
            case .ambiguous:
                tally.attention += 1
                _ = try ledger.statements.insert(fact, householdID: household.id, memberID: member.id, importID: importID,
                                                 state: .ambiguous, entryID: nil)
            case .new:
                let entry = try record(fact, kind: kind, member: member, household: household)
                tally.recorded += entry == nil ? 0 : 1
                if let entry { recorded.append(entry) }
                if entry == nil { tally.attention += 1 }
                _ = try ledger.statements.insert(fact, householdID: household.id, memberID: member.id, importID: importID,
                                                 state: entry == nil ? .ambiguous : .recorded, entryID: entry)
            }
        }
        return (tally, recorded)
    }

    /// The one hold of the member's that a statement file's settled `fact` settles: the same
    /// bank and MCC, held from a week before it to a minute after, its amount (or operation
    /// amount) within `SettleTolerance`, and no other row of `batch` its exact amount (that row
    /// is its settlement); nil for none or several (then it is a row of its own).
    func feedHold(settledBy fact: BankFact, among batch: [BankFact], member: Member) throws -> BankFactAmounts? {
        let second = Int64(fact.time.timeIntervalSince1970.rounded(.down))
        let holds = try ledger.statements.openHolds(memberID: member.id, bank: fact.bank, from: second - FactRoles.settleWindow,
                                                    to: second + 60).filter { stored in
            let hold = stored.fact
            guard hold.mcc == nil || fact.mcc == nil || hold.mcc == fact.mcc else { return false }
            if hold.amount == fact.amount { return true }
            guard !batch.contains(where: { !$0.isHold && $0.amount == hold.amount && $0.mcc == hold.mcc }) else { return false }
            if SettleTolerance.accepts(hold: hold.amount, settled: fact.amount) { return true }
            guard let held = hold.operationAmount, let paid = fact.operationAmount else { return false }
            return SettleTolerance.accepts(hold: held, settled: paid)
        }
        guard holds.count == 1, let only = holds.first else { return nil }
        return try ledger.statements.amounts(factID: only.id)
    }

    /// The member's own cards and jars: those the feed listed, and the cards their statements
    /// and `facts` name. One read of the member's Monobank accounts and of their facts' accounts.
    func ownAccounts(_ member: Member, besides facts: [BankFact]) throws -> OwnAccounts {
        let listed = try ledger.monobank.accounts(memberID: member.id)
        let cards = try listed.filter { $0.kind == .card }.map(\.label) + ledger.statements.accountNames(memberID: member.id)
            + facts.map(\.account)
        return OwnAccounts(jarTitles: listed.filter { $0.kind == .jar }.map(\.label),
                           cardEndings: cards.map { String($0.suffix(4)) })
    }

    /// A typed entry the bank's row is keeps what the member wrote (its note, category and
    /// day: the day is the member's word, the bank's is often the next one) and takes the
    /// bank's account: the card it was really paid with.
    func takeBanksAccount(_ fact: BankFact, entryID: Int64) throws {
        guard var entry = try ledger.entries.entry(id: entryID) else { return }
        guard let member = try ledger.families.member(id: entry.memberID) else { return }
        let account = try accountKey(fact.bank, member: member)
        guard entry.account != account else { return }
        entry.account = account
        do {
            try ledger.refusingOverflow { try ledger.entries.update(entry) }
        } catch is MoneyOverflow {
            return  // An account's total past Int64: it stays as typed.
        }
    }

    /// Days a typed entry may be off its bank row and still be asked about as the same purchase.
    static let nearMiss = 7

    /// An entry made from a fact: its amount in the account's currency, dated by the family's
    /// clock, noted with the bank's words, in the category the household taught for those words,
    /// else the merchant's, else the MCC's. Nil (and the fact asks) when it would push a month
    /// total past `Int64`.
    func record(_ fact: BankFact, kind: EntryKind, member: Member, household: Household) throws -> Int64? {
        let note = fact.description.clipped(to: 120)
        var category = CorrectionsFeature(context).suggestedCategory(note, kind: kind, household: household)
        if category == (kind == .income ? .otherIncome : .other), let byBank = BankCategories.category(for: fact),
           byBank.kind == kind {
            category = byBank
        }
        let amount = Money(minorUnits: fact.amount.minorUnits.magnitude > UInt64(Int64.max) ? Int64.max
                           : Int64(fact.amount.minorUnits.magnitude), currency: fact.amount.currency)
        let entry = NewEntry(kind: kind, amount: amount, category: category, account: try accountKey(fact.bank, member: member),
                             date: LocalDate(fact.time, in: household.timeZone), note: note, originalText: "", isPrivate: false)
        do {
            return try ledger.entries.add([entry], by: member).first?.id
        } catch is MoneyOverflow {
            return nil
        }
    }

    /// An ATM row: the money moved from the card to the member's cash, so both balances
    /// follow; unless the member typed that withdrawal (`зняв готівку 2000`) within two days.
    func withdrawCash(_ fact: BankFact, member: Member, household: Household) throws {
        guard let card = try ledger.accounts.account(memberID: member.id, key: accountKey(fact.bank, member: member)),
              let cash = try ledger.accounts.account(memberID: member.id, key: .cash), fact.amount.minorUnits != .min else { return }
        let amount = Money(minorUnits: -fact.amount.minorUnits, currency: fact.amount.currency)
        let day = LocalDate(fact.time, in: household.timeZone)
        guard try ledger.accounts.transferCount(memberID: member.id, to: cash.id, amount: amount,
                                                dates: day.adding(days: -2)...day.adding(days: 2)) == 0 else { return }
        _ = try ledger.accounts.addTransfer(NewTransfer(from: card.id, to: cash.id, amount: amount, received: amount, date: day,
                                                        note: fact.description.clipped(to: 120)), by: member)
    }

    /// «📄 Виписка Монобанку: 143 операції. Нових записів: 120 …».
    func summary(_ tally: StatementTally, statement: Statement, l: Localizer) -> String {
        var lines = [l("statement.summary", ["bank": .text(l("statement.bank.\(statement.bank.rawValue)")), "count": .number(tally.rows)])]
        let parts: [(String, Int)] = [("recorded", tally.recorded), ("linked", tally.linked), ("transfers", tally.transfers),
                                      ("known", tally.known), ("attention", tally.attention)]
        for (key, count) in parts where count > 0 { lines.append(l("statement.summary.\(key)", ["count": .number(count)])) }
        // A row past the bounds was read and refused, not unreadable: the member is told which.
        let unread = statement.unreadRows.filter { $0.reason != .outOfRange }
        let outOfRange = statement.unreadRows.filter { $0.reason == .outOfRange }
        for (key, rows) in [("unread", unread), ("out_of_range", outOfRange)] where !rows.isEmpty {
            lines.append(l("statement.summary.\(key)", ["count": .number(rows.count),
                                                        "lines": .text(rows.prefix(5).map { String($0.line) }.joined(separator: ", "))]))
        }
        return lines.joined(separator: "\n")
    }
}
