import FoundationEssentials
import KopiykaCore

/// Instants as the ledger stores them, `2026-11-21T09:30:05Z`: the text
/// `Date.ISO8601FormatStyle` writes (seconds, UTC, the fraction dropped), written and read by
/// hand, because every entry saved writes one and every entry read parses one (Foundation's
/// style took ~5,000 instructions each way). Text of any other shape, and years before 1900
/// (Foundation's calendar is Julian before 1582), are left to Foundation.
enum Timestamp {
    static func text(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return instant.formatted(.iso8601) }
        let whole = Int(seconds)
        let (days, second) = (whole.floorDividing(by: 86_400), whole.floorModulo(86_400))
        guard (Self.firstDay...Self.lastDay).contains(days) else { return instant.formatted(.iso8601) }
        let day = LocalDate(daysSinceEpoch: days)
        return String(unsafeUninitializedCapacity: 20) { bytes in
            for (offset, width, value) in [(0, 4, day.year), (5, 2, day.month), (8, 2, day.day),
                                           (11, 2, second / 3600), (14, 2, second / 60 % 60), (17, 2, second % 60)] {
                var rest = value
                for index in (offset..<offset + width).reversed() {
                    bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            for (index, byte) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")] as [(Int, Unicode.Scalar)] {
                bytes[index] = UInt8(ascii: byte)
            }
            return 20
        }
    }

    static func date(_ text: String) -> Date? {
        var fields = [0, 0, 0, 0, 0, 0]
        var position = 0
        for byte in text.utf8 {
            switch (position, byte) {
            case (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")), (13, UInt8(ascii: ":")),
                 (16, UInt8(ascii: ":")), (19, UInt8(ascii: "Z")):
                break
            case (0..<19, UInt8(ascii: "0")...UInt8(ascii: "9")) where ![4, 7, 10, 13, 16].contains(position):
                let field = position < 4 ? 0 : (position - 2) / 3
                fields[field] = fields[field] * 10 + Int(byte - UInt8(ascii: "0"))
            default:
                return (try? Date(text, strategy: .iso8601))
            }
            position += 1
        }
        guard position == 20, fields[0] >= 1900, let day = LocalDate(year: fields[0], month: fields[1], day: fields[2]),
              fields[3] < 24, fields[4] < 60, fields[5] < 60
        else { return (try? Date(text, strategy: .iso8601)) }
        return Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + fields[3] * 3600 + fields[4] * 60 + fields[5]))
    }

    private static let firstDay = LocalDate(year: 1900, month: 1, day: 1)!.daysSinceEpoch
    private static let lastDay = LocalDate(year: 9999, month: 12, day: 31)!.daysSinceEpoch
}

private extension Int {
    func floorDividing(by divisor: Int) -> Int { (self - floorModulo(divisor)) / divisor }
    func floorModulo(_ divisor: Int) -> Int { ((self % divisor) + divisor) % divisor }
}
