import KopiykaCore

/// A year's spending and income side by side, January to December, on a value axis
/// labelled in round amounts, the month numbers under their pairs. Bars have a rounded top
/// and stand flat on the axis.
public struct MonthsChart: Sendable {
    public struct Month: Equatable, Sendable {
        public var spentMinor: Int64
        public var incomeMinor: Int64

        public init(spentMinor: Int64, incomeMinor: Int64) {
            self.spentMinor = spentMinor
            self.incomeMinor = incomeMinor
        }
    }

    /// January first; a month without figures is zero.
    public var months: [Month]
    public var currency: Currency
    public static let spending = ChartPalette.orange
    public static let income = ChartPalette.blue

    public init(months: [Month], currency: Currency) {
        self.months = months
        self.currency = currency
    }

    static let height = 440

    var plot: Plot {
        let values = months.flatMap { [$0.spentMinor, $0.incomeMinor] }.map { max(0, $0) }
        return Plot(scale: ValueScale(values: values, minorPerMajor: currency.minorUnitsPerMajor), currency: currency,
                    height: Self.height)
    }

    /// Each month's two bars: spending's left edge, income's left edge, and their width.
    func columns(_ plot: Plot) -> [(spending: Double, income: Double, width: Double, centre: Double)] {
        let group = Double(plot.width) / Double(max(1, months.count))
        let bar = (group * 0.34).rounded(.down), gap = 4.0
        return months.indices.map { index in
            let centre = Double(plot.left) + group * (Double(index) + 0.5)
            return (centre - gap / 2 - bar, centre + gap / 2, bar, centre)
        }
    }

    public func render() -> ChartImage? {
        guard months.contains(where: { $0.spentMinor > 0 || $0.incomeMinor > 0 }) else { return nil }
        let plot = self.plot
        var canvas = Canvas(width: ChartMetrics.width, height: Self.height, background: ChartPalette.background)
        plot.drawAxes(on: &canvas)
        let floor = PixelBox(x0: 0, y0: 0, x1: ChartMetrics.width, y1: plot.bottom - 1)
        for (month, column) in zip(months, columns(plot)) {
            for (value, x, colour) in [(month.spentMinor, column.spending, Self.spending.colour),
                                       (month.incomeMinor, column.income, Self.income.colour)] where value > 0 {
                let top = plot.y(value), radius = min(8, column.width / 2)
                // Drawn past the axis by its radius and cut there: rounded at the top only.
                canvas.fillRoundedRect(x: x, y: top, width: column.width, height: Double(plot.bottom) - 1 - top + radius,
                                       radius: radius, colour, clip: floor)
            }
        }
        for (index, column) in columns(plot).enumerated() { plot.drawUnder(index + 1, x: column.centre, on: &canvas) }
        return canvas.image()
    }
}
