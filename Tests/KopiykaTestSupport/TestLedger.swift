import Foundation
import KopiykaCore
import Ledger

/// 2026-11-21 10:00 in Kyiv: a fixed "now" for tests.
public let testNow = Date(timeIntervalSince1970: 1_795_248_000)
public let kyiv = ZoneRules(identifier: "Europe/Kyiv")!

/// A ledger on a real SQLite file in its own temp folder, with a fixed clock.
public struct TestLedger {
    public let folder = TemporaryDirectory("ledger")
    public let ledger: Ledger
    public var path: String { folder.path("kopiyka.sqlite") }

    public init(clock: WallClock = .fixed(testNow)) throws {
        ledger = try Ledger(path: folder.path("kopiyka.sqlite"), clock: clock)
    }
}
