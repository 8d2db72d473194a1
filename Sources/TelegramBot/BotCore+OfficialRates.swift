import Banking
import Conversation
import KopiykaCore
import Ledger

extension BotCore {
    /// The NBU's calendar: its rates are set for days in Kyiv, whatever zone households keep.
    static let nbuZone = ZoneRules(identifier: "Europe/Kyiv") ?? ZoneRules(identifier: "Europe/Kiev")

    /// Days the NBU should be asked about, most recent first: today in Kyiv until it is known,
    /// and the days entries without a base amount wait for.
    func officialRateDaysToFetch(limit: Int) throws -> [LocalDate] {
        let today = LocalDate(clock.now(), in: Self.nbuZone ?? conversation.settings.timeZone)
        return try ledger.officialRates.missingDays(today: today, limit: limit)
    }

    /// Keeps the NBU's answer for `day` and values the entries that waited for it, in one
    /// transaction. Returns how many entries it valued.
    func recordOfficialRates(_ rates: [OfficialRate], for day: LocalDate) throws -> Int {
        try ledger.transaction { try ledger.officialRates.record(rates, for: day) }
    }
}
