import KopiykaCore

/// Money moved between a member's own accounts, read from a message: neither spending nor
/// income.
public struct ParsedTransfer: Equatable, Sendable {
    /// What the message's verb said: it decides only the defaults (a withdrawal lands in cash).
    public enum Kind: String, Sendable {
        case withdrawal, transfer, topUp, deposit, exchange
    }

    public var kind: Kind
    /// What left the first account. Always positive.
    public var amount: Money
    /// What reached the second: `amount` itself, or for an exchange the other side at the
    /// rate, rounded half away from zero to the minor unit.
    public var received: Money
    /// nil when the message does not say: the caller chooses (the member's default account,
    /// or for an exchange the cash in that currency).
    public var from: AccountKey?
    public var to: AccountKey?
    public var date: LocalDate
    /// An exchange's rate as written (`41,3`); nil otherwise.
    public var rate: String?
}
