import Banking
import FoundationEssentials
import KopiykaCore

/// One item of `GET /personal/statement/{account}/{from}/{to}`, as the bank sent it; an item
/// without an id or a time cannot be stored once and is dropped.
public struct StatementItem: Equatable, Sendable, Decodable {
    public var id: String
    public var time: Int64
    public var description: String
    public var mcc: Int?
    public var originalMcc: Int?
    public var hold: Bool
    /// Minor units of the account's currency.
    public var amount: Int64
    /// Minor units of the operation's currency, which the API does not name.
    public var operationAmount: Int64?
    public var currencyCode: Int?
    public var commission: Int64?
    public var cashback: Int64?
    public var balance: Int64?

    public init(id: String, time: Int64, description: String = "", mcc: Int? = nil, originalMcc: Int? = nil, hold: Bool = false,
                amount: Int64, operationAmount: Int64? = nil, currencyCode: Int? = 980, commission: Int64? = nil,
                cashback: Int64? = nil, balance: Int64? = nil) {
        self.id = id
        self.time = time
        self.description = description
        self.mcc = mcc
        self.originalMcc = originalMcc
        self.hold = hold
        self.amount = amount
        self.operationAmount = operationAmount
        self.currencyCode = currencyCode
        self.commission = commission
        self.cashback = cashback
        self.balance = balance
    }

    public init(from decoder: any Decoder) throws {
        let fields = try LenientFields(decoder)
        guard let id: String = fields("id"), !id.isEmpty, let time: Int64 = fields("time") else { throw Unusable() }
        self.id = id
        self.time = time
        description = fields("description") ?? ""
        mcc = fields("mcc")
        originalMcc = fields("originalMcc")
        hold = fields("hold") ?? false
        amount = fields("amount") ?? 0
        operationAmount = fields("operationAmount")
        currencyCode = fields("currencyCode")
        commission = fields("commissionRate")
        cashback = fields("cashbackAmount")
        balance = fields("balance")
    }

    struct Unusable: Error {}

    /// The item as a bank fact of `account`, whose currency (from client-info) `amount` is in.
    /// The MCC the merchant registered (`originalMcc`) wins over the one Monobank assigned. The
    /// operation's currency is named only when the item's `currencyCode` differs from the
    /// account's (the code then is the operation's), or when the two amounts are equal;
    /// otherwise the operation's amount is left out rather than labelled with a guess.
    public func fact(account: String, accountCurrency: Currency?) -> BankFact {
        let itemCurrency = currencyCode.flatMap(Currency.init(numeric:))
        let currency = accountCurrency ?? itemCurrency ?? .uah
        let operationCurrency: Currency? = if let itemCurrency, itemCurrency != currency { itemCurrency }
            else if operationAmount == amount { currency } else { nil }
        let money = { (minor: Int64?) in minor.map { Money(minorUnits: $0, currency: currency) } }
        return BankFact(
            bank: .monobank, account: account, time: Date(timeIntervalSince1970: TimeInterval(time)),
            amount: Money(minorUnits: amount, currency: currency),
            operationAmount: operationCurrency.flatMap { c in operationAmount.map { Money(minorUnits: $0, currency: c) } },
            mcc: originalMcc ?? mcc, description: description, balanceAfter: money(balance),
            cashback: money(cashback.flatMap { $0 == 0 ? nil : $0 }), commission: money(commission.flatMap { $0 == 0 ? nil : $0 }),
            bankID: id, isHold: hold)
    }
}
