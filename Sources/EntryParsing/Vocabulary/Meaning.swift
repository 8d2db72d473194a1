import KopiykaCore

/// What a vocabulary word says about an entry.
enum Meaning: Equatable, Sendable {
    case category(CategoryKey)
    case account(AccountKey)
    case currency(Currency)
    /// `копійок`, `cents`: the number before it is the fraction.
    case minorUnit
    /// Days before `today`: `вчора` is 1.
    case daysAgo(Int)
    case month(Int)
    case privateTag
    /// `з`, `from`: dropped with the account word after it (`з картки`).
    case preposition
}

/// A word of a spoken number, in hundredths so `пів` and `півтори` stay exact.
enum NumberWord: Equatable, Sendable {
    /// 0–9, 10–19, 20–90 or 100–900 (by `rank`), or 150 for `півтори`.
    case value(Int64, rank: Rank)
    /// English `hundred`, which multiplies what came before.
    case hundred
    /// `тисяча`, `million`; `canStart` is false for abbreviations (`к`, `тис`).
    case scale(Int64, canStart: Bool)
    /// `пів`: half of the scale that follows.
    case half
    /// English `and` inside a number.
    case and
    /// `ну`, `е-е`, `um` between the words of a number.
    case filler

    enum Rank: Int, Sendable { case unit, teen, ten, hundreds }
}
