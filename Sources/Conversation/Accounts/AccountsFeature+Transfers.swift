import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension AccountsFeature {
    /// Words of money between the member's own accounts (`зняв готівку 2000`).
    static let transferClaim = MessageClaim("accounts.transfer", on: [.entryText]) { call in
        try AccountsFeature(call.context).recordTransfer(call.text, message: call.message, member: call.member, reply: call.reply)
    }

    /// A private reply to the bot's question about an account or to a transfer's confirmation.
    static let replyClaim = MessageClaim("accounts.reply", on: [.privateText]) { call in
        try AccountsFeature(call.context).answerReply(call.message, text: call.text, member: call.member, reply: call.reply)
    }

    /// An edit of a message that made a transfer.
    static let editClaim = MessageClaim("accounts.edit", on: [.edit]) { call in
        try AccountsFeature(call.context).edited(call.message)
    }

    /// Records `text` as a transfer when it reads as one between two of the member's accounts,
    /// and confirms it as a transfer (never as spending). False, storing nothing, for anything
    /// else: the message is then an entry as before.
    func recordTransfer(_ text: String, message: IncomingMessage, member: Member, reply: Replier) throws -> Bool {
        guard parser.mayBeTransfer(text) else { return false }
        let household = try household(of: member)
        let parser = household.baseCurrency == self.parser.baseCurrency ? self.parser : EntryParser(baseCurrency: household.baseCurrency)
        guard let parsed = parser.transfer(text, today: today(of: household), accounts: try accountNames(member)),
              let from = try account(parsed.from, holding: parsed.amount.currency, exchange: parsed.kind == .exchange, member),
              let to = try account(parsed.to, holding: parsed.received.currency, exchange: parsed.kind == .exchange, member),
              from.id != to.id || parsed.amount.currency != parsed.received.currency
        else { return false }
        let transfer = try ledger.accounts.addTransfer(
            NewTransfer(from: from.id, to: to.id, amount: parsed.amount, received: parsed.received, date: parsed.date,
                        note: text.trimmed),
            by: member, source: EntrySource(updateID: message.updateID, chatID: message.chat.id, messageID: message.messageID))
        let l = localizer(member)
        let outboxID = try reply(confirmation(transfer, rate: parsed.rate, l), buttons: deleteButton(transfer, l))
        try ledger.accounts.setConfirmation(outboxID, ofTransfer: transfer.id)
        return true
    }

    /// The author edited the message that made a transfer: a new amount of the same plain
    /// transfer (`зняв готівку 2000` → `3000`) changes it as a reply would, and its confirmation
    /// with it. Any other change (accounts, date, an exchange, no longer a transfer) is answered
    /// and changes nothing, with how to fix it: delete it and write it again. Its date words
    /// are read as of the day it was written. False when the message made no transfer.
    func edited(_ message: IncomingMessage) throws -> Bool {
        guard let messageID = message.messageID,
              let transfer = try ledger.accounts.transfer(sourceChatID: message.chat.id, sourceMessageID: messageID)
        else { return false }
        guard let member = try ledger.families.member(telegramUserID: message.sender.id), transfer.memberID == member.id,
              transfer.householdID == member.householdID else { return true }
        let household = try household(of: member), l = localizer(member)
        let reply = Replier(ledger: ledger, chat: message.chat)
        guard transfer.isPlain else {
            try reply(l("transfer.edit.exchange"))
            return true
        }
        var text = message.text.trimmed
        if let command = Command(text, botUsername: settings.botUsername), command.name == "add" { text = command.argument }
        let parser = household.baseCurrency == self.parser.baseCurrency ? self.parser : EntryParser(baseCurrency: household.baseCurrency)
        let written = LocalDate(transfer.createdAt, in: household.timeZone)
        guard parser.mayBeTransfer(text), let parsed = parser.transfer(text, today: written, accounts: try accountNames(member)),
              parsed.kind != .exchange, parsed.received == parsed.amount, parsed.amount.currency == transfer.amount.currency,
              parsed.date == transfer.date,
              try account(parsed.from, holding: parsed.amount.currency, exchange: false, member)?.id == transfer.from,
              try account(parsed.to, holding: parsed.received.currency, exchange: false, member)?.id == transfer.to
        else {
            try reply(l("transfer.edit.unchanged"))
            return true
        }
        guard parsed.amount != transfer.amount else { return true }
        try ledger.accounts.setAmount(parsed.amount.minorUnits, ofTransfer: transfer.id)
        if let changed = try ledger.accounts.transfer(id: transfer.id), let outboxID = changed.confirmationOutboxID {
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: outboxID, html: try confirmation(changed, rate: nil, l),
                                            buttons: deleteButton(changed, l)), chatID: message.chat.id)
        }
        return true
    }

    /// The account a transfer names, or the one it means without naming it: the member's
    /// default, or for an exchange the cash they keep in that currency (the built-in cash,
    /// which holds any currency, when they keep none apart).
    private func account(_ key: AccountKey?, holding currency: Currency, exchange: Bool, _ member: Member) throws -> Account? {
        if let key { return try ledger.accounts.account(memberID: member.id, key: key) }
        guard exchange else { return try ledger.accounts.account(memberID: member.id, key: member.defaultAccount) }
        let own = try ledger.accounts.accounts(memberID: member.id).filter { $0.currency == currency && $0.kind == .cash }
        return try own.count == 1 ? own.first : ledger.accounts.account(memberID: member.id, key: .cash)
    }

    func confirmation(_ transfer: Transfer, rate: String?, _ l: Localizer) throws -> String {
        var arguments = try sides(transfer, l)
        if transfer.date != today(of: try household(ofID: transfer.householdID)) {
            arguments["date"] = .text(" · " + l.dayAndMonth(transfer.date))
        }
        guard !transfer.isPlain else { return l("transfer.confirmed", arguments) }
        arguments["rate"] = .text(rate ?? "")
        return l("transfer.exchanged", arguments)
    }

    private func sides(_ transfer: Transfer, _ l: Localizer) throws -> [String: MessageArgument] {
        func named(_ id: Int64) throws -> String {
            try ledger.accounts.account(id: id).map { name($0, l).htmlEscaped } ?? "?"
        }
        return ["amount": .text(l.money(transfer.amount)), "received": .text(l.money(transfer.received)),
                "from": .text(try named(transfer.from)), "to": .text(try named(transfer.to)), "date": .text("")]
    }

    private func household(ofID id: Int64) throws -> Household {
        guard let household = try ledger.families.household(id: id) else { throw ConversationError.missingHousehold(id) }
        return household
    }

    private func deleteButton(_ transfer: Transfer, _ l: Localizer) -> [[OutboxButton]] {
        [[OutboxButton(title: l("transfer.button.delete"), data: TransferButton(transferID: transfer.id).encoded)]]
    }

    func press(_ button: TransferButton, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        guard let transfer = try ledger.accounts.transfer(id: button.transferID) else { return l("transfer.gone") }
        guard transfer.memberID == member.id else { return l("transfer.not_yours") }
        let shown = try sides(transfer, l)
        try ledger.accounts.deleteTransfer(id: transfer.id)
        try edit(press, html: l("transfer.deleted", shown), buttons: [])
        return nil
    }

    /// A reply to a message the bot sent about accounts: the answer to its question, or a
    /// correction of the transfer it confirmed. False when it is neither.
    func answerReply(_ message: IncomingMessage, text: String, member: Member, reply: Replier) throws -> Bool {
        guard let target = message.replyToMessageID else { return false }
        if let prompt = try ledger.accounts.prompt(chatID: message.chat.id, messageID: target) {
            try reply(try answer(prompt, text: text, member: member))
            return true
        }
        guard let transfer = try ledger.accounts.transfer(chatID: message.chat.id, messageID: target) else { return false }
        try reply(try correct(transfer, with: text, member: member, chatID: message.chat.id))
        return true
    }

    /// A new amount for a plain transfer (`2500`); anything else is explained, changing nothing.
    private func correct(_ transfer: Transfer, with text: String, member: Member, chatID: Int64) throws -> String {
        let l = localizer(member)
        guard transfer.memberID == member.id else { return l("transfer.not_yours") }
        let today = today(of: try household(of: member))
        guard let read = AccountAmount.read(text, currency: transfer.amount.currency, today: today) else {
            return l("transfer.reply_hint")
        }
        guard transfer.isPlain else { return l("transfer.exchange_fixed") }
        guard case .value(let minor) = read, minor > 0 else {
            return l(read == .tooLarge ? "accounts.amount.too_large" : "transfer.reply_hint")
        }
        try ledger.accounts.setAmount(minor, ofTransfer: transfer.id)
        guard let changed = try ledger.accounts.transfer(id: transfer.id) else { return l("transfer.gone") }
        if let outboxID = changed.confirmationOutboxID {
            try ledger.outbox.enqueue(.edit(messageID: nil, ofOutboxID: outboxID, html: try confirmation(changed, rate: nil, l),
                                            buttons: deleteButton(changed, l)), chatID: chatID)
        }
        return l("transfer.changed", try sides(changed, l))
    }
}
