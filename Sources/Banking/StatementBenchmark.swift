import FoundationEssentials
import KopiykaCore

/// `kopiyka bench statements`: reads a generated 10,000-row statement of each bank, then
/// reconciles one; the fastest of five rounds counts (a shared machine only ever slows a round).
/// Figures are printed by the caller, never asserted.
public enum StatementBenchmark {
    public struct Figures: Sendable {
        public var bank: BankFact.Bank
        public var rows: Int
        public var bytes: Int
        public var seconds: Double
        public var rowsPerSecond: Double { Double(rows) / seconds }

        /// `monobank CSV: 10000 rows (1.2 MB) in 24.1 ms, 415000 rows/s`.
        public var summary: String {
            "\(bank.rawValue): \(rows) rows (\((Double(bytes) / 1_048_576).fixed(1)) MB) in "
                + "\((seconds * 1e3).fixed(1)) ms, \(rowsPerSecond.fixed(0)) rows/s"
        }
    }

    /// When the benchmark's statements are read: 2026-11-21, after their last row (`BankBounds`).
    public static let readAt = Date(timeIntervalSince1970: 1_795_248_000)

    public static func run(rows: Int = 10_000) -> [Figures] {
        [(BankFact.Bank.monobank, monobankCSV(rows: rows), "bench.csv"), (.privatbank, privatbankXLSX(rows: rows), "bench.xlsx")]
            .map { bank, bytes, name in
                var best = Double.infinity
                for _ in 0..<5 {
                    let start = ContinuousClock.now
                    let read = StatementReader.read(bytes, fileName: name, now: readAt)
                    let elapsed = ContinuousClock.now - start
                    precondition((try? read.get().facts.count) == rows, "the benchmark's own statement must read whole")
                    best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                }
                return Figures(bank: bank, rows: rows, bytes: bytes.count, seconds: best)
            }
    }

    /// Seconds (best of five) to classify the 10,000 facts of the Monobank statement and match
    /// them against `entries` typed entries, a tenth of them the same purchases: the pure part
    /// of an import into a household with that history.
    public static func reconciliation(rows: Int = 10_000, entries count: Int = 10_000) -> Double {
        guard case .success(let statement) = StatementReader.read(monobankCSV(rows: rows), fileName: "bench.csv", now: readAt) else { return .nan }
        let facts = statement.facts
        let entries = (0..<count).map { i in
            let fact = facts[i % facts.count]
            let amount = i % 10 == 0 ? -fact.amount.minorUnits : Int64(i) * 7 + 1
            return TypedEntry(id: Int64(i), amount: Money(minorUnits: amount, currency: .uah),
                              date: LocalDate(fact.time, in: StatementReader.kyiv), kind: .expense)
        }
        var best = Double.infinity
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let roles = FactRoles.classify(facts)
            let matches = EntryMatching.match(facts, with: entries, zone: StatementReader.kyiv)
            let elapsed = ContinuousClock.now - start
            precondition(roles.count == matches.count)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return best
    }

    /// A Monobank CSV: a purchase a minute, quoted details with a comma, cashback on every
    /// third row.
    public static func monobankCSV(rows: Int) -> [UInt8] {
        var text = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,"
            + "Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції\n"
        for i in 0..<rows {
            let amount = "-\(i % 5_000 + 1).\(i % 90 + 10)"
            text += "\(stamp(i)),\"Сільпо, Київ №\(i)\",5411,\(amount),\(amount),UAH,—,—,\(i % 3 == 0 ? "1.25" : "—"),\(100_000 + i).5\n"
        }
        return Array(text.utf8)
    }

    /// The same purchases in PrivatBank's layout: inline strings, number cells, stored (not
    /// deflated) parts, since Banking holds no deflate; inflate is a small part of the cost.
    static func privatbankXLSX(rows: Int) -> [UInt8] {
        var sheet = "<worksheet><sheetData><row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>Виписка за період 01.10.2026 - 31.10.2026</t></is></c></row>"
        let header = ["Дата", "Категорія", "Картка", "Опис операції", "Сума в валюті картки", "Валюта картки",
                      "Сума в валюті транзакції", "Валюта транзакції"]
        sheet += "<row r=\"2\">" + header.enumerated().map { inline($0, 2, $1) }.joined() + "</row>"
        for i in 0..<rows {
            let r = i + 3, amount = "\(i % 5_000 + 1).\(i % 90 + 10)"
            sheet += "<row r=\"\(r)\">" + inline(0, r, stamp(i)) + inline(1, r, "Продукти харчування") + inline(2, r, "5168 **** **** 4321")
                + inline(3, r, "Сільпо, Київ №\(i)") + "<c r=\"E\(r)\"><v>-\(amount)</v></c>" + inline(5, r, "грн")
                + "<c r=\"G\(r)\"><v>\(amount)</v></c>" + inline(7, r, "грн") + "</row>"
        }
        sheet += "</sheetData></worksheet>"
        return storedZip(name: "xl/worksheets/sheet1.xml", Array(sheet.utf8))
    }

    private static func inline(_ column: Int, _ row: Int, _ text: String) -> String {
        "<c r=\"\(Character(Unicode.Scalar(UInt8(65 + column))))\(row)\" t=\"inlineStr\"><is><t>\(text)</t></is></c>"
    }

    private static func stamp(_ i: Int) -> String {
        let t = 1_790_000_000 + i * 60, date = LocalDate(daysSinceEpoch: t / 86_400), s = t % 86_400
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(pad(date.day)).\(pad(date.month)).\(date.year) \(pad(s / 3_600)):\(pad(s / 60 % 60)):\(pad(s % 60))"
    }

    private static func storedZip(name: String, _ data: [UInt8]) -> [UInt8] {
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let crc = Int(PartReader.crc32(data)), nameBytes = Array(name.utf8)
        let sizes = le(crc, 4) + le(data.count, 4) + le(data.count, 4) + le(nameBytes.count, 2)
        let local = le(0x0403_4B50, 4) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + sizes + le(0, 2) + nameBytes
        let central = le(0x0201_4B50, 4) + le(20, 2) + le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + sizes
            + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + nameBytes
        let start = local.count + data.count
        return local + data + central + le(0x0605_4B50, 4) + le(0, 4) + le(1, 2) + le(1, 2) + le(central.count, 4) + le(start, 4) + le(0, 2)
    }
}
