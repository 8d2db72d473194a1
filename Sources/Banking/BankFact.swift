import FoundationEssentials
import KopiykaCore

/// One row of a bank's own record of an account: immutable once stored; people annotate it
/// (category, note, split, "not ours", "transfer") but never change what the bank said.
public struct BankFact: Equatable, Sendable {
    public enum Bank: String, Sendable, CaseIterable {
        case monobank, privatbank
    }

    public var bank: Bank
    /// The card or account as the bank names it: a masked card number (`5168 **** **** 1234`),
    /// a Monobank account id, or empty when the file does not say.
    public var account: String
    /// When it happened (a statement's local time read in Europe/Kyiv).
    public var time: Date
    /// Signed, in the account's currency: spending is negative.
    public var amount: Money
    /// The operation's own amount (signed like `amount`), when the bank gives it.
    public var operationAmount: Money?
    /// ISO 18245 merchant category code, when the bank gives one.
    public var mcc: Int?
    /// The merchant or the transfer's text, as the bank wrote it.
    public var description: String
    /// The bank's own category name (PrivatBank's `Категорія`).
    public var bankCategory: String?
    /// The account's balance after the operation, when the bank gives it.
    public var balanceAfter: Money?
    public var cashback: Money?
    public var commission: Money?
    /// The bank's own id for the row (Monobank's API), or nil for a statement file.
    public var bankID: String?
    /// An authorisation not yet settled (Monobank's `hold`).
    public var isHold: Bool

    public init(bank: Bank, account: String, time: Date, amount: Money, operationAmount: Money? = nil, mcc: Int? = nil,
                description: String, bankCategory: String? = nil, balanceAfter: Money? = nil, cashback: Money? = nil,
                commission: Money? = nil, bankID: String? = nil, isHold: Bool = false) {
        self.bank = bank
        self.account = account
        self.time = time
        self.amount = amount
        self.operationAmount = operationAmount
        self.mcc = mcc
        self.description = description
        self.bankCategory = bankCategory
        self.balanceAfter = balanceAfter
        self.cashback = cashback
        self.commission = commission
        self.bankID = bankID
        self.isHold = isHold
    }

    /// What makes the row the same row when it comes again (an overlapping file, the same
    /// month from the API): the bank's id when it has one, else the bank, the account, the
    /// second, the amount and the MCC, which statement files share with the API.
    public var identity: String {
        if let bankID { return "\(bank.rawValue):id:\(bankID)" }
        // Truncated as ever (stored identities keep matching); total past Int64, where it trapped.
        let second = Int64(exactly: time.timeIntervalSince1970.rounded(.towardZero)) ?? 0
        return "\(bank.rawValue):\(account):\(second):\(amount.minorUnits):\(amount.currency.code):\(mcc ?? 0)"
    }
}
