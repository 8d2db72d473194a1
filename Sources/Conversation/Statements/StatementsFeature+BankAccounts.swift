import Banking
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// A bank is one of the member's accounts: the first time its rows come, the member is asked
/// once which (a button per account, or the bank's own), so that the bank's rows and what the
/// member types land on one account and its balance means something.
extension StatementsFeature {
    /// The account `bank`'s rows go to for `member`: their choice, else the bank's own.
    func accountKey(_ bank: BankFact.Bank, member: Member) throws -> AccountKey {
        try ledger.statements.bankAccount(memberID: member.id, bank: bank) ?? Self.ownKey(bank)
    }

    static func ownKey(_ bank: BankFact.Bank) -> AccountKey { bank == .monobank ? .monobank : .privatbank }

    /// Asks the member, in private, which of their accounts `bank` is; once per bank.
    func askBankAccount(_ bank: BankFact.Bank, member: Member) throws {
        guard try ledger.statements.askBankAccount(memberID: member.id, bank: bank) else { return }
        let l = localizer(member)
        let own = Self.ownKey(bank)
        let accounts = try ledger.accounts.accounts(memberID: member.id).filter { ![AccountKey.monobank, .privatbank].contains($0.key) }
        var buttons = accounts.prefix(8).map { account in
            [OutboxButton(title: AccountsFeature(context).name(account, l).clipped(to: 40),
                          data: BankAccountButton(bank: bank, accountID: account.id).encoded)]
        }
        buttons.append([OutboxButton(title: l("bank_account.own", ["bank": .text(l.accountName(own))]),
                                     data: BankAccountButton(bank: bank, accountID: 0).encoded)])
        try ledger.outbox.enqueue(.message(html: l("bank_account.ask", ["bank": .text(bank.rawValue)]), buttons: buttons),
                                  chatID: member.telegramUserID)
    }

    /// The answer: the bank's rows go to that account from now on, and what they made so far
    /// moves there.
    func chooseBankAccount(_ button: BankAccountButton, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        let own = Self.ownKey(button.bank)
        guard let bankOwn = try ledger.accounts.account(memberID: member.id, key: own) else { return nil }
        let chosen = button.accountID == 0 ? bankOwn : try ledger.accounts.account(id: button.accountID)
        guard let chosen, chosen.memberID == member.id else { return l("review.not_yours") }
        try ledger.statements.chooseBankAccount(memberID: member.id, bank: button.bank, key: chosen.key, moving: bankOwn.id, to: chosen.id)
        try edit(press, html: l("bank_account.chosen", ["bank": .text(button.bank.rawValue),
                                                       "account": .text(AccountsFeature(context).name(chosen, l).htmlEscaped)]),
                 buttons: [])
        return nil
    }

    static let bankAccountButtons = ButtonNamespace.of(BankAccountButton.self) { button, call in
        try StatementsFeature(call.context).chooseBankAccount(button, press: call.press, member: call.member)
    }
}

/// `bacc:<bank>:<account id>`: the bank is that account of the member's; 0: its own account.
struct BankAccountButton: ButtonData {
    static let prefixes: Set<String> = ["bacc"]
    let bank: BankFact.Bank
    let accountID: Int64

    var encoded: String { "bacc:\(bank.rawValue):\(accountID)" }

    init(bank: BankFact.Bank, accountID: Int64) {
        self.bank = bank
        self.accountID = accountID
    }

    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "bacc", let bank = BankFact.Bank(rawValue: String(fields[1])),
              let id = Self.id(fields, 2), id >= 0 else { return nil }
        self.init(bank: bank, accountID: id)
    }
}
