import Charts
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Reports

/// The pictures that follow a report's text: the month's categories, a year's months. Each is a `sendPhoto` row whose caption is the legend (the
/// picture itself has no words), or nil when there is nothing to draw. The text goes first
/// (it is longer than a caption may be); the chart shows only what that text shows.
extension ReportsFeature {
    /// Bars with their own colour; the rest share one.
    static let namedBars = ChartPalette.series.count

    func chart(_ report: MonthlyReport, _ l: Localizer) -> OutboxContent? {
        guard !report.isTooLarge, report.spentMinor > 0 else { return nil }
        let lines = report.categories.filter { $0.baseMinor > 0 }
        let named = lines.count > Self.namedBars + 1 ? Array(lines.prefix(Self.namedBars)) : lines
        var bars: [CategoryChart.Bar] = [], legend: [String] = []
        for (line, colour) in zip(named, ChartPalette.series + [ChartPalette.other]) {
            let percent = Int((line.share * 100).rounded())  // As the text says it.
            bars.append(.init(amountMinor: line.baseMinor, percent: percent, colour: colour.colour))
            legend.append(l("chart.legend.category", ["square": .text(colour.square), "name": .text(l.categoryName(line.category).htmlEscaped),
                                                      "amount": .money(Money(minorUnits: line.baseMinor, currency: report.baseCurrency)),
                                                      "share": .number(percent)]))
        }
        // Each line is part of the month's spending, so the rest is too: its sum fits.
        let rest = (try? lines.dropFirst(named.count).map(\.baseMinor).checkedSum()) ?? 0
        if rest > 0 {
            let percent = Int((Int128(rest) * 200 / Int128(report.spentMinor) + 1) / 2)
            bars.append(.init(amountMinor: rest, percent: percent, colour: ChartPalette.other.colour))
            legend.append(l("chart.legend.rest", ["square": .text(ChartPalette.other.square),
                                                  "amount": .money(Money(minorUnits: rest, currency: report.baseCurrency)),
                                                  "share": .number(percent)]))
        }
        guard let image = CategoryChart(bars: bars).render() else { return nil }
        return .chartPhoto(image, name: "report-\(report.month.iso).png", legend: legend)
    }

    func chart(_ report: YearReport, _ l: Localizer) -> OutboxContent? {
        guard !report.isTooLarge else { return nil }
        let months = (1...12).map { number in
            let line = report.months.first { $0.month.month == number }
            return MonthsChart.Month(spentMinor: line?.spentMinor ?? 0, incomeMinor: line?.incomeMinor ?? 0)
        }
        guard let image = MonthsChart(months: months, currency: report.baseCurrency).render() else { return nil }
        return .chartPhoto(image, name: "report-\(report.year).png", legend: [l("chart.legend.year", [
            "spent": .text(MonthsChart.spending.square), "income": .text(MonthsChart.income.square), "year": .text(String(report.year)),
        ])])
    }
}

extension OutboxContent {
    /// A chart as a `sendPhoto` row: the legend's lines as its caption, the last ones left out
    /// past Telegram's 1024.
    static func chartPhoto(_ image: ChartImage, name: String, legend: [String]) -> OutboxContent {
        var lines = legend
        while lines.count > 1, lines.joined(separator: "\n").utf16.count > 1024 { lines.removeLast() }
        let caption = lines.joined(separator: "\n")
        return .photo(fileName: name, data: image.png, caption: caption.utf16.count > 1024 ? nil : caption)
    }
}
