import Banking
import FoundationEssentials
import KopiykaCore
import SQLite

/// The NBU's official rates as the bot stored them (`ledger.officialRates`): what an entry in
/// another currency is worth on its date when its household set no `/rate` of its own.
///
/// A value over the ledger's connection, not `Sendable`: used by the ledger's one owner at a
/// time. Lookups are primary-key reads, a few per entry at most.
public struct OfficialRateStore {
    let db: Connection
    let clock: WallClock

    /// Kept every banking day whatever households use: the currencies Ukrainian families meet most.
    public static let commonCurrencies: [Currency] = [.usd, .eur, .pln, .gbp]

    /// Why 10: a weekend and the longest run of public holidays the NBU has kept together
    /// (New Year to Christmas, before martial law) stay inside it; past it, a gap is missing data.
    static let longestClosure = 10

    /// The earliest day the NBU is asked about: the hryvnia's first.
    public static let firstDay = LocalDate(year: 1996, month: 9, day: 2)!

    /// A rate in force on a day, in the asking household's base currency.
    public struct Quote: Equatable, Sendable {
        /// Base-currency units for one unit, × 10⁶.
        public let basePerUnitMicros: Int64
        /// The banking day the NBU set it for (a Friday for a Sunday).
        public let date: LocalDate

        public init(basePerUnitMicros: Int64, date: LocalDate) {
            self.basePerUnitMicros = basePerUnitMicros
            self.date = date
        }
    }

    /// What the stored days say about one currency on one day.
    enum Lookup: Equatable {
        /// Hryvnias per unit × 10⁶, set for the banking day `date`.
        case rate(Int64, date: LocalDate)
        /// The NBU set no rate for this currency that banking day.
        case unquoted
        /// The NBU has not been asked about this day yet.
        case unknown(LocalDate)
    }

    /// Keeps the NBU's answer for `date` (an empty one: a day without rates) for the common
    /// currencies and every currency an entry or a household uses, then gives the entries that
    /// waited for it their base amount. Returns how many entries it valued. One transaction.
    @discardableResult
    public func record(_ rates: [OfficialRate], for date: LocalDate) throws -> Int {
        try db.transaction {
            try db.execute("""
                INSERT INTO official_rate_days (date, banking, fetched_at) VALUES (?, ?, ?)
                ON CONFLICT DO UPDATE SET banking = excluded.banking, fetched_at = excluded.fetched_at
                """, date.iso, !rates.isEmpty, Ledger.timestamp(clock.now()))
            if !rates.isEmpty {
                let given = Dictionary(rates.map { ($0.code, $0.hryvniaMicros) }, uniquingKeysWith: { first, _ in first })
                for code in try keptCurrencies() {
                    try db.execute("""
                        INSERT INTO official_rates (currency, date, hryvnia_micros) VALUES (?, ?, ?)
                        ON CONFLICT DO UPDATE SET hryvnia_micros = excluded.hryvnia_micros
                        """, code, date.iso, given[code])
                }
            }
            return try valueWaitingEntries(dated: date...date.adding(days: Self.longestClosure))
        }
    }

    /// The official rate of `currency` in `base` on `date`: the NBU's for that day or, on a day
    /// without rates, the last banking day's; a cross rate through the hryvnia for a base other
    /// than UAH, rounded half up to millionths. Nil when unknown or outside the plausible range
    /// of the pair (`LedgerConversion.plausibleRange`).
    public func quote(of currency: Currency, in base: Currency, on date: LocalDate) throws -> Quote? {
        guard currency != base else { return Quote(basePerUnitMicros: 1_000_000, date: date) }
        guard case .rate(let unit, let day) = try hryvnias(currency.code, on: date),
              case .rate(let baseUnit, let baseDay) = try hryvnias(base.code, on: date)
        else { return nil }
        let (product, overflow) = unit.multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else { return nil }
        let micros = (product + baseUnit / 2) / baseUnit
        guard LedgerConversion.plausibleRange(of: currency, in: base).contains(micros) else { return nil }
        return Quote(basePerUnitMicros: micros, date: currency == .uah ? baseDay : day)
    }

    /// Hryvnias for one unit of `code` in force on `date`, walking back over days without rates.
    func hryvnias(_ code: String, on date: LocalDate) throws -> Lookup {
        if code == Currency.uah.code { return .rate(1_000_000, date: date) }
        var day = date
        for _ in 0...Self.longestClosure {
            guard let banking = try db.queryFirst("SELECT banking FROM official_rate_days WHERE date = ?",
                                                  day.iso, transform: { $0.bool(0) })
            else { return .unknown(day) }
            if banking {
                let stored = try db.queryFirst("SELECT hryvnia_micros FROM official_rates WHERE currency = ? AND date = ?",
                                               code, day.iso, transform: { $0.optionalInt64(0) })
                switch stored {
                case .some(.some(let micros)): return .rate(micros, date: day)
                case .some(.none): return .unquoted
                // A banking day kept before this currency was in use: ask again.
                case .none: return .unknown(day)
                }
            }
            day = day.adding(days: -1)
        }
        return .unquoted
    }

    /// The common currencies, the ones entries and households use, and never the hryvnia.
    /// Reads the month totals (tens of rows a household-month) and households once a recorded day.
    func keptCurrencies() throws -> Set<String> {
        var codes = Set(Self.commonCurrencies.map(\.code))
        try db.query("SELECT DISTINCT currency FROM month_totals UNION SELECT DISTINCT base_currency FROM households") {
            codes.insert($0.string(0))
        }
        codes.remove(Currency.uah.code)
        return codes
    }
}
