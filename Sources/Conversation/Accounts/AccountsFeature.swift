import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Accounts and the money between them: `/accounts` (each member's accounts with balances,
/// and buttons to add, rename, set a balance, archive), `/balance` (every account and the
/// household's total), and transfers written in chat (`зняв готівку 2000`), which are neither
/// spending nor income and so reach no report.
struct AccountsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("balance", section: .reports, helpRank: 25, menuRank: 15, words: ["баланс", "balance"]) { call in
            try call.reply(try AccountsFeature(call.context).balance(member: call.member, household: call.household))
        },
        KnownCommand("accounts", section: .entries, helpRank: 85, menuRank: 17, aliases: ["rakhunky", "scheta"],
                     words: ["рахунки", "счета", "accounts"]) { call in
            try AccountsFeature(call.context).accounts(call.argument, member: call.member, household: call.household,
                                                       chat: call.message.chat, reply: call.reply)
        },
    ]

    static let buttons = ButtonNamespace.of(AccountButton.self) { button, call in
        try AccountsFeature(call.context).press(button, press: call.press, member: call.member)
    }

    static let transferButtons = ButtonNamespace.of(TransferButton.self) { button, call in
        try AccountsFeature(call.context).press(button, press: call.press, member: call.member)
    }

    /// Longer names are a paste, not a name; 40 fits a button.
    static let maximumNameLength = 40

    /// A member's own account names, as the parser finds them in messages. Built-ins a member
    /// never renamed are the vocabulary's already.
    func accountNames(_ member: Member) throws -> AccountNames? {
        let named = try ledger.accounts.accounts(memberID: member.id).compactMap { account in
            account.name.map { (name: $0, account: account.key) }
        }
        return named.isEmpty ? nil : AccountNames(named)
    }

    func name(_ account: Account, _ l: Localizer) -> String {
        account.name ?? l.accountName(account.key)
    }

    /// A built-in bank account nobody used is noise in a list.
    func isShown(_ account: Account, _ balance: AccountBalance?) -> Bool {
        !(account.isBuiltIn && account.kind == .card && account.key != .card && account.name == nil
            && account.openingMinor == 0 && balance?.isUsed != true)
    }
}

/// `acc:add`, `acc:ren:<account id>`, `acc:bal:<account id>`, `acc:arc:<account id>`, and
/// `acc:pg:<page>` for a page of the list.
struct AccountButton: ButtonData {
    enum Action: String, Sendable { case rename = "ren", balance = "bal", archive = "arc" }

    static let prefixes: Set<String> = ["acc"]
    /// nil: add an account, or show a page.
    let action: Action?
    let accountID: Int64?
    /// The list's page (`ListPage`), from 0, when the button shows one.
    let page: Int?

    var encoded: String {
        if let page { return "acc:pg:\(page)" }
        guard let action, let accountID else { return "acc:add" }
        return "acc:\(action.rawValue):\(accountID)"
    }

    init(action: Action?, accountID: Int64?) {
        self.action = action
        self.accountID = action == nil ? nil : accountID
        page = nil
    }

    init(page: Int) {
        action = nil
        accountID = nil
        self.page = max(page, 0)
    }

    init?(fields: [Substring]) {
        guard fields.first == "acc" else { return nil }
        if fields.count == 2, fields[1] == "add" {
            self.init(action: nil, accountID: nil)
            return
        }
        if fields.count == 3, fields[1] == "pg" {
            guard let page = Int(fields[2]), page >= 0 else { return nil }
            self.init(page: page)
            return
        }
        guard fields.count == 3, let action = Action(rawValue: String(fields[1])), let id = Self.id(fields, 2) else { return nil }
        self.init(action: action, accountID: id)
    }
}

/// `trf:del:<transfer id>`: removes a transfer from its confirmation.
struct TransferButton: ButtonData {
    static let prefixes: Set<String> = ["trf"]
    let transferID: Int64

    var encoded: String { "trf:del:\(transferID)" }

    init(transferID: Int64) { self.transferID = transferID }

    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "trf", fields[1] == "del", let id = Self.id(fields, 2) else { return nil }
        self.init(transferID: id)
    }
}
