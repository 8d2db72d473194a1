import KopiykaCore

/// A value over days: a line with the area under it tinted, on a value axis labelled in
/// round amounts. The budget's chart is spending summed day by day against a `guide` (the
/// even pace from zero to the limit) and the `limit` itself; a balance's history is the
/// line alone, its axis not forced down to zero.
public struct DaysChart: Sendable {
    /// A number under the axis: `day` under the point at `slot`.
    public struct Mark: Equatable, Sendable {
        public var slot: Int
        public var day: Int

        public init(slot: Int, day: Int) {
            self.slot = slot
            self.day = day
        }
    }

    /// The points from the left, one per slot.
    public var values: [Int64]
    /// How many points the axis spans (at least `values.count`): a running month's line
    /// stops at today while its axis runs to the month's end.
    public var slots: Int
    public var currency: Currency
    /// A straight line from zero at the first slot to this value at the last.
    public var guide: Int64?
    /// A dashed level across the whole width.
    public var limit: Int64?
    public var includesZero: Bool
    public var marks: [Mark]
    public var line: ChartColour

    public static let guideColour = ChartPalette.other
    public static let limitColour = ChartPalette.vermillion

    public init(values: [Int64], slots: Int, currency: Currency, guide: Int64? = nil, limit: Int64? = nil,
                includesZero: Bool = true, marks: [Mark] = [], line: ChartColour = ChartPalette.blue) {
        self.values = values
        self.slots = max(slots, values.count)
        self.currency = currency
        self.guide = guide
        self.limit = limit
        self.includesZero = includesZero
        self.marks = marks
        self.line = line
    }

    static let height = 440
    static let lineThickness = 5.0

    var plot: Plot {
        let levels = values + [guide, limit].compactMap { $0 }
        return Plot(scale: ValueScale(values: levels, includesZero: includesZero || guide != nil,
                                      minorPerMajor: currency.minorUnitsPerMajor),
                    currency: currency, height: Self.height)
    }

    /// The pixel column of a slot: the first at the plot's left edge, the last at its right.
    func x(_ slot: Int, _ plot: Plot) -> Double {
        guard slots > 1 else { return Double(plot.left + plot.right) / 2 }
        return Double(plot.left) + Double(plot.width) * Double(slot) / Double(slots - 1)
    }

    public func render() -> ChartImage? {
        guard values.contains(where: { $0 != 0 }) || (!includesZero && !values.isEmpty) else { return nil }
        let plot = self.plot
        var canvas = Canvas(width: ChartMetrics.width, height: Self.height, background: ChartPalette.background)
        plot.drawAxes(on: &canvas)
        let points = values.indices.map { (x: x($0, plot), y: plot.y(values[$0])) }
        canvas.fillArea(under: points, baseline: plot.y(plot.scale.low), line.colour.over(ChartPalette.background, amount: 0.18))
        if let guide {
            canvas.strokeLine(from: (x(0, plot), plot.y(0 as Int64)), to: (x(slots - 1, plot), plot.y(guide)), thickness: 3,
                              Self.guideColour.colour)
        }
        if let limit {
            canvas.dashedLine(y: plot.y(limit), from: Double(plot.left), to: Double(plot.right), thickness: 3, dash: 14, gap: 10,
                              Self.limitColour.colour)
        }
        canvas.strokePolyline(points, thickness: Self.lineThickness, line.colour)
        if let last = points.last { canvas.fillCircle(centre: last, radius: 7, line.colour) }
        for mark in marks where (0..<slots).contains(mark.slot) { plot.drawUnder(mark.day, x: x(mark.slot, plot), on: &canvas) }
        return canvas.image()
    }
}
