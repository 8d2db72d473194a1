import Conversation
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// One member's household on a fresh SQLite file in `folder`, answered by the real
/// conversation at a fixed instant (21 November 2026, Kyiv): what the feature benchmarks
/// start from.
struct BenchHousehold {
    let ledger: Ledger
    let handler: ConversationHandler
    let member: Member
    let zone: ZoneRules
    let today: LocalDate

    init(folder: URL, name: String) throws {
        let path = folder.appendingPathComponent("bench-\(name).sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        zone = ZoneRules(identifier: "Europe/Kyiv") ?? .utc
        let clock = WallClock.fixed(Date(timeIntervalSince1970: 1_795_248_000))
        ledger = try Ledger(path: path, clock: clock)
        handler = ConversationHandler(ledger: ledger, catalog: try Catalog.load(), clock: clock,
                                      settings: ConversationSettings(timeZone: zone))
        member = try ledger.families.createHousehold(owner: Newcomer(telegramUserID: 1, name: "Оля", language: "uk"), timeZone: zone)
        today = LocalDate(clock.now(), in: zone)
    }
}
