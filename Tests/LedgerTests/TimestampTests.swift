import Foundation
@testable import Ledger
import Testing

/// Timestamps written and read by hand are the text Foundation's ISO 8601 style wrote, and
/// read back as it read them; any other text is read as Foundation reads it.
@Suite struct TimestampTests {
    @Test func theTextIsFoundationsAndReadsBackToTheSecond() {
        var generator = SystemRandomNumberGenerator()
        let fixed: [Double] = [0, -1, -0.5, 1_795_248_000, 1_795_248_000.999, 86_399.9, 951_782_400, -62_135_596_800, 253_402_300_799]
        let random = (0..<20_000).map { _ in Double.random(in: -62_135_596_800...253_402_300_799, using: &generator) }
        for seconds in fixed + random {
            let instant = Date(timeIntervalSince1970: seconds)
            let text = Timestamp.text(instant)
            #expect(text == instant.formatted(.iso8601), "\(seconds)")
            #expect(Timestamp.date(text) == (try? Date(text, strategy: .iso8601)), "\(text)")
        }
    }

    @Test func otherTextIsReadAsFoundationReadsIt() {
        for text in ["2026-11-21T09:30:05.123Z", "2026-11-21T09:30:05+02:00", "2026-11-21 09:30:05Z", "2026-11-21T24:00:00Z",
                     "2026-02-29T00:00:00Z", "2026-11-21T09:30:60Z", "2026-11-21T09:30:05", "", "garbage", "2026-11-21T09:30:05Z ",
                     "٢٠٢٦-11-21T09:30:05Z", "+026-11-21T09:30:05Z", "2026-11-21T09:3a:05Z"] {
            #expect(Timestamp.date(text) == (try? Date(text, strategy: .iso8601)), "\(text)")
        }
    }
}
