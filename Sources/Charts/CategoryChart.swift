/// The month's categories as horizontal bars, largest first, each with its share in percent
/// at its end; the caption's legend names the colours. The longest bar spans the width and
/// the others are in proportion to it (exact to 1/256 pixel); a bar has rounded ends.
public struct CategoryChart: Sendable {
    public struct Bar: Equatable, Sendable {
        public var amountMinor: Int64
        /// The share as the report's text says it, drawn at the bar's end.
        public var percent: Int
        public var colour: Colour

        public init(amountMinor: Int64, percent: Int, colour: Colour) {
            self.amountMinor = amountMinor
            self.percent = percent
            self.colour = colour
        }
    }

    /// Top to bottom. Bars of zero or less are left out.
    public var bars: [Bar]

    public init(bars: [Bar]) { self.bars = bars.filter { $0.amountMinor > 0 } }

    static let thickness = 32
    static let row = 56
    static let minimumHeight = 200
    /// Room at the right for `100%`.
    static let labelRoom = BitmapFont.width(of: "100%", scale: ChartMetrics.labelScale) + 16
    static let maxLength = ChartMetrics.width - 2 * ChartMetrics.padding - labelRoom

    /// The bars' boxes: left edge, top, length and thickness in pixels.
    struct Placed: Equatable {
        var x: Double, y: Double, length: Double, thickness: Double
    }

    var height: Int { max(Self.minimumHeight, 2 * ChartMetrics.padding + bars.count * Self.row - (Self.row - Self.thickness)) }

    func placed() -> [Placed] {
        let largest = Int128(bars.map(\.amountMinor).max() ?? 1)
        let used = bars.count * Self.row - (Self.row - Self.thickness)
        let first = (height - used) / 2
        return bars.enumerated().map { index, bar in
            let length = Int128(bar.amountMinor) * Int128(Self.maxLength) * 256 / largest
            return Placed(x: Double(ChartMetrics.padding), y: Double(first + index * Self.row), length: Double(length) / 256,
                          thickness: Double(Self.thickness))
        }
    }

    /// The PNG, or nil when there is nothing to show.
    public func render() -> ChartImage? {
        guard !bars.isEmpty else { return nil }
        var canvas = Canvas(width: ChartMetrics.width, height: height, background: ChartPalette.background)
        for (bar, box) in zip(bars, placed()) {
            canvas.fillRoundedRect(x: box.x, y: box.y, width: box.length, height: box.thickness, radius: box.thickness / 2,
                                   bar.colour)
            canvas.draw("\(bar.percent)%", x: Int((box.x + box.length).rounded(.up)) + 12,
                        y: Int(box.y) + (Self.thickness - ChartMetrics.labelHeight) / 2,
                        scale: ChartMetrics.labelScale, ChartPalette.label)
        }
        return canvas.image()
    }
}
