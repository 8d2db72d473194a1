import FoundationEssentials
import KopiykaCore
import SQLite

/// A rate a household's entries in one currency are valued at today, and where it comes from.
public struct RateInUse: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// Set by the household with `/rate`.
        case household
        /// The NBU's, set for this banking day.
        case official(LocalDate)
        /// Neither yet: entries wait, reports leave them out and say so.
        case none
    }

    public let currency: Currency
    /// Base-currency units for one unit, × 10⁶; nil with `.none`.
    public let basePerUnitMicros: Int64?
    public let source: Source
}

extension RateStore {
    /// The rates a household's foreign entries are valued at on `date`: for the currencies it
    /// set a rate for, has entries in, and the common ones (those first, in their order, then
    /// the rest by code), never its base.
    /// A few primary-key reads per currency.
    public func inUse(householdID: Int64, base: Currency, on date: LocalDate) throws -> [RateInUse] {
        let ownRates = try own(householdID: householdID)
        var used = Set(ownRates.keys).union(OfficialRateStore.commonCurrencies)
        try db.query("SELECT DISTINCT currency FROM month_totals WHERE household_id = ?", householdID) { row in
            let code = row.string(0)
            used.insert(Currency(code: code) ?? Currency(code: code, minorUnitDigits: 2))
        }
        used.remove(base)
        let official = OfficialRateStore(db: db, clock: clock)
        let common = OfficialRateStore.commonCurrencies
        let order = { (currency: Currency) in (common.firstIndex(of: currency) ?? common.count, currency.code) }
        return try used.sorted { order($0) < order($1) }.map { currency in
            if let micros = ownRates[currency] { return RateInUse(currency: currency, basePerUnitMicros: micros, source: .household) }
            guard let quote = try official.quote(of: currency, in: base, on: date) else {
                return RateInUse(currency: currency, basePerUnitMicros: nil, source: .none)
            }
            return RateInUse(currency: currency, basePerUnitMicros: quote.basePerUnitMicros, source: .official(quote.date))
        }
    }

    /// `inUse` as a table, those without a rate left out: what a balance or a savings
    /// total converts today's foreign money at.
    public func table(householdID: Int64, base: Currency, on date: LocalDate) throws -> [Currency: Int64] {
        var table: [Currency: Int64] = [:]
        for rate in try inUse(householdID: householdID, base: base, on: date) {
            if let micros = rate.basePerUnitMicros { table[rate.currency] = micros }
        }
        return table
    }
}
