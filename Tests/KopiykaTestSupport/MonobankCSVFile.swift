import Foundation

/// Monobank CSV statements as the app exports them, of any size: what the end-to-end tests
/// and `telegram-bench attacks` send the bot. Built in well under a second at 300,000 rows.
public enum MonobankCSVFile {
    public static let header = "Дата i час операції,Деталі операції,MCC,Сума в валюті картки (UAH),Сума в валюті операції,Валюта,Курс,"
        + "Сума комісій (UAH),Сума кешбеку (UAH),Залишок після операції\n"

    /// `date`'s day on the bank's (Kyiv) clock, as the CSV writes it: `dd.mm.yyyy`.
    public static func day(of date: Date) -> String {
        let format = DateFormatter()
        format.dateFormat = "dd.MM.yyyy"
        format.timeZone = TimeZone(identifier: "Europe/Kyiv")
        return format.string(from: date)
    }

    /// `count` copies of one `кава` of 85 ₴ at noon on `day` (`dd.mm.yyyy`).
    public static func coffees(_ count: Int, on day: String = "01.11.2026") -> Data {
        var bytes = Array(header.utf8)
        let row = Array("\(day) 12:00:00,Кава,5814,-85.00,-85.00,UAH,—,—,—,1.00\n".utf8)
        bytes.reserveCapacity(bytes.count + row.count * count)
        for _ in 0..<count { bytes += row }
        return Data(bytes)
    }

    /// `count` different purchases of 1–100 ₴ from 1 November 2026, a minute apart (at most
    /// 43,200: a month of minutes).
    public static func distinctPurchases(_ count: Int) -> Data {
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var csv = header
        for i in 0..<min(count, 43_200) {
            let amount = "-\(1 + i % 100).00"
            csv += "\(pad(1 + i / 1_440)).11.2026 \(pad(i / 60 % 24)):\(pad(i % 60)):00,Кава \(i),5814,\(amount),\(amount),UAH,—,—,—,1.00\n"
        }
        return Data(csv.utf8)
    }
}
