import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

extension AccountsFeature {
    /// `/balance`: every member's accounts with what they hold, and the household's total in
    /// its currency, foreign money converted at today's rates (the household's `/rate`, else the
    /// NBU's), as `/rate` lists them.
    func balance(member: Member, household: Household) throws -> String {
        let l = localizer(member)
        let (lines, listed) = try householdLines(household, l)
        var text = ([l("balance.title")] + lines).joined(separator: "\n")
        do {
            let (total, unconverted) = try self.total(listed, household: household)
            text += "\n\n" + l("balance.total", ["total": .text(l.money(Money(minorUnits: total, currency: household.baseCurrency)))])
            if let first = unconverted.first {
                text += "\n" + l("balance.unconverted", [
                    "amounts": .text(unconverted.map { l.money($0) }.joined(separator: ", ")),
                    "currency": .text(first.currency.code.lowercased()),
                    "rate": .text(ReportRenderer(l).typicalRate(of: first.currency, in: household.baseCurrency)),
                ])
            }
        } catch is MoneyOverflow {
            text += "\n\n" + l("balance.too_large")
        }
        return text
    }

    /// Each member's shown accounts under their name, with the balances of all of them.
    func householdLines(_ household: Household, _ l: Localizer, kinds: Bool = false) throws
        -> (lines: [String], listed: [(Account, AccountBalance?)])
    {
        var lines: [String] = []
        var listed: [(Account, AccountBalance?)] = []
        for person in try ledger.families.members(householdID: household.id) {
            let owned = try ledger.accounts.accounts(memberID: person.id)
            var balances: [Int64: AccountBalance?] = [:]
            for account in owned { balances[account.id] = try balance(of: account, on: today(of: household)) }
            let visible = owned.filter { isShown($0, balances[$0.id] ?? nil) }
            guard !visible.isEmpty else { continue }
            lines.append("")
            lines.append(l("accounts.member", ["name": .text(person.name.htmlEscaped)]))
            for account in visible {
                let balance = balances[account.id] ?? nil
                listed.append((account, balance))
                let shownName = name(account, l), kind = l("accounts.kind.\(account.kind.rawValue)")
                // `• картка (картка)` reads like a bug: the kind only when the name does not say it.
                let saysKind = kinds && shownName.lowercased() != kind.lowercased()
                lines.append(l(saysKind ? "accounts.line.kind" : "accounts.line", [
                    "name": .text(shownName.htmlEscaped), "kind": .text(kind),
                    "balance": .text(balance.map { shown($0, account: account, l) } ?? l("balance.too_large")),
                ]))
                lines += try bankWord(on: account, counted: balance, member: person, l)
            }
        }
        return (lines, listed)
    }

    /// nil when it does not fit in `Int64`: shown as too large, never as a wrapped figure. A
    /// savings account holds what it was last said to be worth, with the money moved since, as
    /// `/savings` shows it: one account has one value on a day, whichever command shows it.
    func balance(of account: Account, on day: LocalDate) throws -> AccountBalance? {
        do {
            guard var balance = try ledger.accounts.balances(of: [account])[account.id] else { return nil }
            if account.kind == .savings, let value = try ledger.accounts.value(of: account, on: day) {
                balance.amounts[account.currency] = value
            }
            return balance
        } catch is MoneyOverflow {
            return nil
        }
    }

    /// `12 400 ₴`, or `2 000 ₴ · -400 $` for a wallet that holds two currencies; the account's
    /// own currency first.
    func shown(_ balance: AccountBalance, account: Account, _ l: Localizer) -> String {
        let others = balance.amounts.keys.filter { $0 != account.currency }.sorted { $0.code < $1.code }
        return ([account.currency] + others).map { l.money(Money(minorUnits: balance.amounts[$0] ?? 0, currency: $0)) }
            .joined(separator: " · ")
    }

    /// The household's money in its currency, and what had no rate, per currency.
    func total(_ listed: [(Account, AccountBalance?)], household: Household) throws -> (Int64, [Money]) {
        let base = household.baseCurrency
        let rates = try ledger.rates.table(householdID: household.id, base: base, on: today(of: household))
        var total: Int64 = 0
        var unconverted: [Currency: Int64] = [:]
        for (_, balance) in listed {
            guard let balance else { throw MoneyOverflow() }
            for (currency, minor) in balance.amounts {
                if currency == base {
                    total = try CheckedMinor.add(total, minor)
                } else if let micros = rates[currency] {
                    let converted = try LedgerConversion.convert(Money(minorUnits: minor, currency: currency),
                                                                 basePerUnitMicros: micros, to: base)
                    total = try CheckedMinor.add(total, converted)
                } else if minor != 0 {
                    unconverted[currency] = try CheckedMinor.add(unconverted[currency] ?? 0, minor)
                }
            }
        }
        let missing = unconverted.sorted { $0.key.code < $1.key.code }.map { Money(minorUnits: $0.value, currency: $0.key) }
        return (total, missing)
    }
}

extension AccountsFeature {
    /// What the bank last said the account holds, for each bank whose rows go to it: `🏦 за
    /// банком 18 830,87 ₴ · різниця +1 200 ₴` beside what Kopiyka counted, never absorbed.
    /// Nothing for an account no bank feeds, or a bank that gave no balance.
    func bankWord(on account: Account, counted: AccountBalance?, member: Member, _ l: Localizer) throws -> [String] {
        var lines: [String] = []
        for bank in BankFact.Bank.allCases {
            guard try StatementsFeature(context).accountKey(bank, member: member) == account.key,
                  let (said, _) = try ledger.statements.bankBalance(memberID: member.id, bank: bank) else { continue }
            let kept = counted?.amounts[said.currency] ?? 0
            let (difference, overflow) = said.minorUnits.subtractingReportingOverflow(kept)
            if overflow { continue }
            lines.append(difference == 0 ? l("balance.bank.same", ["bank": .money(said)])
                         : l("balance.bank.differs", ["bank": .money(said),
                                                      "difference": .text((difference > 0 ? "+" : "") + l.money(Money(minorUnits: difference, currency: said.currency)))]))
        }
        return lines
    }
}
