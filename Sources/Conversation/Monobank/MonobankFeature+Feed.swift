import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// What the bot's feed loop brings back from the bank, each call inside its own transaction.
extension MonobankFeature {
    /// The token was accepted: the message that said "checking" lists the accounts to follow.
    func checked(memberID: Int64, accounts: [MonobankAccount]) throws {
        guard let link = try ledger.monobank.link(memberID: memberID), let member = try ledger.families.member(id: memberID) else { return }
        try ledger.monobank.checked(memberID: memberID, accounts: accounts)
        let view = try accountsView(member: member)
        try say(view.html, buttons: view.buttons, link: link)
    }

    /// The bank refused the token (or it can no longer be opened): it is forgotten, and its
    /// member told once, where the check answers or in a new message.
    func refused(memberID: Int64, unreadable: Bool) throws {
        guard let link = try ledger.monobank.link(memberID: memberID) else { return }
        try ledger.monobank.remove(memberID: memberID)
        guard let member = try ledger.families.member(id: memberID) else { return }
        let l = localizer(member)
        switch (link.state, unreadable) {
        case (_, true): try say(l("monobank.unreadable"), link: link, inPlace: false)
        case (.connected, false): try say(l("monobank.revoked"), link: link, inPlace: false)
        default: try say(l("monobank.refused"), link: link)
        }
    }

    /// The bank answered the token's check with something no one can read: the member is told
    /// so, where «Перевіряю…» was, and to send the token again later; the token is forgotten,
    /// so nothing waits unseen. A token already connected keeps its feed, which backs off.
    func checkUnreadable(memberID: Int64) throws {
        guard let link = try ledger.monobank.link(memberID: memberID), link.state != .connected,
              let member = try ledger.families.member(id: memberID) else { return }
        try ledger.monobank.remove(memberID: memberID)
        try say(localizer(member)("monobank.bank_unreadable"), link: link)
    }

    /// An account's operations: each through the one intake of bank rows, once. An account's
    /// first month is summed up for its member; the entries a poll records reach the family
    /// group in one post and the budgets' alerts like typed ones. A hold settled for another
    /// amount is told in a line of its own. `cursor`, when given, is where the account is now
    /// read to.
    func received(memberID: Int64, accountID: String, facts: [BankFact], cursor: Date?) throws {
        guard let link = try ledger.monobank.link(memberID: memberID),
              let account = try ledger.monobank.accounts(memberID: memberID).first(where: { $0.accountID == accountID }) else { return }
        guard let member = try ledger.families.member(id: memberID) else {
            try ledger.monobank.remove(memberID: memberID)
            return
        }
        let (tally, recorded) = try StatementsFeature(context).take(facts, member: member, importID: nil)
        try ledger.monobank.markRead(memberID: memberID, accountID: accountID, at: clock.now())
        if let cursor { try ledger.monobank.advance(memberID: memberID, accountID: accountID, to: cursor) }
        let l = localizer(member)
        for settled in tally.settled {
            let message = settledMessage(settled, l: l)
            try say(message.html, buttons: message.buttons, link: link, inPlace: false)
        }
        let entries = try recorded.compactMap { try ledger.entries.entry(id: $0) }
        if !entries.isEmpty {
            let household = try household(of: member)
            try FamilyBroadcaster(family: FamilyFeature(context)).postBank(entries, source: .feed, by: member, household: household)
            try BudgetsFeature(context).announce(after: entries, member: member, household: household)
        }
        if account.cursor == nil {
            guard !facts.isEmpty else { return }
            try say(summary(tally, account: account, l: l), link: link, inPlace: false)
            return
        }
        if tally.attention > 0 {
            try say(l("statement.summary.attention", ["count": .number(tally.attention)]), link: link, inPlace: false)
        }
    }

    /// «🏦 monobank *1234: 43 операції за місяць» and what came of them.
    func summary(_ tally: StatementTally, account: MonobankAccount, l: Localizer) -> String {
        var lines = [l("monobank.summary", ["account": .text(account.label.htmlEscaped), "count": .number(tally.rows)])]
        let parts: [(String, Int)] = [("recorded", tally.recorded), ("linked", tally.linked), ("transfers", tally.transfers),
                                      ("known", tally.known), ("attention", tally.attention)]
        for (key, count) in parts where count > 0 { lines.append(l("statement.summary.\(key)", ["count": .number(count)])) }
        return lines.joined(separator: "\n")
    }

    /// In place of the link's message (the "checking" one), or as a new message.
    private func say(_ html: String, buttons: [[OutboxButton]] = [], link: MonobankLink, inPlace: Bool = true) throws {
        if inPlace, let message = link.messageOutboxID {
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: message, html: html, buttons: buttons), chatID: link.chatID)
        } else {
            try ledger.outbox.enqueue(.message(html: html, buttons: buttons), chatID: link.chatID)
        }
    }
}
