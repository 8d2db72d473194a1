import KopiykaCore

/// The frame of a chart with a value axis: where the plot area lies on the canvas, its
/// gridlines with their labels on the left (the highest one with the currency sign), and
/// the day or month numbers under it.
struct Plot {
    let scale: ValueScale
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int
    let symbol: String

    init(scale: ValueScale, currency: Currency, height: Int) {
        self.scale = scale
        symbol = currency.chartSymbol
        let widest = scale.ticks.enumerated().map { index, tick in
            BitmapFont.width(of: scale.label(tick, symbol: index == scale.ticks.count - 1 ? currency.chartSymbol : ""),
                             scale: ChartMetrics.labelScale)
        }.max() ?? 0
        left = ChartMetrics.padding + widest + 16
        right = ChartMetrics.width - ChartMetrics.padding
        top = ChartMetrics.padding + ChartMetrics.labelHeight / 2
        bottom = height - ChartMetrics.padding - ChartMetrics.labelHeight - 14
    }

    var width: Int { right - left }

    /// The pixel row of `value`: its distance up from the bottom, exact to 1/256 pixel.
    func y(_ value: Int128) -> Double { Double(bottom) - scale.offset(of: value, across: bottom - top) }

    func y(_ value: Int64) -> Double { y(Int128(value)) }

    /// Gridlines and their labels, the zero line darker.
    func drawAxes(on canvas: inout Canvas) {
        let ticks = scale.ticks
        for (index, tick) in ticks.enumerated() {
            let row = y(tick)
            canvas.fillRoundedRect(x: Double(left), y: row - 1, width: Double(width), height: 2, radius: 0,
                                   tick == 0 ? ChartPalette.axis : ChartPalette.grid)
            let text = scale.label(tick, symbol: index == ticks.count - 1 ? symbol : "")
            let textWidth = BitmapFont.width(of: text, scale: ChartMetrics.labelScale)
            canvas.draw(text, x: left - 16 - textWidth, y: Int(row.rounded()) - ChartMetrics.labelHeight / 2,
                        scale: ChartMetrics.labelScale, ChartPalette.label)
        }
    }

    /// `number` centred under `x`.
    func drawUnder(_ number: Int, x: Double, on canvas: inout Canvas) {
        let text = String(number)
        let textWidth = BitmapFont.width(of: text, scale: ChartMetrics.labelScale)
        let left = min(Int(x.rounded()) - textWidth / 2, ChartMetrics.width - 4 - textWidth)
        canvas.draw(text, x: left, y: bottom + 14, scale: ChartMetrics.labelScale, ChartPalette.label)
    }
}
