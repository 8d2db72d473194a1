import FoundationEssentials
import KopiykaTestSupport
import KopiykaCore
import Testing

@testable import Charts

/// Charts checked against their data in the decoded picture, not just "a file exists".
@Suite struct ChartGeometryTests {
    static let amounts: [Int64] = [1_254_000, 627_000, 313_500, 90_000, 45_000]

    static var categoryChart: CategoryChart {
        let total = amounts.reduce(0, +)
        return CategoryChart(bars: amounts.enumerated().map { index, amount in
            .init(amountMinor: amount, percent: Int(amount * 100 / total), colour: ChartPalette.series[index].colour)
        })
    }

    @Test func barsAreProportionalToTheirAmounts() throws {
        let chart = Self.categoryChart
        let decoded = try DecodedPNG(try #require(chart.render()).png)
        #expect(decoded.width == 800 && decoded.height == chart.height)
        for (index, box) in chart.placed().enumerated() {
            let expected = Double(CategoryChart.maxLength) * Double(Self.amounts[index]) / Double(Self.amounts[0])
            let centre = Int(box.y + box.thickness / 2)
            let measured = decoded.horizontalRun(y: centre, xs: 0..<Int(box.x + expected) + 6, of: ChartPalette.series[index].colour)
            #expect(abs(measured - expected) <= 1, "bar \(index): \(measured) px, expected \(expected)")
        }
    }

    @Test func percentagesAreDrawnAfterTheirBars() throws {
        let chart = Self.categoryChart
        let decoded = try DecodedPNG(try #require(chart.render()).png)
        for box in chart.placed() {
            let end = Int(box.x + box.length) + 12
            let inked = (end..<end + 40).contains { x in
                (Int(box.y)..<Int(box.y + box.thickness)).contains { decoded.colour(x: x, y: $0) == ChartPalette.label }
            }
            #expect(inked)
        }
    }

    @Test func theTwelveMonthsStandInOrder() throws {
        let months = (1...12).map { MonthsChart.Month(spentMinor: Int64($0) * 1_000_000, incomeMinor: Int64(13 - $0) * 500_000) }
        let chart = MonthsChart(months: months, currency: .uah)
        let decoded = try DecodedPNG(try #require(chart.render()).png)
        let plot = chart.plot
        for (index, column) in chart.columns(plot).enumerated() {
            let spent = decoded.verticalRun(x: Int(column.spending + column.width / 2), ys: 0..<plot.bottom, of: MonthsChart.spending.colour)
            let income = decoded.verticalRun(x: Int(column.income + column.width / 2), ys: 0..<plot.bottom, of: MonthsChart.income.colour)
            let perMillion = Double(plot.bottom - plot.top) * 1_000_000 / Double(plot.scale.high)
            #expect(abs(spent + 1 - perMillion * Double(index + 1)) <= 1, "month \(index + 1) spent \(spent)")
            #expect(abs(income + 1 - perMillion * Double(12 - index) / 2) <= 1, "month \(index + 1) income \(income)")
        }
    }

    @Test func thePaceLineRunsFromZeroToTheLimit() throws {
        let limit: Int64 = 4_000_000
        let spent: [Int64] = [0] + (1...12).map { Int64($0) * 20_000 }
        let chart = DaysChart(values: spent, slots: 31, currency: .uah, guide: limit, limit: limit)
        let decoded = try DecodedPNG(try #require(chart.render()).png)
        let plot = chart.plot
        let start = (x: chart.x(0, plot), y: plot.y(0 as Int64)), end = (x: chart.x(30, plot), y: plot.y(limit))
        #expect(abs(start.y - Double(plot.bottom)) < 0.01 && abs(end.y - Double(plot.top)) < 0.01)
        #expect(start.x == Double(plot.left) && end.x == Double(plot.right))
        for t in [0.15, 0.5, 0.97] {
            let x = start.x + (end.x - start.x) * t, y = start.y + (end.y - start.y) * t
            #expect(decoded.coverage(x: Int(x), y: Int(y), of: DaysChart.guideColour.colour) > 0.6, "at \(t)")
        }
        #expect(decoded.coverage(x: Int(end.x) + 6, y: Int(end.y) + 2, of: DaysChart.guideColour.colour) == 0)
        // The spending line ends at its last value, with a dot.
        let last = (x: chart.x(12, plot), y: plot.y(spent[12]))
        #expect(decoded.colour(x: Int(last.x), y: Int(last.y)) == ChartPalette.blue.colour)
    }

    @Test func emptyTinyAndHugeValuesDrawOrSayNothing() throws {
        #expect(CategoryChart(bars: []).render() == nil)
        #expect(CategoryChart(bars: [.init(amountMinor: 0, percent: 0, colour: Colour(0))]).render() == nil)
        #expect(MonthsChart(months: Array(repeating: .init(spentMinor: 0, incomeMinor: 0), count: 12), currency: .uah).render() == nil)
        #expect(DaysChart(values: [0, 0], slots: 30, currency: .uah).render() == nil)
        let huge = CategoryChart(bars: [.init(amountMinor: .max, percent: 100, colour: ChartPalette.blue.colour),
                                        .init(amountMinor: 1, percent: 0, colour: ChartPalette.orange.colour)])
        _ = try DecodedPNG(try #require(huge.render()).png)
        #expect(huge.placed()[0].length == Double(CategoryChart.maxLength))
        _ = try DecodedPNG(try #require(CategoryChart(bars: [.init(amountMinor: 1, percent: 100, colour: Colour(0))]).render()).png)
        let months = [MonthsChart.Month(spentMinor: .max, incomeMinor: .max)] + Array(repeating: .init(spentMinor: 1, incomeMinor: 0), count: 11)
        _ = try DecodedPNG(try #require(MonthsChart(months: months, currency: .uah).render()).png)
        let days = DaysChart(values: [.min, .max, 0], slots: 3, currency: Currency(code: "JPY", minorUnitDigits: 0), guide: .max, limit: .min)
        _ = try DecodedPNG(try #require(days.render()).png)
        _ = try DecodedPNG(try #require(DaysChart(values: [5], slots: 1, currency: .usd, includesZero: false).render()).png)
    }

    @Test func aRealisticMonthIsWellUnder100KB() throws {
        let bars = (0..<8).map { CategoryChart.Bar(amountMinor: Int64(900_000 - $0 * 97_000), percent: 20 - $0 * 2,
                                                   colour: (ChartPalette.series + [ChartPalette.other])[$0].colour) }
        let year = (1...12).map { MonthsChart.Month(spentMinor: Int64(3_000_000 + $0 * 137_000), incomeMinor: 4_200_000) }
        let days = DaysChart(values: (0...23).map { Int64($0 * $0) * 7_300 }, slots: 31, currency: .uah, guide: 4_000_000,
                             limit: 4_000_000, marks: [.init(slot: 1, day: 1), .init(slot: 15, day: 15), .init(slot: 30, day: 30)])
        for image in [CategoryChart(bars: bars).render(), MonthsChart(months: year, currency: .uah).render(), days.render()] {
            let png = try #require(image).png
            #expect(png.count < 50_000, "\(png.count) bytes")
        }
    }
}
