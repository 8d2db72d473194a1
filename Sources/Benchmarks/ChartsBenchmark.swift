import Charts
import KopiykaCore

/// Render + PNG encode time of each chart kind, on realistic figures: a month of eight
/// categories, a year, a budget's month, and three years of daily balances (as `/savings`
/// will draw). Single-threaded; the first run of each is a warm-up, not counted.
public enum ChartsBenchmark {
    public static func run(iterations: Int = 50, report: (String) -> Void) {
        let bars = (0..<8).map { CategoryChart.Bar(amountMinor: Int64(900_000 - $0 * 97_000), percent: 20 - 2 * $0,
                                                   colour: (ChartPalette.series + [ChartPalette.other])[$0].colour) }
        let year = (1...12).map { MonthsChart.Month(spentMinor: Int64(3_000_000 + $0 * 137_000), incomeMinor: 4_200_000) }
        let budget = DaysChart(values: (0...23).map { Int64($0 * $0) * 7_300 }, slots: 31, currency: .uah, guide: 4_000_000,
                               limit: 4_000_000, marks: [1, 10, 20, 30].map { .init(slot: $0, day: $0) })
        var balance: Int64 = 5_000_000
        let history = (0..<1_095).map { day -> Int64 in
            balance += Int64((day * 7_919) % 40_000) - 15_000
            return balance
        }
        let savings = DaysChart(values: history, slots: history.count, currency: .uah, includesZero: false)
        let charts: [(String, () -> ChartImage?)] = [
            ("categories, 8 bars", { CategoryChart(bars: bars).render() }),
            ("12 months", { MonthsChart(months: year, currency: .uah).render() }),
            ("budget month", { budget.render() }),
            ("3 years of days", { savings.render() }),
        ]
        for (name, render) in charts {
            let size = render()?.png.count ?? 0
            var samples = Samples()
            for _ in 0..<iterations { _ = samples.time(render) }
            report("chart \(name): render + PNG \(samples.summary), \(size / 1024) KB")
        }
    }
}
